/**
 * The roadside screen's nearest help open now at size (issue 38.7, ADR 082): part of
 * `npm run bench:scale`, and on its own against a database seeded before
 * (`npm run bench:scale-roadside -- --database-url URL`, e.g. 1,000,000 listings by
 * `npm run db:seed:synthetic`). For every major road point and area centre it times
 * `nearestRoadsideHelp` (the query the page runs) at two moments, a weekday morning when most
 * are open and 03:00 on a Sunday when few are, and prints p50, p95 and max, how many it listed,
 * and the index entries it read per query on the two roadside indexes (`pg_stat_user_indexes`,
 * PostgreSQL only). Target: p95 ≤ 50 ms at 1,000,000 listings. Reports; asserts nothing.
 */
import { type Kysely, sql } from 'kysely';
import { parseArgs } from 'node:util';
import { LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import { ROAD_POINTS } from '../../common/config/lagos-roads.ts';
import { openDatabase } from '../../functions/_lib/db.ts';
import type { Database } from '../../functions/db/database.ts';
import { nearestRoadsideHelp } from '../../functions/directory/roadside.service.ts';
import { benchRecord } from './record.ts';

type Row = [label: string, value: string];

/** Monday 2026-11-23 10:00 and Sunday 2026-11-29 03:00, Lagos time (UTC+1). */
const MOMENTS = [
  ['weekday 10:00', new Date('2026-11-23T09:00:00Z')],
  ['Sunday 03:00', new Date('2026-11-29T02:00:00Z')],
] as const;

const ORIGINS = [
  ...ROAD_POINTS.map((p) => ({ lat: p.lat, lng: p.lon })),
  ...LAGOS_AREAS.map((a) => ({ lat: a.lat, lng: a.lon })),
];

const ROADSIDE_INDEXES = [
  'business_registrations_roadside_position_idx',
  'business_registrations_roadside_unplaced_idx',
];

async function entriesRead(db: Kysely<Database>): Promise<number | null> {
  try {
    const { rows } = await sql<{ n: string }>`
      select coalesce(sum(idx_tup_read), 0)::text as n from pg_stat_user_indexes
      where indexrelname in (${sql.join(ROADSIDE_INDEXES)})`.execute(db);
    return Number(rows[0]!.n);
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The figures, one row per moment, plus the size of the roadside set. */
export async function measureRoadside(db: Kysely<Database>): Promise<Row[]> {
  const { rows: size } = await sql<{ roadside: number; all: number }>`
    select count(*) filter (where status = 'approved' and contact_visibility = 'public'
        and (category_keys @> '{breakdown}'::text[] or comes_to_you))::int as roadside,
      count(*)::int as all
    from business_registrations`.execute(db);
  const rows: Row[] = [
    [
      'roadside: listings that can help (breakdown or comes to you, public) / all',
      `${size[0]!.roadside.toLocaleString('en-US')} / ${size[0]!.all.toLocaleString('en-US')}`,
    ],
  ];
  // One warm-up pass: the first queries pay for the connection and the plan cache.
  for (const origin of ORIGINS.slice(0, 5)) await nearestRoadsideHelp(db, origin, MOMENTS[0][1]);
  for (const [label, at] of MOMENTS) {
    // Statistics reach pg_stat_user_indexes when a transaction ends; a short pause lets them land.
    await sql`select pg_stat_force_next_flush()`.execute(db).catch(() => undefined);
    const readBefore = await entriesRead(db);
    const times: number[] = [];
    let listed = 0;
    for (const origin of ORIGINS) {
      const started = performance.now();
      listed += (await nearestRoadsideHelp(db, origin, at)).length;
      times.push(performance.now() - started);
    }
    await sql`select pg_stat_force_next_flush()`.execute(db).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const readAfter = await entriesRead(db);
    times.sort((a, b) => a - b);
    const per =
      readBefore === null || readAfter === null
        ? 'not measured'
        : Math.round((readAfter - readBefore) / ORIGINS.length).toLocaleString('en-US');
    rows.push([
      `roadside nearest open, ${label} (${ORIGINS.length} places): p50 · p95 · max; listed; index entries read a query`,
      `${percentile(times, 50).toFixed(1)} ms · ${percentile(times, 95).toFixed(1)} ms · ${times.at(-1)!.toFixed(1)} ms; ` +
        `${(listed / ORIGINS.length).toFixed(1)} a place; ${per}`,
    ]);
  }
  return rows;
}

// On its own: `npm run bench:scale-roadside -- --database-url URL`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, 'no-record': { type: 'boolean' } },
  });
  if (!values['database-url']) throw new Error('--database-url URL is required');
  const handle = await openDatabase({ url: values['database-url'] });
  // Text lines (a code block in the file), as the other benches write: Prettier leaves them be.
  const record = benchRecord('bench:scale-roadside', 'Roadside nearest help open now at size');
  for (const [label, value] of await measureRoadside(handle.db)) record.line(`${label}: ${value}`);
  await handle.close();
  record.write();
}
