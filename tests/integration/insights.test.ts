import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  BEACONS_PER_MINUTE,
  bufferedCount,
  countBeacon,
  FLUSH_AT_ROWS,
  flushCounts,
  isBot,
  lagosDay,
} from '../../functions/insights/insights.service.ts';
import { dailyCounts } from '../../functions/insights/insights.repository.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Issue 27.1 (ADR 041): what a listing earns, counted per listing per day from beacons, in
 * batches, without bots, within a per-address limit, and nothing personal stored.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const beacon = (
  body: unknown,
  init: { ip?: string; ua?: string | null; headers?: HeadersInit } = {},
) => {
  const headers = new Headers(init.headers);
  if (init.ua !== null) headers.set('user-agent', init.ua ?? PHONE_UA);
  headers.set('content-type', 'text/plain;charset=UTF-8');
  return call('/api/beacon', {
    method: 'POST',
    body: JSON.stringify(body),
    headers,
    ip: init.ip ?? nextIp(),
  });
};

const today = () => lagosDay(new Date());
const countsOf = async (listingId: string) => {
  await flushCounts(handle.db);
  return dailyCounts(handle.db, listingId, '2000-01-01', '2100-01-01');
};

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
});
afterAll(() => handle?.close());

describe('beacons (issue 27.1)', () => {
  it('counts each event of an approved listing on its day in Lagos', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    for (const event of ['page_view', 'page_view', 'call_tap', 'whatsapp_tap', 'directions_tap']) {
      const response = await beacon({ listing: id, event });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
    }
    const [row, ...rest] = await countsOf(id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      day: today(),
      page_views: 2,
      call_taps: 1,
      whatsapp_taps: 1,
      directions_taps: 1,
      website_taps: 0,
      contact_reveals: 0,
    });
  });

  it('stores no address, user agent or account: the row is a listing, a day and counts', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    await beacon({ listing: id, event: 'website_tap' }, { ip: '203.0.113.99' });
    await flushCounts(handle.db);
    const { rows } = await sql<Record<string, unknown>>`
      select * from listing_stats_daily where listing_id = ${id}`.execute(handle.db);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'call_taps',
        'contact_reveals',
        'day',
        'detail_opens',
        'directions_taps',
        'find_it_forwards',
        'listing_id',
        'page_views',
        'photo_views',
        'quotes_accepted',
        'quotes_sent',
        'reviews',
        'website_taps',
        'whatsapp_taps',
      ].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain('203.0.113.99');
  });

  it('never writes a row for an unknown or unapproved listing', async () => {
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await beacon({ listing: pending.id, event: 'page_view' })).status).toBe(204);
    expect((await beacon({ listing: unknown, event: 'page_view' })).status).toBe(204);
    expect(await countsOf(pending.id)).toEqual([]);
    expect(await countsOf(unknown)).toEqual([]);
  });

  it('refuses a malformed beacon with the envelope, a large one with 413', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    const bad = await beacon({ listing: id, event: 'find_it_forward' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect((await beacon({ listing: 'x', event: 'page_view' })).status).toBe(422);
    const large = await beacon({ listing: id, event: 'page_view', pad: 'x'.repeat(600) });
    expect(large.status).toBe(413);
    expect(await countsOf(id)).toEqual([]);
  });

  it('drops bots, link previews and prefetches without an error', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    const agents = [
      null,
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
      'curl/8.5.0 and some more text',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36 Chrome-Lighthouse',
    ];
    for (const ua of agents)
      expect((await beacon({ listing: id, event: 'page_view' }, { ua })).status).toBe(204);
    await beacon({ listing: id, event: 'page_view' }, { headers: { 'sec-purpose': 'prefetch' } });
    expect(await countsOf(id)).toEqual([]);
    expect(isBot(PHONE_UA)).toBe(false);
  });

  it(`limits one address to ${BEACONS_PER_MINUTE} a minute (429), others unaffected`, async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    // One fixed minute, so the test never straddles two windows.
    const now = new Date(Date.UTC(2026, 5, 1, 10, 0, 30));
    const from = (address: string) => ({ address, userAgent: PHONE_UA, purpose: null, now });
    const ip = nextIp();
    for (let i = 0; i < BEACONS_PER_MINUTE; i++)
      expect(await countBeacon(handle.db, { listing: id, event: 'page_view' }, from(ip))).toBe(
        true,
      );
    await expect(
      countBeacon(handle.db, { listing: id, event: 'page_view' }, from(ip)),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // An IPv6 caller's /64 is one address.
    const v6 = (n: number) => from(`2001:db8:1:2::${n}`);
    for (let i = 0; i < BEACONS_PER_MINUTE; i++)
      await countBeacon(handle.db, { listing: id, event: 'page_view' }, v6(i));
    await expect(
      countBeacon(handle.db, { listing: id, event: 'page_view' }, v6(999)),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await countBeacon(handle.db, { listing: id, event: 'page_view' }, from(nextIp()))).toBe(
      true,
    );
    const [row] = await countsOf(id);
    expect(row).toMatchObject({ day: '2026-06-01', page_views: 2 * BEACONS_PER_MINUTE + 1 });
  });

  it('batches: a burst on one listing is one row written once, the buffer flushes itself when full', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    await flushCounts(handle.db);
    const client = (n: number) => ({
      address: `10.9.${n >> 8}.${n & 255}`,
      userAgent: PHONE_UA,
      purpose: null,
    });
    for (let i = 0; i < 2_000; i++)
      await countBeacon(handle.db, { listing: id, event: 'detail_open' }, client(i));
    // Nothing written yet: one listing-day waits in the buffer.
    expect(bufferedCount(handle.db)).toBe(1);
    expect(await flushCounts(handle.db)).toBe(1);
    const [row] = await dailyCounts(handle.db, id, today(), today());
    expect(row!.detail_opens).toBe(2_000);

    // FLUSH_AT_ROWS listing-days fill the buffer: the beacon that fills it writes it.
    const many = await Promise.all(
      Array.from({ length: 20 }, () => insertBusiness(handle.db, { status: 'approved' })),
    );
    const days = Math.ceil(FLUSH_AT_ROWS / many.length);
    let n = 0;
    for (let d = 0; d < days; d++)
      for (const listing of many)
        await countBeacon(
          handle.db,
          { listing: listing.id, event: 'page_view' },
          {
            ...client(n++),
            now: new Date(Date.UTC(2026, 0, 1 + d, 12)),
          },
        );
    expect(bufferedCount(handle.db)).toBe(0);
    const written = await dailyCounts(handle.db, many[0]!.id, '2026-01-01', '2026-12-31');
    expect(written).toHaveLength(days);
  });

  it('counts a Find It request forwarded to a listing (server side, at once)', async () => {
    process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
    await signInAdmin(handle.db, call, {
      email: 'insights-admin@example.com',
      password: 'insights-pass-1',
    });
    const listing = await insertBusiness(handle.db, {
      status: 'approved',
      email: 'forward-me@example.ng',
      business_categories: ['Tyre Services'],
    });
    const request = await handle.db
      .insertInto('service_requests')
      .values({
        customer_name: 'Tunde Bakare',
        customer_email: 'tunde@example.ng',
        customer_phone: '+234 802 000 1234',
        customer_location: 'Yaba',
        services_requested: ['Tyre Services'],
        additional_info: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const forward = await call(`/api/admin/service-requests/${request.id}/forward`, {
      method: 'POST',
      json: { ids: [listing.id] },
      as: 'admin',
    });
    expect(forward.status).toBe(200);
    expect(forward.body.sent).toBe(1);
    expect(bufferedCount(handle.db)).toBe(0);
    const [row] = await dailyCounts(handle.db, listing.id, today(), today());
    expect(row!.find_it_forwards).toBe(1);
  });

  it('counts a signed-in visitor revealing the contact details (buffered, server side)', async () => {
    const listing = await insertBusiness(handle.db, {
      status: 'approved',
      contact_visibility: 'registered_users_only',
    });
    const json = { email: 'reveal-reader@example.com', password: 'reveal-pass-1' };
    expect((await call('/api/auth/sign-up', { method: 'POST', json, as: 'reader' })).status).toBe(
      201,
    );
    await api.verify(json.email);
    await call('/api/auth/sign-in', { method: 'POST', json, as: 'reader' });
    const reveal = await call(`/api/listings/${listing.id}/contact`, { as: 'reader' });
    expect(reveal.status).toBe(200);
    expect(bufferedCount(handle.db)).toBeGreaterThan(0);
    const [row] = await countsOf(listing.id);
    expect(row!.contact_reveals).toBe(1);
  });

  it('counts the day in Lagos (UTC+1): 23:30 UTC is the next day', () => {
    expect(lagosDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(lagosDay(new Date('2026-11-30T22:59:00Z'))).toBe('2026-11-30');
  });
});

describe("the owner's Insights (issue 27.2)", () => {
  /** Signs up and in as `as`; returns the account's id. */
  const account = async (as: string) => {
    const json = { email: `${as}@insights.example.com`, password: `${as}-pass-1` };
    expect((await call('/api/auth/sign-up', { method: 'POST', json, as })).status).toBe(201);
    const session = await call('/api/auth/session', { as });
    return session.body.user.id as string;
  };
  const day = (offset: number) => lagosDay(new Date(Date.now() + offset * 86_400_000));

  it('shows the owner the period against the one before, every day, and a CSV; nobody else', async () => {
    const ownerId = await account('owner-a');
    await account('owner-b');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: ownerId });
    // Today and 3 days ago in the last 7 days; 10 days ago in the 7 before.
    const client = (n: number, offset: number) => ({
      address: `10.77.0.${n}`,
      userAgent: PHONE_UA,
      purpose: null,
      now: new Date(Date.now() + offset * 86_400_000),
    });
    for (const [n, offset, event] of [
      [1, 0, 'page_view'],
      [2, 0, 'page_view'],
      [3, 0, 'call_tap'],
      [4, -3, 'page_view'],
      [5, -10, 'page_view'],
      [6, -10, 'whatsapp_tap'],
    ] as const)
      await countBeacon(handle.db, { listing: listing.id, event }, client(n, offset));

    const url = `/api/account/listings/${listing.id}/insights?period=7`;
    const mine = await call(url, { as: 'owner-a' });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ period: 7, from: day(-6), to: day(0) });
    expect(mine.body.current).toMatchObject({ page_views: 3, call_taps: 1, whatsapp_taps: 0 });
    expect(mine.body.previous).toMatchObject({ page_views: 1, whatsapp_taps: 1, call_taps: 0 });
    expect(mine.body.daily.map((d: { day: string }) => d.day)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map(day),
    );
    expect(mine.body.daily.at(-1)).toMatchObject({ page_views: 2, call_taps: 1 });
    expect(mine.body.daily.at(-4)).toMatchObject({ page_views: 1 });

    const csv = await call(`/api/account/listings/${listing.id}/insights.csv?period=7`, {
      as: 'owner-a',
    });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Day,Page views,Details opened,Contact details shown,Calls,WhatsApp messages,Direction requests,Website visits,Find It requests,Photo views,Reviews,Quotes sent,Quotes accepted',
    );
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe(`${day(0)},2,0,0,1,0,0,0,0,0,0,0,0`);

    expect((await call(url, { as: 'owner-b' })).status).toBe(403);
    expect((await call(url)).status).toBe(401);
    expect(
      (await call(`/api/account/listings/${listing.id}/insights.csv`, { as: 'owner-b' })).status,
    ).toBe(403);
    expect(
      (
        await call('/api/account/listings/00000000-0000-4000-8000-000000000000/insights', {
          as: 'owner-a',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/api/account/listings/${listing.id}/insights?period=14`, { as: 'owner-a' }))
        .status,
    ).toBe(422);
  });
});
