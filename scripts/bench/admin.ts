/**
 * `npm run bench:admin` (ADR 014): the admin API against the database of this environment
 * (DATABASE_URL, or the embedded PGlite), seeded with `npm run db:seed:synthetic -- --listings
 * 100000 --approved-share 0.95`. Prints the median of 5 runs of each admin read, then one bulk
 * approval of 2,000 pending listings (welcome e-mails through a loopback SendGrid) and one CSV
 * export of every listing with the process's peak RSS. It changes the data: use a throw-away
 * database. It reports; it asserts nothing.
 */
import { sql } from 'kysely';
import { checkEnv } from '../../functions/_lib/env.ts';
import { openDatabase } from '../../functions/_lib/db.ts';
import { sendgridTransport } from '../../functions/_lib/mail.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { createApi } from '../../functions/router.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { start } from '../../tests/fakes/sendgrid.ts';
import { benchRecord } from './record.ts';

checkEnv();
const ORIGIN = 'http://bench.local';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const handle = await openDatabase();
await migrateToLatest(handle.db);
// As `npm start` does: PGlite runs no autovacuum, so the planner's statistics come from here.
if (handle.kind === 'pglite')
  await sql`vacuum (analyze) business_registrations, search_listings`.execute(handle.db);
await ensureAdmin(handle.db, ADMIN);
const fake = await start();
let purgedTags = 0;
const api = createApi({
  db: async () => handle.db,
  invalidate: async (tags) => void (purgedTags += tags.length),
  authConfig: { baseURL: ORIGIN, secret: 'bench-secret-bench-secret-bench-secret-1' },
  mailTransport: sendgridTransport({ apiKey: 'SG.bench', baseUrl: fake.baseUrl }),
});

const signIn = await api(
  new Request(`${ORIGIN}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(ADMIN),
  }),
);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

async function call(path: string, body?: unknown): Promise<Response> {
  const response = await api(
    new Request(`${ORIGIN}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie,
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

const rows: [string, string][] = [];
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function median(label: string, path: string, runs = 5): Promise<void> {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    size = (await (await call(path)).arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  rows.push([label, `${ms(times[Math.floor(runs / 2)]!)} (${(size / 1024).toFixed(1)} KB)`]);
}

const counts = (await (await call('/api/admin/counts')).json()) as {
  counts: Record<string, number>;
};
rows.push(['listings', JSON.stringify(counts.counts)]);
await median('Approved tab, first page (24)', '/api/admin/listings?status=approved');
await median('Approved tab, page 100 (24)', '/api/admin/listings?status=approved&page=100');
await median(
  'Approved tab, last page',
  `/api/admin/listings?status=approved&page=${Math.ceil(counts.counts.approved! / 24)}`,
);
await median('tab counts (all tabs)', '/api/admin/counts');
await median('tab counts, search "mechanic" (~25 %)', '/api/admin/counts?q=mechanic');
await median('tab counts, search "ikeja"', '/api/admin/counts?q=ikeja');
await median(
  'Approved search "mechanic", first page',
  '/api/admin/listings?status=approved&q=mechanic',
);
await median(
  'Approved search "adeola tyres", first page',
  '/api/admin/listings?status=approved&q=adeola%20tyres',
);
await median('Pending tab, first page', '/api/admin/listings?status=pending');

// Bulk approval of 2,000 pending listings ("a 2,000-row import").
const ids: string[] = [];
for (let page = 1; ids.length < 2_000; page += 1) {
  const body = (await (
    await call(`/api/admin/listings?status=pending&limit=100&page=${page}`)
  ).json()) as { registrations: { id: string }[] };
  if (body.registrations.length === 0) break;
  ids.push(...body.registrations.map((r) => r.id));
}
const selection = { ids: ids.slice(0, 2_000) };
let started = performance.now();
const preview = (await (
  await call('/api/admin/listings/bulk/preview', { action: 'approve', selection })
).json()) as { willChange: number };
rows.push(['bulk preview (2,000 ids)', ms(performance.now() - started)]);
fake.reset();
started = performance.now();
const bulk = (await (
  await call('/api/admin/listings/bulk', {
    action: 'approve',
    selection,
    expected: preview.willChange,
  })
).json()) as { changed: number; welcomeEmails: { sent: number } };
rows.push([
  'bulk approve 2,000 (commit + purge + welcome e-mails)',
  `${ms(performance.now() - started)}: ${bulk.changed} approved, ${bulk.welcomeEmails.sent} e-mails in ${fake.requests.length} SendGrid requests, ${purgedTags} tags purged`,
]);

// CSV export of every listing, read as a browser would, with the peak RSS of this process.
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
const heapBaseline = process.memoryUsage().heapUsed;
let peak = baseline;
let heapPeak = heapBaseline;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.rss);
  heapPeak = Math.max(heapPeak, usage.heapUsed);
}, 20);
started = performance.now();
const csv = await call('/api/admin/listings/export.csv');
const reader = csv.body!.getReader();
let bytes = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
}
clearInterval(sampler);
rows.push([
  `CSV export of ${csv.headers.get('x-total-count')} listings`,
  `${ms(performance.now() - started)}, ${(bytes / 1048576).toFixed(1)} MB, peak RSS ${(peak / 1048576).toFixed(0)} MB (+${((peak - baseline) / 1048576).toFixed(0)} MB), peak heap +${((heapPeak - heapBaseline) / 1048576).toFixed(0)} MB`,
]);

const width = Math.max(...rows.map(([label]) => label.length));
const record = benchRecord('bench:admin', 'Admin at size');
record.line(`Admin at size (${handle.kind})\n`);
for (const [label, value] of rows) record.line(`  ${label.padEnd(width)}  ${value}`);
record.write();
await fake.stop();
await handle.close();
