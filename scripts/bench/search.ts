/**
 * Search latency over HTTP (issue 11 point 3, ADR 012; issue 28, ADR 033): first pages of the 300
 * queries of `search-queries.ts` against a running server's `GET
 * /api/directory/search`, one request at a time, end to end (request sent → body read). Prints
 * each round's percentiles and the slowest 10 queries with their plan shape (the `desc` of the
 * answer's `Server-Timing`, e.g. `walk 1000 · index fetch`).
 *
 * As a library: `benchSearch({ baseUrl })` (used by `npm run bench:scale`).
 * As a command, on a running server or on an API it serves itself from the database of this
 * environment (DATABASE_URL, else the PGlite directory; the site builder is not started):
 *
 *   npm run bench:search -- --base-url http://localhost:4321 [--rounds 3]
 *   DATABASE_URL=postgres://… npm run bench:search -- --serve [--rounds 3]
 *   npm run bench:search -- --listen 4399     # only serve the API (for wrk or another client)
 *
 * Seed first with `npm run db:seed:synthetic -- --listings 100000`. Targets at 100,000 listings
 * on native PostgreSQL: p95 ≤ 35 ms, p99 ≤ 60 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { benchRecord, RECORD_OPTION } from './record.ts';
import { type BenchQuery, searchBenchQueries } from './search-queries.ts';

export interface SearchBenchOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:4321`. */
  baseUrl: string;
  /** Queries to send (default: the 300 of `searchBenchQueries()`). */
  queries?: readonly BenchQuery[];
  /** Measured rounds over all queries (default 3), after one unmeasured warm-up round. */
  rounds?: number;
}

/** Latency percentiles in milliseconds: the median over rounds of each round's figure. */
export interface SearchBenchResult {
  p50: number;
  p95: number;
  p99: number;
  /** Requests measured (queries × rounds). */
  count: number;
  /** Each round's own percentiles, in order. */
  perRound: { p50: number; p95: number; p99: number }[];
  /** The 10 slowest queries by their median time over the rounds (ms), with their plan. */
  slowest: { query: BenchQuery; ms: number; plan: string; total: string }[];
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1]!;

const round1 = (ms: number) => Math.round(ms * 10) / 10;

function searchUrl(baseUrl: string, query: BenchQuery): string {
  const url = new URL('/api/directory/search', baseUrl);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Sends every query once per round, one at a time, and times each request to the end of its
 * body. @throws Error when a response is not 200 (a benchmark of errors measures nothing).
 */
export async function benchSearch(options: SearchBenchOptions): Promise<SearchBenchResult> {
  const queries = options.queries ?? searchBenchQueries();
  const rounds = options.rounds ?? 3;
  const perRound: SearchBenchResult['perRound'] = [];
  const perQuery = queries.map(() => ({ times: [] as number[], plan: '', total: '' }));
  for (let round = -1; round < rounds; round += 1) {
    const times: number[] = [];
    for (const [i, query] of queries.entries()) {
      const url = searchUrl(options.baseUrl, query);
      const started = performance.now();
      // no-cache: the local server's page cache would otherwise answer the measured rounds.
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'cache-control': 'no-cache' },
      });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
      if (round < 0) continue; // warm-up
      times.push(elapsed);
      const seen = perQuery[i]!;
      seen.times.push(elapsed);
      seen.plan = /desc="([^"]*)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? '?';
      const { total, totalIsCapped } = JSON.parse(body) as {
        total: number;
        totalIsCapped: boolean;
      };
      seen.total = `${total}${totalIsCapped ? '+' : ''}`;
    }
    if (round < 0) continue; // warm-up
    times.sort((a, b) => a - b);
    perRound.push({
      p50: round1(percentile(times, 50)),
      p95: round1(percentile(times, 95)),
      p99: round1(percentile(times, 99)),
    });
  }
  return {
    p50: median(perRound.map((r) => r.p50)),
    p95: median(perRound.map((r) => r.p95)),
    p99: median(perRound.map((r) => r.p99)),
    count: queries.length * rounds,
    perRound,
    slowest: perQuery
      .map((seen, i) => ({
        query: queries[i]!,
        ms: round1(median(seen.times)),
        plan: seen.plan,
        total: seen.total,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10),
  };
}

/** One line of the slowest list: `41.2 ms  1000+  walk 1000 · index fetch  q=… type=…`. */
export function formatSlow(s: SearchBenchResult['slowest'][number]): string {
  const query = Object.entries(s.query)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
  return `${s.ms.toFixed(1).padStart(6)} ms  ${s.total.padStart(5)}  ${s.plan.padEnd(44)}  ${query}`;
}

/** Serves the API alone (no site builder) on `port` (0: a free one) of the loopback interface. */
async function serveApi(port = 0) {
  const [{ createRequestListener }, { openDatabase }, { createApi }] = await Promise.all([
    import('@remix-run/node-fetch-server'),
    import('../../functions/_lib/db.ts'),
    import('../../functions/router.ts'),
  ]);
  const handle = await openDatabase();
  const { sql } = await import('kysely');
  const { rows } = await sql<{ n: number; buffers: string; candidates: string }>`
    select count(*)::int as n, current_setting('shared_buffers') as buffers,
      pg_size_pretty(pg_total_relation_size('search_listings')) as candidates
    from business_registrations where status = 'approved'`.execute(handle.db);
  const api = createApi({ db: async () => handle.db, invalidate: async () => undefined });
  const server = createServer(createRequestListener((request) => api(request)));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    kind: handle.kind,
    /** Approved listings in the served database. */
    listings: rows[0]?.n ?? 0,
    /** What the figures depend on beyond the machine: the database's cache, the read table (ADR 089). */
    memory: `shared_buffers ${rows[0]?.buffers}, search_listings ${rows[0]?.candidates} with its indexes`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await handle.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      serve: { type: 'boolean', default: false },
      listen: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      ...RECORD_OPTION,
    },
  });
  if (values.listen) {
    const served = await serveApi(Number(values.listen));
    console.log(`API (${served.kind}) listening on ${served.baseUrl}; Ctrl+C stops it`);
    const stop = () => void served.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await new Promise(() => undefined);
  }
  const served = values.serve ? await serveApi() : undefined;
  const baseUrl = served?.baseUrl ?? values['base-url'];
  if (!baseUrl) throw new Error('Pass --base-url http://host:port or --serve');
  try {
    const result = await benchSearch({ baseUrl, rounds: Number(values.rounds) });
    const record = benchRecord('bench:search', 'Search over HTTP');
    record.line(
      `search over HTTP${served ? ` (API served on ${served.kind}, ${served.listings.toLocaleString('en-US')} approved listings; ${served.memory})` : ''}: ${baseUrl}`,
    );
    for (const [i, r] of result.perRound.entries())
      record.line(`  round ${i + 1}: p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms`);
    record.line(
      `  median:  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  (${result.count} requests)`,
    );
    record.line('  slowest 10 (median ms · matches · plan · query):');
    for (const s of result.slowest) record.line(`    ${formatSlow(s)}`);
    record.write();
  } finally {
    await served?.close();
  }
}
