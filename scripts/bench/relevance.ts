/**
 * `npm run bench:relevance` (issue 35.9): how well the directory's search answers the way Lagos
 * asks, end to end. Builds its own corpus of about 1,500 labelled Lagos listings
 * (`relevance/corpus.ts`, `relevance/hand-written.ts`), imports them into a fresh database through
 * the admin CSV import (`importCsv`, export and OpenStreetMap formats) and approves them with the
 * admin bulk action (`runBulk`), serves the API on the loopback interface and sends each judged
 * query of `relevance/queries.ts` to `GET /api/directory/search` as a visitor would. The same
 * corpus, as stored, is indexed by MiniSearch (fuzzy 0.2, prefix matching, default BM25; fields
 * name, description, categories, services, area) as the reference.
 *
 * Prints per group and overall: zero-result rate on answerable queries, precision at 5 and mean
 * reciprocal rank (over the first `--limit` results), for the project and the reference, with
 * the targets and PASS/FAIL per group (at or above the reference on all three figures, and the
 * absolute targets: zero results ≤ 1%, P@5 ≥ 0.90, MRR ≥ 0.95).
 *
 *   npm run bench:relevance                       # embedded PGlite, in memory
 *   npm run bench:relevance -- --database-url postgres://user@host/postgres
 *       # creates a fresh database on that server, drops it afterwards
 *   npm run bench:relevance -- --verbose          # also each failing query's first five
 *   npm run bench:relevance -- --strict           # exit 1 when any group fails
 *   npm run bench:relevance -- --port 4450        # serve the API on this port (default: a free one)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { Kysely, PostgresDialect } from 'kysely';
import MiniSearch from 'minisearch';
import pg from 'pg';
import { fromPGlite, PGLITE_EXTENSIONS } from '../../functions/_lib/pglite.ts';
import type { Database } from '../../functions/db/database.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { importCsv } from '../../functions/imports/csv-import.ts';
import { runBulk } from '../../functions/registrations/admin/admin.service.ts';
import { createApi } from '../../functions/router.ts';
import { buildCorpus, type Corpus, exportCsv, osmCsv } from './relevance/corpus.ts';
import { type JudgedAnswer, type RelevanceSummary, summarise } from './relevance/metrics.ts';
import { GROUPS, JUDGED_QUERIES, type JudgedQuery } from './relevance/queries.ts';

/** Issue 35.9's targets, per group and overall. */
export const TARGETS = { zeroResultRate: 0.01, precisionAt5: 0.9, meanReciprocalRank: 0.95 };

interface FreshDatabase {
  db: Kysely<Database>;
  kind: string;
  close(): Promise<void>;
}

/** A migrated, empty database: in-memory PGlite, or a new database on the server of `url`. */
async function freshDatabase(url: string | undefined): Promise<FreshDatabase> {
  if (!url) {
    const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    const embedded = fromPGlite(pglite);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
    await migrateToLatest(db);
    return {
      db,
      kind: 'PGlite (in memory)',
      close: async () => {
        await db.destroy();
        await embedded.close();
      },
    };
  }
  const name = `relevance_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: target.toString(), max: 4 }),
    }),
  });
  await migrateToLatest(db);
  return {
    db,
    kind: `PostgreSQL (fresh database ${name})`,
    close: async () => {
      await db.destroy();
      const cleanup = new pg.Client(url);
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

/**
 * Imports the corpus through the admin CSV import and approves every row with the admin bulk
 * action. @throws Error when a row is refused (the corpus and the import disagree).
 */
async function load(db: Kysely<Database>, corpus: Corpus): Promise<void> {
  for (const csv of [exportCsv(corpus), osmCsv(corpus)]) {
    const report = await importCsv(db, csv, true);
    const refused = report.rows.filter((r) => !r.ok);
    if (refused.length)
      throw new Error(
        `the import refused ${refused.length} rows: ${JSON.stringify(refused.slice(0, 3))}`,
      );
  }
  const expected = corpus.rich.length + corpus.osm.length;
  const { changed } = await runBulk(
    db,
    'approve',
    { match: { status: 'pending', q: '' } },
    expected,
  );
  if (changed !== expected) throw new Error(`approved ${changed} of ${expected}`);
}

/** MiniSearch over the listings as stored (what the import made of the CSV). */
async function referenceIndex(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('business_registrations')
    .select([
      'business_name',
      'business_type',
      'business_categories',
      'services',
      'description',
      'city',
      'address',
      'area',
    ])
    .where('status', '=', 'approved')
    .execute();
  const index = new MiniSearch({
    idField: 'name',
    fields: ['name', 'description', 'categories', 'services', 'area'],
    searchOptions: { fuzzy: 0.2, prefix: true },
  });
  index.addAll(
    rows.map((r) => ({
      name: r.business_name,
      description: r.description ?? '',
      categories: [r.business_type, ...(r.business_categories ?? [])].join(' '),
      services: r.services ?? '',
      area: [r.area, r.city, r.address].filter(Boolean).join(' '),
    })),
  );
  return { index, count: rows.length, areas: new Map(rows.map((r) => [r.business_name, r.area])) };
}

/** Serves the API alone on the loopback interface (`port` 0: a free one). */
async function serve(db: Kysely<Database>, port: number) {
  const api = createApi({ db: async () => db, invalidate: async () => undefined });
  const server = createServer(createRequestListener((request) => api(request)));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The names the search API answers for `q` (first page of `limit`), or the failing status. */
async function searchApi(
  baseUrl: string,
  q: string,
  limit: number,
): Promise<{ names: string[]; status: number }> {
  const url = new URL('/api/directory/search', baseUrl);
  url.searchParams.set('q', q);
  url.searchParams.set('limit', String(limit));
  const response = await fetch(url, {
    headers: { accept: 'application/json', 'cache-control': 'no-cache' },
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { names: [], status: response.status };
  }
  const body = (await response.json()) as { businesses: { business_name: string }[] };
  return { names: body.businesses.map((b) => b.business_name), status: 200 };
}

interface Measured {
  query: JudgedQuery;
  relevant: ReadonlySet<string>;
  project: string[];
  reference: string[];
  status: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
const fig = (x: number) => x.toFixed(2).padStart(5);

/** PASS when at or above the reference on all three figures and within the targets. */
export function groupPasses(project: RelevanceSummary, reference: RelevanceSummary): boolean {
  return (
    project.zeroResultRate <= reference.zeroResultRate &&
    project.precisionAt5 >= reference.precisionAt5 &&
    project.meanReciprocalRank >= reference.meanReciprocalRank &&
    project.zeroResultRate <= TARGETS.zeroResultRate &&
    project.precisionAt5 >= TARGETS.precisionAt5 &&
    project.meanReciprocalRank >= TARGETS.meanReciprocalRank
  );
}

function report(measured: readonly Measured[], verbose: boolean): boolean {
  const answers = (rows: readonly Measured[], side: 'project' | 'reference'): JudgedAnswer[] =>
    rows.filter((m) => m.query.answerable).map((m) => ({ results: m[side], relevant: m.relevant }));
  console.log(
    `\n  targets: zero results ≤ ${pct(TARGETS.zeroResultRate).trim()}, P@5 ≥ ${TARGETS.precisionAt5}, MRR ≥ ${TARGETS.meanReciprocalRank}, and at or above MiniSearch in every group\n`,
  );
  console.log(
    `  ${'group'.padEnd(22)} ${'n'.padStart(3)}   ${'project: zero   P@5   MRR'}   ${'MiniSearch: zero   P@5   MRR'}   verdict`,
  );
  let allPass = true;
  const line = (label: string, rows: readonly Measured[]) => {
    const p = summarise(answers(rows, 'project'));
    const r = summarise(answers(rows, 'reference'));
    const pass = groupPasses(p, r);
    allPass &&= pass;
    console.log(
      `  ${label.padEnd(22)} ${String(p.queries).padStart(3)}   ${' '.repeat(8)}${pct(p.zeroResultRate)} ${fig(p.precisionAt5)} ${fig(p.meanReciprocalRank)}   ${' '.repeat(11)}${pct(r.zeroResultRate)} ${fig(r.precisionAt5)} ${fig(r.meanReciprocalRank)}   ${pass ? 'PASS' : 'FAIL'}`,
    );
  };
  for (const group of GROUPS)
    line(
      group,
      measured.filter((m) => m.query.group === group),
    );
  line('overall', measured);

  const unanswerable = measured.filter((m) => !m.query.answerable);
  console.log(
    `\n  unanswerable queries (not measured): ${unanswerable.map((m) => `"${m.query.q}" → ${m.project.length} results (MiniSearch ${m.reference.length})`).join('; ')}`,
  );
  const errors = measured.filter((m) => m.status !== 200);
  if (errors.length)
    console.log(
      `  non-200 answers (counted as no result): ${errors.map((m) => `"${m.query.q}" ${m.status}`).join('; ')}`,
    );
  if (verbose) {
    console.log('\n  answerable queries whose first five are not all relevant (✓ relevant):');
    for (const m of measured) {
      if (!m.query.answerable) continue;
      const top = m.project.slice(0, 5);
      const hits = top.filter((n) => m.relevant.has(n)).length;
      if (hits >= Math.min(5, m.relevant.size)) continue;
      console.log(
        `    [${m.query.group}] "${m.query.q}" (${m.relevant.size} relevant, ${m.project.length} returned): ${top.map((n) => `${m.relevant.has(n) ? '✓' : '✗'} ${n}`).join(' | ') || '(none)'}`,
      );
    }
  }
  return allPass;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      seed: { type: 'string', default: '35' },
      limit: { type: 'string', default: '20' },
      port: { type: 'string', default: '0' },
      verbose: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
  const limit = Number(values.limit);
  const corpus = buildCorpus({ seed: Number(values.seed) });
  const judged = JUDGED_QUERIES.map((query) => {
    const relevant = new Set(
      [...corpus.truth.values()].filter((t) => query.relevant(t)).map((t) => t.name),
    );
    if (query.answerable && relevant.size === 0)
      throw new Error(`"${query.q}" is marked answerable but no listing of the corpus answers it`);
    return { query, relevant };
  });
  const thin = judged.filter((j) => j.query.answerable && j.relevant.size < 5);

  const started = performance.now();
  const database = await freshDatabase(values['database-url']);
  try {
    await load(database.db, corpus);
    const loadedMs = performance.now() - started;
    const { index, count, areas } = await referenceIndex(database.db);
    // The import derives each listing's area from its address (ADR 020); the judge uses the truth.
    const otherArea = [...corpus.truth.values()].filter((t) => areas.get(t.name) !== t.area);
    const server = await serve(database.db, Number(values.port));
    try {
      const measured: Measured[] = [];
      for (const { query, relevant } of judged) {
        const { names, status } = await searchApi(server.baseUrl, query.q, limit);
        const reference = index
          .search(query.q)
          .slice(0, limit)
          .map((r) => String(r.id));
        measured.push({ query, relevant, project: names, reference, status });
      }
      console.log(
        `relevance bench (issue 35.9): ${count} listings (${corpus.rich.length} from the export CSV, ${HAND_COUNT(corpus)} of them hand-written; ${corpus.osm.length} OpenStreetMap points) on ${database.kind}, loaded in ${(loadedMs / 1000).toFixed(1)} s`,
      );
      console.log(
        `  ${judged.length} judged queries (${judged.filter((j) => j.query.answerable).length} answerable), first ${limit} results of GET /api/directory/search over HTTP vs MiniSearch (fuzzy 0.2, prefix, BM25)`,
      );
      console.log(
        `  areas the import derived that differ from the truth: ${otherArea.length}${
          otherArea.length
            ? ` (${otherArea
                .slice(0, 5)
                .map((t) => `${t.name}: ${areas.get(t.name) ?? 'none'}, truth ${t.area}`)
                .join('; ')})`
            : ''
        }`,
      );
      if (thin.length)
        console.log(
          `  fewer than 5 relevant listings (P@5 divides by that number): ${thin.map((j) => `"${j.query.q}" ${j.relevant.size}`).join(', ')}`,
        );
      const pass = report(measured, values.verbose);
      if (values.strict && !pass) process.exitCode = 1;
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

function HAND_COUNT(corpus: Corpus): number {
  return corpus.rich.filter((l) => l.truth.kind === 'hand').length;
}
