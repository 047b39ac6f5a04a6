import { mkdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { DIRECTORY_PAGE_SIZE } from '../../common/schemas/directory.ts';
import { SEARCH_ERROR } from '../../src/islands/public/searchState.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * Issue 35.10: whatever a visitor types, search answers. Any query (empty, 2,000 characters,
 * punctuation only, SQL and regex metacharacters, emoji, mixed scripts, NUL bytes, very long
 * words, and arbitrary Unicode) sent over HTTP to `GET /api/directory/search` and posted to the
 * no-script search forms (the home page and a category page, ADR 031) answers a bounded page
 * (200) or a client error in the error envelope (API) or with SPEC §8's "Search Error" (page),
 * never a 5xx, each within a generous time ceiling (the latency targets are `bench:search`'s).
 * Its own build folder, so it never races the other local-server tests for theirs.
 */

let handle: DatabaseHandle;
let local: LocalServer;

beforeAll(async () => {
  mkdirSync('.data', { recursive: true });
  handle = await createTestDatabase();
  await seedDatabase(handle.db);
  await insertSyntheticListings(handle.db, 400, { approvedShare: 0.9, featuredShare: 0 });
  provideSharedDatabase(handle);
  const site = await ensureSiteBuild('.data/test-site-search-input', 'http://127.0.0.1');
  local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
  // Warm-up: the first render of each page loads its modules (seconds on a busy machine).
  for (const path of ['/', '/mechanic/', '/api/directory/search?q=mechanic'])
    await (await fetch(`${local.url}${path}`)).text();
}, 600_000);

afterAll(async () => {
  await local?.close();
  await handle?.close();
});

/**
 * A request must answer within this (ms), on a shared test machine: catches a runaway pattern
 * (catastrophic backtracking, an unbounded scan), not a slow plan.
 */
const CEILING_MS = 10_000;

/** The inputs the issue names, and the ones a substring or regex search trips on. */
const HOSTILE = [
  '',
  ' ',
  'x'.repeat(2_000),
  'mechanic '.repeat(222),
  'a'.repeat(199),
  'a'.repeat(200),
  'a'.repeat(201),
  'vulcanizer'.repeat(50),
  '!!!',
  '...,,,;;;',
  '?',
  '&',
  '#',
  '/',
  '%',
  '%%',
  '_',
  '\\',
  '\\\\',
  "'",
  '"',
  '`',
  "' or 1=1 --",
  "'; drop table business_registrations; --",
  'mechanic%',
  '%_%',
  'union select * from users',
  '$1',
  ':q',
  '(.*)',
  '.*',
  '^$',
  '[a-',
  '(((',
  'a{1000000}',
  '(a+)+$',
  '\\d+\\',
  '*+?',
  '<script>alert(1)</script>',
  '🚗',
  '🚗🔧 panel beater 🔧🚗',
  '👨‍🔧',
  '🇳🇬',
  'Ọ̀jọ́ta mẹ́kánííkì',
  'ìkòyí',
  'ميكانيكي',
  '汽车修理',
  'механик',
  'मैकेनिक',
  'mechanic\u0000ikeja',
  '\u0000',
  '\u200b\u200d\ufeff',
  '\u202e',
  'e\u0301'.repeat(300),
  '\ud83d',
  'a b c d e f g h i j k l m n o p q r s t u v w x y z',
  '-',
  '--',
  '+',
  '~',
  '||',
  '&&',
  '!',
  'null',
  'undefined',
] as const;

const query = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 3 },
  { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .array(fc.constantFrom('mechanic', 'ikeja', '%', '_', "'", '🚗', '(', 'vi', 'ac'), {
        maxLength: 30,
      })
      .map((words) => words.join(' ')),
    weight: 1,
  },
);

/** Encodes like a browser: a lone surrogate becomes U+FFFD. */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { response, text, ms: performance.now() - started };
}

describe('GET /api/directory/search with any query (issue 35.10)', () => {
  it('answers a bounded page or a client error in the envelope, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(undefined, 1, 24, 100), async (q, limit) => {
        const url = `${local.url}/api/directory/search?q=${encode(q)}${limit ? `&limit=${limit}` : ''}`;
        const { response, text, ms } = await timed(url, {
          headers: { accept: 'application/json', 'cache-control': 'no-cache' },
        });
        const label = `${JSON.stringify(q.slice(0, 80))} (${q.length} chars): ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, label).toBeLessThan(500);
        expect(ms, label).toBeLessThan(CEILING_MS);
        const body = JSON.parse(text) as {
          businesses?: unknown[];
          total?: number;
          error?: { code: string; message: string; requestId: string };
        };
        if (response.status === 200) {
          expect(body.businesses!.length, label).toBeLessThanOrEqual(limit ?? DIRECTORY_PAGE_SIZE);
          expect(body.total, label).toBeGreaterThanOrEqual(body.businesses!.length);
        } else {
          expect(response.status, label).toBe(400);
          expect(body.error, label).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
            requestId: expect.any(String),
          });
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS) || 150 },
    );
  });

  it('answers every hostile input the issue names', async () => {
    for (const q of HOSTILE) {
      const { response, text } = await timed(`${local.url}/api/directory/search?q=${encode(q)}`, {
        headers: { 'cache-control': 'no-cache' },
      });
      expect(
        response.status,
        `${JSON.stringify(q.slice(0, 80))}: ${text.slice(0, 200)}`,
      ).toBeLessThan(500);
    }
  });
});

describe('the no-script search forms with any query (issue 35.10, ADR 031)', () => {
  it.each(['/', '/mechanic/'])(
    'POST %s renders results or "Search Error", never 5xx',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const { response, text, ms } = await timed(`${local.url}${path}`, {
            method: 'POST',
            headers: {
              origin: local.url,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: `q=${encode(q)}`,
          });
          const label = `${path} ${JSON.stringify(q.slice(0, 80))} (${q.length} chars): ${response.status}`;
          expect(response.status, label).toBeLessThan(500);
          expect(ms, label).toBeLessThan(CEILING_MS);
          expect(response.headers.get('content-type'), label).toMatch(/^text\/html/);
          if (response.status >= 400) {
            expect(response.status, label).toBe(400);
            expect(text, label).toContain(SEARCH_ERROR.title);
          } else {
            expect(text, label).not.toContain(SEARCH_ERROR.title);
          }
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS) || 40 },
      );
    },
  );
});
