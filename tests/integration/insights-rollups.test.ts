import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { rollPeriod } from '../../functions/insights/insights.repository.ts';
import {
  adminPeriod,
  rollAdminPeriod,
  siteInsights,
  topAreas,
  topListings,
} from '../../functions/insights/admin-insights.service.ts';
import {
  countBeacon,
  countContactReveal,
  countServerEvent,
  flushCounts,
} from '../../functions/insights/insights.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * Issue 27.6, ADR 049: the admin's Insights read roll-ups (site_stats_daily, listing_period_stats,
 * area_period_stats) kept by the counters' triggers and a roll of the period. Each check compares
 * what the admin's service answers and what the roll-up tables hold with the same figures summed
 * from listing_stats_daily as the screens did before (the reference below): after batches of
 * beacons, as days leave the period (time passed as a parameter), after a listing is deleted or
 * changes area, and when the roll runs twice.
 */

let handle: DatabaseHandle;
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DAY = 86_400_000;
/** The tests' "now": real time (the screens read from today in Lagos), moved by days. */
const T0 = Date.now();
const at = (days: number) => new Date(T0 + days * DAY);
let address = 0;

/** `count` beacons of `event` on `listing`, on the day `days` from T0, each from its own address. */
async function beacons(listing: string, days: number, count: number, event = 'page_view') {
  for (let i = 0; i < count; i++) {
    address += 1;
    await countBeacon(
      handle.db,
      { listing, event: event as 'page_view' },
      {
        address: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        userAgent: PHONE_UA,
        purpose: null,
        now: at(days),
      },
    );
  }
}

const TAPS = sql`call_taps + whatsapp_taps + directions_taps + website_taps`;

/** The period's figures per listing, summed from listing_stats_daily (the pre-049 screens). */
async function referenceListings(from: string, to: string) {
  const { rows } = await sql<{
    id: string;
    days: string;
    visits: string;
    reveals: string;
    taps: string;
  }>`
    select listing_id as id, count(*) as days, sum(page_views) as visits,
      sum(contact_reveals) as reveals, sum(${TAPS}) as taps
    from listing_stats_daily where day between ${from}::date and ${to}::date
    group by listing_id
    order by visits desc, taps desc, listing_id`.execute(handle.db);
  return rows.map((r) => ({
    id: r.id,
    days: Number(r.days),
    visits: Number(r.visits),
    reveals: Number(r.reveals),
    taps: Number(r.taps),
  }));
}

/** Visits and visited listings per area over the days (the pre-049 query). */
async function referenceAreas(from: string, to: string) {
  const { rows } = await sql<{ area: string; visits: string; listings: string }>`
    select r.area, sum(p.visits) as visits, count(*) as listings
    from (
      select listing_id, sum(page_views) as visits from listing_stats_daily
      where day between ${from}::date and ${to}::date group by listing_id
    ) p
    join business_registrations r on r.id = p.listing_id
    where r.area is not null
    group by r.area
    order by visits desc, r.area`.execute(handle.db);
  return rows.map((r) => ({
    area: r.area,
    visits: Number(r.visits),
    listings: Number(r.listings),
  }));
}

/** Every day's site-wide page views and reveals, summed from listing_stats_daily. */
async function referenceDays() {
  const { rows } = await sql<{ day: string; visits: string; reveals: string }>`
    select day::text as day, sum(page_views) as visits, sum(contact_reveals) as reveals
    from listing_stats_daily group by day order by day`.execute(handle.db);
  return rows.map((r) => ({ day: r.day, visits: Number(r.visits), reveals: Number(r.reveals) }));
}

/** The roll-up tables as they are (sorted), for exact comparisons. */
async function rollupTables() {
  const listings = await sql<{ id: string; days: number; visits: string }>`
    select listing_id as id, days, visits, reveals, taps, area from listing_period_stats
    order by listing_id`.execute(handle.db);
  const areas = await sql`select * from area_period_stats order by area`.execute(handle.db);
  const days = await sql`select * from site_stats_daily order by day`.execute(handle.db);
  return { listings: listings.rows, areas: areas.rows, days: days.rows };
}

/**
 * The admin's three screens at `now` answer what the reference sums of listing_stats_daily
 * give, in the same order, and the roll-up tables hold exactly the period's listings.
 */
async function expectExact(now: Date) {
  const { from, to } = adminPeriod(now);
  await flushCounts(handle.db);
  const listings = await referenceListings(from, to);
  const shown = await topListings(handle.db, { page: 1, limit: 100 }, now);
  expect(shown.total).toBe(listings.length);
  expect(
    shown.listings.map(({ id, visits, contactReveals, taps }) => ({
      id,
      visits,
      reveals: contactReveals,
      taps,
    })),
  ).toEqual(listings.map(({ id, visits, reveals, taps }) => ({ id, visits, reveals, taps })));
  const { rows: period } = await sql<{ id: string; days: number }>`
    select listing_id as id, days from listing_period_stats order by listing_id`.execute(handle.db);
  expect(period).toEqual(
    listings.map(({ id, days }) => ({ id, days })).sort((a, b) => (a.id < b.id ? -1 : 1)),
  );

  const areas = await referenceAreas(from, to);
  const shownAreas = await topAreas(handle.db, { page: 1, limit: 100 }, now);
  expect(shownAreas.areas).toEqual(areas);
  expect(shownAreas.total).toBe(areas.length);

  const days = new Map((await referenceDays()).map((d) => [d.day, d]));
  const site = await siteInsights(handle.db, now);
  for (const day of site.daily) {
    expect({ visits: day.visits, reveals: day.contactReveals }, day.day).toEqual({
      visits: days.get(day.day)?.visits ?? 0,
      reveals: days.get(day.day)?.reveals ?? 0,
    });
  }
  const { rows: stored } = await sql<{ day: string; visits: string; reveals: string }>`
    select day::text as day, page_views as visits, contact_reveals as reveals
    from site_stats_daily where page_views <> 0 or contact_reveals <> 0 order by day`.execute(
    handle.db,
  );
  expect(
    stored.map((r) => ({ day: r.day, visits: Number(r.visits), reveals: Number(r.reveals) })),
  ).toEqual([...days.values()].filter((d) => d.visits !== 0 || d.reveals !== 0));
  return { listings, areas };
}

let ikeja: string;
let yaba: string;
let yaba2: string;
let noArea: string;
let gone: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  ikeja = (await insertBusiness(handle.db, { status: 'approved', area: 'Ikeja' })).id;
  yaba = (await insertBusiness(handle.db, { status: 'approved', area: 'Yaba' })).id;
  yaba2 = (await insertBusiness(handle.db, { status: 'approved', area: 'Yaba' })).id;
  noArea = (await insertBusiness(handle.db, { status: 'approved', area: null })).id;
  gone = (await insertBusiness(handle.db, { status: 'approved', area: 'Ikeja' })).id;
  // 45 days before T0 up to T0, in two batches per day for some listings (the second adds to
  // rows the first wrote: the triggers' update path).
  for (let days = -45; days <= 0; days += 3) {
    await beacons(ikeja, days, 2);
    await beacons(yaba, days, 1, 'call_tap');
    await flushCounts(handle.db);
    await beacons(ikeja, days, 1, 'whatsapp_tap');
    await beacons(yaba, days, days % 2 === 0 ? 3 : 1);
    if (days > -20) await beacons(noArea, days, 2);
    if (days > -35) await beacons(gone, days, 1);
    countContactReveal(handle.db, ikeja, at(days));
    await flushCounts(handle.db);
  }
  await beacons(yaba2, -40, 5);
  await countServerEvent(handle.db, [yaba2], 'find_it_forward', at(-2));
});
afterAll(() => handle?.close());

describe('the admin insights roll-ups (issue 27.6, ADR 049)', () => {
  it('equal the per-day counts after batches of beacons', async () => {
    const { listings, areas } = await expectExact(at(0));
    expect(listings.map((l) => l.id)).toEqual(expect.arrayContaining([ikeja, yaba, noArea, gone]));
    expect(areas.map((a) => a.area)).toEqual(expect.arrayContaining(['Ikeja', 'Yaba']));
    // More beacons after the roll-ups exist: added by the flush's triggers.
    await beacons(yaba2, 0, 4);
    await beacons(noArea, 0, 1, 'call_tap');
    await expectExact(at(0));
  });

  it('roll a day out of the period, idempotently (run twice = once)', async () => {
    await expectExact(at(0));
    const before = await rollupTables();
    expect(await rollAdminPeriod(handle.db, at(0))).toBe('current');
    expect(await rollupTables()).toEqual(before);

    const { from } = adminPeriod(at(1));
    expect(await rollPeriod(handle.db, from)).toBe('rolled');
    const once = await rollupTables();
    expect(await rollPeriod(handle.db, from)).toBe('current');
    expect(await rollupTables()).toEqual(once);
    await expectExact(at(1));
    // Three days at once, then a gap longer than a week (rebuilt), then back (rebuilt).
    await expectExact(at(4));
    await expectExact(at(20));
    await expectExact(at(0));
  });

  it('a count of a day before the period reaches the site-wide days only', async () => {
    await expectExact(at(0));
    await beacons(ikeja, -31, 7);
    await beacons(ikeja, -29, 1);
    await flushCounts(handle.db);
    await expectExact(at(0));
  });

  it('follow a listing that changes area, and one that is deleted', async () => {
    await expectExact(at(0));
    await handle.db
      .updateTable('business_registrations')
      .set({ area: 'Ikeja' })
      .where('id', '=', yaba)
      .execute();
    await expectExact(at(0));
    await handle.db
      .updateTable('business_registrations')
      .set({ area: null })
      .where('id', '=', ikeja)
      .execute();
    await handle.db
      .updateTable('business_registrations')
      .set({ area: 'Surulere' })
      .where('id', '=', noArea)
      .execute();
    await expectExact(at(0));
    await handle.db.deleteFrom('business_registrations').where('id', '=', gone).execute();
    const { listings } = await expectExact(at(0));
    expect(listings.map((l) => l.id)).not.toContain(gone);
    expect((await topAreas(handle.db, { page: 1, limit: 100 }, at(0))).areas).toContainEqual(
      expect.objectContaining({ area: 'Surulere' }),
    );
  });

  it('page the top listings as before: the same order, total and pages past the end', async () => {
    const all = await topListings(handle.db, { page: 1, limit: 100 }, at(0));
    const pages = [];
    for (let page = 1; page <= all.total; page++)
      pages.push(...(await topListings(handle.db, { page, limit: 1 }, at(0))).listings);
    expect(pages).toEqual(all.listings);
    const past = await topListings(handle.db, { page: 99, limit: 1 }, at(0));
    expect(past).toMatchObject({ listings: [], total: all.total });
    const pastAreas = await topAreas(handle.db, { page: 99, limit: 1 }, at(0));
    expect(pastAreas.areas).toEqual([]);
    expect(pastAreas.total).toBe((await topAreas(handle.db, { page: 1, limit: 100 }, at(0))).total);
  });
});
