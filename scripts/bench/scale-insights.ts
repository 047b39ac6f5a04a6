/**
 * The insights part of `npm run bench:scale` (issue 27.6, ADR 041, ADR 045), called from
 * scale.ts: {@link seedInsights} while the bench still holds the database (before `npm start`),
 * {@link measureBeacons} once the server is up. It reports; it asserts nothing.
 *
 * - Seed: counters for every approved listing over {@link DAYS} days, set-based (one
 *   `insert … select` per 50 days): a listing has events on a day with a probability that
 *   depends on how popular it is (0 to 40 %, ~13 % on average), and more events when popular.
 * - Size: table and index bytes, per listing-day (per row) and in total.
 * - Roll-ups (ADR 049): the seed's inserts fill `site_stats_daily` through the counters'
 *   triggers, as a flush does; the admin period's `listing_period_stats` and `area_period_stats`
 *   are built by the production roll (`rollPeriod`), timed as its first build and as the daily
 *   roll of one day out of the period; their sizes are printed.
 * - Queries (< 100 ms is the target): the owner's Insights reads (one listing, 180 days: the
 *   90-day period and the one before; the searches that showed a listing most over 90 days, on
 *   listings with {@link OWNER_QUERIES_PER_DAY} queries a day; the repository's own queries) and
 *   the admin's four screens through the service.
 * - Beacons over HTTP: autocannon, 10 connections, 10,000 beacons on random approved listings,
 *   each from its own address (X-Forwarded-For through TRUSTED_PROXIES=127.0.0.1, so the
 *   60-a-minute limit per address does not refuse them): req/s, p99, and the rows written
 *   (Postgres: `pg_stat_user_tables` inserts + updates + deletes of listing_stats_daily and of
 *   the roll-ups its triggers keep).
 */
import autocannon from 'autocannon';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../functions/db/database.ts';
import {
  dailyCounts,
  rollPeriod,
  topSearchesOf,
} from '../../functions/insights/insights.repository.ts';
import * as admin from '../../functions/insights/admin-insights.service.ts';
import { addDays, lagosDay } from '../../functions/insights/insights.service.ts';

type Row = [label: string, value: string];
type Db = Kysely<Database>;

/** Days of counters seeded, ending yesterday (today is left to the beacons). */
export const DAYS = 400;
/** Distinct searches a day seeded for the admin's list (ADR 044's measure had 3,000). */
const SEARCHES_PER_DAY = 3_000;
/** Listings seeded with impressions for the owner's top searches, and their queries a day. */
const OWNER_LISTINGS = 20;
const OWNER_QUERIES_PER_DAY = 200;
/** Beacons sent over HTTP. */
export const BEACONS = 10_000;
/** Approved listings the beacons pick from. */
const BEACON_LISTINGS = 5_000;
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The environment `npm start` needs for {@link measureBeacons} (addresses from X-Forwarded-For). */
export const insightsServerEnv = (): Record<string, string> => ({ TRUSTED_PROXIES: '127.0.0.1' });

/** Times `run` `rounds` times (after one warm-up); p50 · p95 · p99 in ms. */
async function timeIt(rounds: number, run: (i: number) => Promise<unknown>) {
  await run(0);
  const times: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${ms(percentile(times, 50))} · ${ms(percentile(times, 95))} · ${ms(percentile(times, 99))}`;
}

/**
 * Seeds {@link DAYS} days of counters over the approved listings, then measures sizes and the
 * owner's and admin's queries on `db` (the bench's own connection, before the server starts).
 * Returns the rows to print and the listing ids the beacons use.
 */
export async function seedInsights(
  db: Db,
  log: (message: string) => void,
): Promise<{ rows: Row[]; beaconIds: string[] }> {
  const rows: Row[] = [];
  const today = lagosDay(new Date());
  const first = addDays(today, -DAYS);
  const started = performance.now();
  for (let offset = 0; offset < DAYS; offset += 50) {
    const from = addDays(first, offset);
    const to = addDays(first, Math.min(DAYS, offset + 50) - 1);
    // Popularity a in [0, 1) from the id; a listing has events on a day with probability 0.4·a².
    await sql`
      insert into listing_stats_daily (listing_id, day, page_views, detail_opens, contact_reveals,
        call_taps, whatsapp_taps, directions_taps, website_taps, find_it_forwards, photo_views,
        reviews)
      select r.id, d.day::date,
        1 + floor(random() * 25 * r.a)::int, floor(random() * 6 * r.a)::int,
        floor(random() * 3 * r.a)::int, floor(random() * 4 * r.a)::int,
        floor(random() * 3 * r.a)::int, floor(random() * 3 * r.a)::int,
        floor(random() * 2 * r.a)::int, (random() < 0.02)::int,
        floor(random() * 4 * r.a)::int, (random() < 0.01)::int
      from (
        select id, (abs(hashtext(id::text)) % 1000) / 1000.0 as a
        from business_registrations where status = 'approved'
      ) r
      cross join generate_series(${from}::date, ${to}::date, interval '1 day') as d (day)
      where random() < 0.4 * r.a * r.a`.execute(db);
    log(`insights: seeded ${Math.min(DAYS, offset + 50)} of ${DAYS} days`);
  }
  await sql`vacuum (analyze) listing_stats_daily`.execute(db);
  const seedMs = performance.now() - started;

  // The admin period's roll-ups (ADR 049), by the production roll: built from the counters for
  // the period that began yesterday, then rolled one day (what the first admin read or the
  // scheduled job does once a day).
  const period = admin.adminPeriod();
  let rollStarted = performance.now();
  await rollPeriod(db, addDays(period.from, -1));
  const buildMs = performance.now() - rollStarted;
  rollStarted = performance.now();
  const rolled = await rollPeriod(db, period.from);
  const rollMs = performance.now() - rollStarted;
  await sql`vacuum (analyze) listing_period_stats, area_period_stats, site_stats_daily`.execute(db);

  const size = (
    await sql<{ rows: string; listings: string; heap: string; index: string }>`
      select (select count(*) from listing_stats_daily) as rows,
        (select count(*) from business_registrations where status = 'approved') as listings,
        pg_table_size('listing_stats_daily') as heap,
        pg_indexes_size('listing_stats_daily') as index`.execute(db)
  ).rows[0]!;
  const [count, listings, heap, index] = [size.rows, size.listings, size.heap, size.index].map(
    Number,
  ) as [number, number, number, number];
  rows.push([
    `insights seed: ${DAYS} days × ${listings.toLocaleString('en-US')} approved listings`,
    `${ms(seedMs)} · ${count.toLocaleString('en-US')} listing-days (${((100 * count) / (listings * DAYS)).toFixed(1)} % of listing × day)`,
  ]);
  rows.push([
    'insights size: table · index · total',
    `${mb(heap)} · ${mb(index)} · ${mb(heap + index)}`,
  ]);
  rows.push([
    'insights bytes per listing-day (row): table · index',
    `${(heap / count).toFixed(0)} · ${(index / count).toFixed(0)} B`,
  ]);
  rows.push([
    'insights bytes per listing per 400 days',
    `${((heap + index) / listings / 1024).toFixed(1)} KB`,
  ]);
  const rollups = (
    await sql<{ days: string; periodRows: string; areas: string; bytes: string }>`
      select (select count(*) from site_stats_daily) as days,
        (select count(*) from listing_period_stats) as "periodRows",
        (select count(*) from area_period_stats) as areas,
        pg_total_relation_size('site_stats_daily') + pg_total_relation_size('listing_period_stats')
          + pg_total_relation_size('area_period_stats') as bytes`.execute(db)
  ).rows[0]!;
  rows.push([
    'insights roll-ups (ADR 049): site days · period listings · areas · size',
    `${Number(rollups.days).toLocaleString('en-US')} · ${Number(rollups.periodRows).toLocaleString('en-US')} · ${rollups.areas} · ${mb(Number(rollups.bytes))}`,
  ]);
  rows.push([
    'insights roll-ups: first build (31 days) · roll of one day',
    `${ms(buildMs)} · ${ms(rollMs)} (${rolled})`,
  ]);

  const ids = (
    await sql<{ id: string }>`
      select id from business_registrations where status = 'approved'
      order by random() limit ${BEACON_LISTINGS}`.execute(db)
  ).rows.map((r) => r.id);

  // The owner's Insights: one listing's 180 days (the 90-day period and the one before).
  rows.push([
    "insights owner's read, 180 days of 1 listing (p50 · p95 · p99, 200 listings)",
    await timeIt(200, (i) => dailyCounts(db, ids[i % ids.length]!, addDays(today, -179), today)),
  ]);
  // The owner's top searches: OWNER_QUERIES_PER_DAY queries a day that showed each of
  // OWNER_LISTINGS listings, over the 90 days of the longest period.
  const ownerIds = ids.slice(0, OWNER_LISTINGS);
  await sql`
    insert into listing_search_daily (listing_id, day, query, impressions)
    select l.id, d.day::date, 'owner query ' || q, 1 + (q * 13) % 9
    from unnest(${ownerIds}::uuid[]) as l (id)
    cross join generate_series(${addDays(today, -89)}::date, ${today}::date, interval '1 day')
      as d (day)
    cross join generate_series(1, ${OWNER_QUERIES_PER_DAY}) as q`.execute(db);
  await sql`vacuum (analyze) listing_search_daily`.execute(db);
  rows.push([
    `insights owner's top searches, 90 days × ${OWNER_QUERIES_PER_DAY} queries of 1 listing (p50 · p95 · p99)`,
    await timeIt(100, (i) =>
      topSearchesOf(db, ownerIds[i % ownerIds.length]!, addDays(today, -89), today, 10),
    ),
  ]);
  // Searches: SEARCHES_PER_DAY distinct (query, area) a day over the same days, one in twelve
  // with at most 3 results (the admin's "Searches with no or few results").
  const searchesStarted = performance.now();
  await sql`
    insert into search_stats_daily (day, query, area, category, searches, results)
    select d.day::date, 'bench query ' || q, case when q % 4 = 0 then 'Ikeja' else '' end, '',
      1 + q % 7, (q * 7) % 50
    from generate_series(${first}::date, ${addDays(today, -1)}::date, interval '1 day') as d (day)
    cross join generate_series(1, ${SEARCHES_PER_DAY}) as q`.execute(db);
  await sql`vacuum (analyze) search_stats_daily`.execute(db);
  rows.push([
    `insights seed: ${(SEARCHES_PER_DAY * DAYS).toLocaleString('en-US')} search rows (${SEARCHES_PER_DAY.toLocaleString('en-US')} a day)`,
    ms(performance.now() - searchesStarted),
  ]);

  // The admin's Insights tab as it is served (functions/insights/admin-insights.service.ts): each
  // call is what one screen or one page of a list costs, all queries included.
  const firstPage = { page: 1, limit: 20 };
  const screens: [string, () => Promise<unknown>][] = [
    ['site-wide per day, 30 days', () => admin.siteInsights(db)],
    ['top listings, first page', () => admin.topListings(db, firstPage)],
    ['top areas, first page', () => admin.topAreas(db, firstPage)],
    ['searches with no or few results, first page', () => admin.fewResultSearches(db, firstPage)],
  ];
  for (const [label, screen] of screens)
    rows.push([`insights admin: ${label} (p50 · p95 · p99)`, await timeIt(10, screen)]);
  return { rows, beaconIds: ids };
}

/** The tables a flush writes: the counters and the roll-ups their triggers keep (ADR 049). */
const WRITTEN_TABLES = [
  'listing_stats_daily',
  'site_stats_daily',
  'listing_period_stats',
  'area_period_stats',
];

/**
 * Sends {@link BEACONS} beacons to the running server with autocannon and reports req/s, p99,
 * the answers, and (on Postgres, `databaseUrl` given) the rows written to listing_stats_daily
 * and its roll-ups.
 */
export async function measureBeacons(
  rows: Row[],
  options: { base: string; beaconIds: readonly string[]; databaseUrl?: string | undefined },
): Promise<void> {
  const { base, beaconIds } = options;
  const events = ['page_view', 'page_view', 'page_view', 'detail_open', 'call_tap', 'whatsapp_tap'];
  const written = async () => {
    if (!options.databaseUrl) return undefined;
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const result = await client.query<{ relname: string; n: string }>(
        `select relname, n_tup_ins + n_tup_upd + n_tup_del as n from pg_stat_user_tables
         where relname = any($1)`,
        [WRITTEN_TABLES],
      );
      return new Map(result.rows.map((row) => [row.relname, Number(row.n)]));
    } finally {
      await client.end();
    }
  };
  const before = await written();
  let n = 0;
  const load = await autocannon({
    url: base,
    connections: 10,
    amount: BEACONS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            path: '/api/beacon',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: base,
              'user-agent': PHONE_UA,
              'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({
              listing: beaconIds[Math.floor(Math.random() * beaconIds.length)],
              event: events[i % events.length],
            }),
          };
        },
      },
    ],
  });
  rows.push([
    `beacons over HTTP, 10 connections, ${BEACONS.toLocaleString('en-US')} (req/s · p50 · p99)`,
    `${Math.round(load.requests.average).toLocaleString('en-US')} req/s · ${load.latency.p50} ms · ${load.latency.p99} ms · ${load['2xx']} × 2xx, ${load.non2xx} other`,
  ]);
  if (before === undefined) {
    rows.push(['rows written per 10,000 beacons', 'not measured on PGlite (the server owns it)']);
    return;
  }
  // The buffer is written at 1,000 listing-days or when its oldest count is 10 s old, by the next
  // beacon: wait, send one, and let the statistics collector catch up.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  await fetch(`${base}/api/beacon`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      origin: base,
      'user-agent': PHONE_UA,
      'x-forwarded-for': '10.255.255.254',
    },
    body: JSON.stringify({ listing: beaconIds[0], event: 'page_view' }),
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const after = await written();
  const delta = (table: string) => (after?.get(table) ?? 0) - (before.get(table) ?? 0);
  const total = WRITTEN_TABLES.reduce((sum, table) => sum + delta(table), 0);
  rows.push([
    `rows written per ${BEACONS.toLocaleString('en-US')} beacons (on ${beaconIds.length.toLocaleString('en-US')} listings)`,
    `${total.toLocaleString('en-US')} (inserts + updates + deletes: ${WRITTEN_TABLES.map((table) => `${table} ${delta(table).toLocaleString('en-US')}`).join(', ')})`,
  ]);
}
