import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchQuery, SEARCH_QUERY_MAX } from '../../common/schemas/insights.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  BEACONS_PER_MINUTE,
  bufferedSearches,
  countBeacon,
  countSearch,
  flushCounts,
  lagosDay,
} from '../../functions/insights/insights.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Issue 27.2 and 27.5 (ADR 044): the searches a visitor was shown, counted without anything
 * personal, in batches, within the beacons' per-address limit; the owner's top searches; the
 * admin's insights (admin only).
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
let ipCounter = 0;
const nextIp = () => `198.51.101.${++ipCounter}`;

const searchBeacon = (body: unknown, ip = nextIp(), ua: string | null = PHONE_UA) =>
  call('/api/beacon/search', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      ...(ua === null ? {} : { 'user-agent': ua }),
    },
    ip,
  });

const searchRows = async () => {
  await flushCounts(handle.db);
  const { rows } = await sql<{
    query: string;
    area: string;
    category: string;
    searches: number;
    results: number;
  }>`select query, area, category, searches, results from search_stats_daily order by query, area, category`.execute(
    handle.db,
  );
  return rows;
};

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await signInAdmin(handle.db, call, {
    email: 'admin@insights-search.example.com',
    password: 'admin-pass-1',
  });
});
afterAll(() => handle?.close());

describe('normalizeSearchQuery (ADR 044)', () => {
  it('lower-cases, joins spaces, keeps words; drops phone numbers, e-mails and blanks', () => {
    expect(normalizeSearchQuery('  Panel   BEATING\tIkeja ')).toBe('panel beating ikeja');
    expect(normalizeSearchQuery('toyota 2015 camry')).toBe('toyota 2015 camry');
    expect(normalizeSearchQuery('0803 123 4567')).toBeNull();
    expect(normalizeSearchQuery('call +234-803-123-4567 mechanic')).toBeNull();
    expect(normalizeSearchQuery('(0803) 1234567')).toBeNull();
    expect(normalizeSearchQuery('tunde@example.com')).toBeNull();
    expect(normalizeSearchQuery('   ')).toBeNull();
    const long = normalizeSearchQuery('spare parts '.repeat(20))!;
    expect(long.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX);
    expect(long.endsWith(' ')).toBe(false);
    expect(long.startsWith('spare parts spare parts')).toBe(true);
  });
});

describe('search beacons (issue 27.2)', () => {
  it('counts searches per day, query, area and category, and the listings of the first page', async () => {
    const a = await insertBusiness(handle.db, { status: 'approved' });
    const b = await insertBusiness(handle.db, { status: 'approved' });
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    for (const q of ['Tyre  Shop', 'tyre shop', 'TYRE SHOP'])
      expect(
        (await searchBeacon({ q, area: 'ikeja', total: 2, listings: [a.id, b.id, pending.id] }))
          .status,
      ).toBe(204);
    expect(
      (await searchBeacon({ q: 'tyre shop', type: 'Mechanic', total: 1, listings: [a.id] })).status,
    ).toBe(204);
    expect(bufferedSearches(handle.db)).toBeGreaterThan(0);
    const rows = (await searchRows()).filter((r) => r.query === 'tyre shop');
    expect(rows).toEqual([
      { query: 'tyre shop', area: '', category: 'mechanic', searches: 1, results: 1 },
      { query: 'tyre shop', area: 'Ikeja', category: '', searches: 3, results: 2 },
    ]);
    const { rows: shown } = await sql<{ listing_id: string; impressions: number }>`
      select listing_id, impressions from listing_search_daily where query = 'tyre shop'
      order by impressions desc`.execute(handle.db);
    expect(shown).toEqual([
      { listing_id: a.id, impressions: 4 },
      { listing_id: b.id, impressions: 3 },
    ]);
  });

  it('stores nothing personal: no phone number, e-mail, address or user agent', async () => {
    const ip = '203.0.113.77';
    for (const q of ['08031234567', 'ada@example.com', 'mechanic 0803 123 4567'])
      expect((await searchBeacon({ q, total: 0, listings: [] }, ip)).status).toBe(204);
    await searchBeacon({ q: 'gearbox specialist', total: 0, listings: [] }, ip);
    const all = JSON.stringify(await searchRows());
    expect(all).toContain('gearbox specialist');
    for (const personal of ['0803', '4567', 'ada@', ip, 'TECNO'])
      expect(all).not.toContain(personal);
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name in ('search_stats_daily', 'listing_search_daily')
      order by column_name`.execute(handle.db);
    expect([...new Set(rows.map((r) => r.column_name))].sort()).toEqual(
      [
        'area',
        'category',
        'day',
        'impressions',
        'listing_id',
        'query',
        'results',
        'searches',
      ].sort(),
    );
  });

  it('drops bots; refuses malformed beacons, too many listings and unknown areas', async () => {
    const before = (await searchRows()).length;
    await searchBeacon(
      { q: 'bot search', total: 0, listings: [] },
      nextIp(),
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    );
    await searchBeacon({ q: 'no agent search', total: 0, listings: [] }, nextIp(), null);
    expect((await searchRows()).length).toBe(before);
    const ids = Array.from({ length: 25 }, () => crypto.randomUUID());
    expect((await searchBeacon({ q: 'x', total: 25, listings: ids })).status).toBe(422);
    expect((await searchBeacon({ q: 'x', total: 0, listings: [], area: 'atlantis' })).status).toBe(
      422,
    );
    expect((await searchBeacon({ q: 'x', total: -1, listings: [] })).status).toBe(422);
    expect((await searchBeacon({ q: 'x'.repeat(201), total: 0, listings: [] })).status).toBe(422);
    const large = { q: 'x', total: 0, listings: [], pad: 'x'.repeat(2_100) };
    expect((await searchBeacon(large)).status).toBe(413);
  });

  it('shares the per-address limit with the listing beacons', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    const now = new Date(Date.UTC(2026, 6, 1, 10, 0, 30));
    const client = { address: '192.0.2.200', userAgent: PHONE_UA, purpose: null, now };
    for (let i = 0; i < BEACONS_PER_MINUTE / 2; i++)
      await countBeacon(handle.db, { listing: id, event: 'page_view' }, client);
    for (let i = 0; i < BEACONS_PER_MINUTE / 2; i++)
      expect(await countSearch(handle.db, { q: 'clutch', total: 1, listings: [id] }, client)).toBe(
        true,
      );
    await expect(
      countSearch(handle.db, { q: 'clutch', total: 1, listings: [id] }, client),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(
      countBeacon(handle.db, { listing: id, event: 'page_view' }, client),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await flushCounts(handle.db);
  });

  it('batches: 200 searches of one query are one row written', async () => {
    await flushCounts(handle.db);
    const now = new Date();
    for (let i = 0; i < 200; i++)
      await countSearch(
        handle.db,
        { q: 'batch query', total: 5, listings: [] },
        {
          address: `10.88.${Math.floor(i / 50)}.${i % 50}`,
          userAgent: PHONE_UA,
          purpose: null,
          now,
        },
      );
    expect(bufferedSearches(handle.db)).toBe(1);
    expect(await flushCounts(handle.db)).toBe(1);
    expect((await searchRows()).find((r) => r.query === 'batch query')).toMatchObject({
      searches: 200,
    });
  });
});

describe("the owner's top searches (issue 27.2)", () => {
  const account = async (as: string) => {
    const json = { email: `${as}@insights-search.example.com`, password: `${as}-pass-1` };
    expect((await call('/api/auth/sign-up', { method: 'POST', json, as })).status).toBe(201);
    return (await call('/api/auth/session', { as })).body.user.id as string;
  };

  it('lists the 10 queries that showed the listing most in the period, to its owner only', async () => {
    const ownerId = await account('search-owner');
    await account('other-owner');
    const mine = await insertBusiness(handle.db, { status: 'approved', owner_user_id: ownerId });
    const client = (n: number, offset = 0) => ({
      address: `10.99.${n}.1`,
      userAgent: PHONE_UA,
      purpose: null,
      now: new Date(Date.now() + offset * 86_400_000),
    });
    let n = 0;
    for (let q = 1; q <= 12; q++)
      for (let i = 0; i < q; i++)
        await countSearch(
          handle.db,
          { q: `query ${q}`, total: 3, listings: [mine.id] },
          client(++n),
        );
    // 20 days ago: outside the last 7 days.
    for (let i = 0; i < 30; i++)
      await countSearch(
        handle.db,
        { q: 'old query', total: 3, listings: [mine.id] },
        client(++n, -20),
      );

    const url = `/api/account/listings/${mine.id}/insights?period=7`;
    const response = await call(url, { as: 'search-owner' });
    expect(response.status).toBe(200);
    expect(response.body.searches).toHaveLength(10);
    expect(response.body.searches[0]).toEqual({ query: 'query 12', impressions: 12 });
    expect(response.body.searches.at(-1)).toEqual({ query: 'query 3', impressions: 3 });
    const month = await call(`/api/account/listings/${mine.id}/insights?period=30`, {
      as: 'search-owner',
    });
    expect(month.body.searches[0]).toEqual({ query: 'old query', impressions: 30 });
    expect((await call(url, { as: 'other-owner' })).status).toBe(403);
    expect((await call(url)).status).toBe(401);
  });
});

describe("the admin's insights (issue 27.5)", () => {
  const routes = [
    '/api/admin/insights',
    '/api/admin/insights/listings',
    '/api/admin/insights/areas',
    '/api/admin/insights/searches',
  ];

  it('answers the admin only: 401 signed out, 403 a signed-in user', async () => {
    const json = { email: 'plain@insights-search.example.com', password: 'plain-pass-1' };
    expect((await call('/api/auth/sign-up', { method: 'POST', json, as: 'plain' })).status).toBe(
      201,
    );
    for (const route of routes) {
      expect((await call(route)).status, route).toBe(401);
      expect((await call(route, { as: 'plain' })).status, route).toBe(403);
      expect((await call(route, { as: 'admin' })).status, route).toBe(200);
    }
  });

  it('shows each of the last 30 days with visits, searches, reveals and forms', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved', area: 'Yaba' });
    const client = { address: '10.55.0.1', userAgent: PHONE_UA, purpose: null };
    await countBeacon(handle.db, { listing: id, event: 'page_view' }, client);
    await countBeacon(handle.db, { listing: id, event: 'contact_reveal' }, client);
    const before = await call('/api/admin/insights', { as: 'admin' });
    expect(before.status).toBe(200);
    expect(before.body.daily).toHaveLength(30);
    expect(before.body.to).toBe(lagosDay(new Date()));
    const today = before.body.daily.at(-1);
    expect(today.visits).toBeGreaterThanOrEqual(1);
    expect(today.contactReveals).toBeGreaterThanOrEqual(1);
    expect(today.searches).toBeGreaterThanOrEqual(200);
    expect(before.body.totals.visits).toBe(
      before.body.daily.reduce((sum: number, d: { visits: number }) => sum + d.visits, 0),
    );
    const contact = {
      name: 'Ada Obi',
      email: 'ada@example.com',
      subject: 'Question',
      message: 'A question about listings on the site.',
    };
    const sent = await call('/api/contacts', { method: 'POST', json: contact, ip: nextIp() });
    expect(sent.status).toBe(201);
    const after = await call('/api/admin/insights', { as: 'admin' });
    expect(after.body.daily.at(-1).contacts).toBe(today.contacts + 1);
  });

  it('pages the top listings and areas, most visited first', async () => {
    const top = await insertBusiness(handle.db, { status: 'approved', area: 'Lekki' });
    for (let i = 0; i < 40; i++)
      await countBeacon(
        handle.db,
        { listing: top.id, event: 'page_view' },
        { address: `10.66.${i}.1`, userAgent: PHONE_UA, purpose: null },
      );
    const first = await call('/api/admin/insights/listings?limit=1', { as: 'admin' });
    expect(first.body).toMatchObject({ page: 1, limit: 1 });
    expect(first.body.total).toBeGreaterThan(1);
    expect(first.body.listings).toEqual([
      expect.objectContaining({ id: top.id, visits: 40, area: 'Lekki' }),
    ]);
    const second = await call('/api/admin/insights/listings?limit=1&page=2', { as: 'admin' });
    expect(second.body.listings).toHaveLength(1);
    expect(second.body.listings[0].id).not.toBe(top.id);
    const past = await call('/api/admin/insights/listings?limit=1&page=999', { as: 'admin' });
    expect(past.body).toMatchObject({ listings: [], total: first.body.total });
    const areas = await call('/api/admin/insights/areas?limit=1', { as: 'admin' });
    expect(areas.body.areas).toEqual([{ area: 'Lekki', visits: 40, listings: 1 }]);
    expect(areas.body.total).toBeGreaterThan(1);
    expect((await call('/api/admin/insights/areas?limit=101', { as: 'admin' })).status).toBe(422);
  });

  it('lists searches with no or few results over 30 days, most searched first, paged', async () => {
    const client = (n: number, offset = 0) => ({
      address: `10.44.${n}.1`,
      userAgent: PHONE_UA,
      purpose: null,
      now: new Date(Date.now() + offset * 86_400_000),
    });
    for (let i = 0; i < 3; i++)
      await countSearch(
        handle.db,
        { q: 'Hydrogen cars', area: 'Lekki', total: 0, listings: [] },
        client(i),
      );
    await countSearch(handle.db, { q: 'hydrogen cars', total: 2, listings: [] }, client(5));
    await countSearch(handle.db, { q: 'popular thing', total: 40, listings: [] }, client(6));
    // Few results 40 days ago: outside the period.
    await countSearch(handle.db, { q: 'ancient query', total: 0, listings: [] }, client(7, -40));
    // Empty yesterday, 9 results today: no longer few.
    await countSearch(handle.db, { q: 'fixed now', total: 0, listings: [] }, client(8, -1));
    await countSearch(handle.db, { q: 'fixed now', total: 9, listings: [] }, client(9));

    const response = await call('/api/admin/insights/searches?limit=100', { as: 'admin' });
    expect(response.status).toBe(200);
    const queries = response.body.searches.map((s: { query: string }) => s.query);
    expect(queries).not.toContain('popular thing');
    expect(queries).not.toContain('ancient query');
    expect(queries).not.toContain('fixed now');
    expect(response.body.searches).toEqual(
      expect.arrayContaining([
        { query: 'hydrogen cars', area: 'Lekki', category: '', searches: 3, results: 0 },
        { query: 'hydrogen cars', area: '', category: '', searches: 1, results: 2 },
      ]),
    );
    const counts = response.body.searches.map((s: { searches: number }) => s.searches);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
    const paged = await call('/api/admin/insights/searches?limit=1&page=2', { as: 'admin' });
    expect(paged.body).toMatchObject({ page: 2, limit: 1, total: response.body.total });
    expect(paged.body.searches).toEqual([response.body.searches[1]]);
  });
});
