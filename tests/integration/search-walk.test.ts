import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  RANK_CANDIDATES,
  rankedSearchPage,
} from '../../functions/directory/ranked-search.repository.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * ADR 087, 088 (issue 35.8): a walk in trust order reads at most its budget of rows; when a query's
 * bound was far above its real matches, the bitmap scan finishes the tier, so no match is lost.
 * 9,000 listings: "quokka" in every one (a broad word: walked), "bravo" in the newest 4,350
 * and the oldest 300, "charlie" in the oldest 4,650; the 300 holding both are the last of the
 * walk's order, past its first 6,000 rows. "echo" (and "echoing", so its bound is twice its
 * listings) is in every fifth of the newest 6,000 and every one of the oldest 3,000: a first
 * walk finds too few, at a rate that asks for a second, which goes on after the first.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const LISTINGS = 9000;

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await sql`
    insert into business_registrations
      (business_name, business_type, business_categories, email, phone, city, state,
       description, services, tags, status, created_at)
    select 'Walk Motors ' || n, 'Mechanic / Repair Services', '{Mechanic / Repair Services}',
      'walk-' || n || '@example.com', '+234 801 600 ' || lpad(n::text, 4, '0'), 'Ikeja', 'Lagos',
      'A listing of the walk test.',
      'quokka' || case when n >= 4650 or n < 300 then ' bravo' else '' end
               || case when n < 4650 then ' charlie' else '' end
               || case when n < 3000 or n % 5 = 0 then ' echo echoing' else '' end,
      '{}', 'approved', timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(0, ${LISTINGS - 1}) as n`.execute(handle.db);
  await sql`analyze business_registrations, search_listings`.execute(handle.db);
}, 120_000);
afterAll(() => handle.close());

const search = async (q: string, area?: string) => {
  const response = await call(
    `/api/directory/search?q=${encodeURIComponent(q)}${area ? `&area=${area}` : ''}`,
  );
  expect(response.status).toBe(200);
  return {
    total: response.body.total as number,
    names: (response.body.businesses as { business_name: string }[]).map((b) => b.business_name),
    plan: response.headers.get('server-timing') ?? '',
  };
};

describe('ranked search candidates at 9,000 listings (ADR 087)', () => {
  it('walks a broad word in trust order and stops at the bound', async () => {
    const found = await search('quokka');
    expect(found.plan).toMatch(/\(walk\)/);
    expect(found.total).toBeGreaterThanOrEqual(RANK_CANDIDATES);
    // Equal trust: the newest first.
    expect(found.names[0]).toBe(`Walk Motors ${LISTINGS - 1}`);
  });

  it('finishes a walk that found too few within its budget with the bitmap scan', async () => {
    const found = await search('bravo charlie');
    // All 300 holding both words come first, then the partial matches to the bound.
    expect(found.plan).toMatch(
      new RegExp(
        `ranked 300 \\+ ${RANK_CANDIDATES - 300} partial \\(walk, then bitmap \\+ walk\\)`,
      ),
    );
    expect(found.total).toBe(RANK_CANDIDATES);
    expect(found.names[0]).toBe('Walk Motors 299');
  });

  it('walks on when the first walk found too few at a rate a longer walk can serve', async () => {
    const found = await search('echo');
    expect(found.plan).toMatch(new RegExp(`ranked ${RANK_CANDIDATES} \\(walk, walk\\)`));
    expect(found.names[0]).toBe('Walk Motors 8995');
    // The second walk went on after the first one's last row: the candidates are exactly the
    // newest listings holding the word (every fifth from 8,995 down), none twice, none skipped.
    const last = await rankedSearchPage(handle.db, {
      groups: [['echo']],
      offset: RANK_CANDIDATES - 5,
      limit: 24,
    });
    expect(last.plans).toEqual(['walk, walk']);
    expect(last.rows.map((r) => r.business_name)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `Walk Motors ${8995 - 5 * (RANK_CANDIDATES - 1 - i)}`),
    );
  });

  it('walks an area filter through its own trust order', async () => {
    await sql`update business_registrations set area = 'Yaba' where created_at
      >= timestamptz '2026-01-01' and extract(minute from created_at)::int % 3 = 0`.execute(
      handle.db,
    );
    await sql`analyze business_registrations, search_listings`.execute(handle.db);
    const found = await search('quokka', 'yaba');
    expect(found.plan).toMatch(/\(walk\)/);
    expect(found.total).toBeGreaterThanOrEqual(RANK_CANDIDATES);
    expect(found.names[0]).toBe('Walk Motors 8997');
  });

  it('reads a word few listings hold through the index', async () => {
    await sql`update business_registrations set services = services || ' zebu'
      where business_name = 'Walk Motors 17'`.execute(handle.db);
    const found = await search('zebu');
    expect(found.plan).toMatch(/\(bitmap\)/);
    expect(found.names).toEqual(['Walk Motors 17']);
  });
});
