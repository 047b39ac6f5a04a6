import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { BusinessDirectoryRow } from '../../functions/db/database.ts';
import { SEARCH_LIMITS } from '../../functions/directory/search.repository.ts';
import { areaNamesWithin } from '../../common/config/lagos-areas.ts';
import { matchesTypeFilter } from '../../common/schemas/directory.ts';
import { parseSearchQuery } from '../../common/schemas/search.ts';
import { insertBusiness } from '../factories/business.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * `GET /api/directory/search?sort=newest` (SPEC §7 search with issue 11's rules: every word must
 * match, synonyms, filters, keyset paging, capped totals), on PGlite and native PostgreSQL. The
 * default relevance order (issue 35) is tested in search-ranking.test.ts.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
});
afterAll(() => handle.close());

interface SearchParams {
  q: string;
  type?: string;
  location?: string;
  area?: string;
  limit?: number;
  cursor?: string;
}

/** The plans (`Server-Timing`) the searches of this file took, and 'short page'. */
const plansSeen = new Set<string>();

const search = async (params: SearchParams) => {
  const query = new URLSearchParams({ sort: 'newest' });
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) query.set(key, String(value));
  const response = await call(`/api/directory/search?${query}`);
  plansSeen.add(/desc="([^"]*)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? '');
  return response;
};

const names = (body: { businesses: { business_name: string }[] }) =>
  body.businesses.map((b) => b.business_name);

/**
 * Every page of a search, following `nextCursor`. A page is full when another follows, except
 * with `shortPages`: a page cut short by the walk's bound (ADR 033) also has a cursor.
 */
async function allPages(params: SearchParams, shortPages = false) {
  const pages: { businesses: { id: string; created_at: string }[]; total: number }[] = [];
  let cursor: string | undefined;
  do {
    const response = await search({ ...params, cursor });
    expect(response.status).toBe(200);
    if (
      cursor &&
      response.body.businesses.length < (params.limit ?? 24) &&
      response.body.nextCursor
    )
      plansSeen.add('short page');
    expect(response.body.businesses.length).toBeLessThanOrEqual(params.limit ?? 24);
    pages.push(response.body);
    cursor = response.body.nextCursor ?? undefined;
    if (cursor && !shortPages) expect(response.body.businesses).toHaveLength(params.limit ?? 24);
  } while (cursor && pages.length < 400);
  return { pages, ids: pages.flatMap((p) => p.businesses.map((b) => b.id)) };
}

describe('query semantics (SPEC §7, issue 11)', () => {
  beforeEach(async () => {
    await handle.db.deleteFrom('business_registrations').execute();
  });

  it('"ikeja tyre" finds tyre businesses in Ikeja: every word, each in any field', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Allen Tyres',
      business_type: 'Tyre Services',
      services: 'Tyre sales, wheel balancing',
      city: 'Ikeja',
    });
    await insertBusiness(handle.db, {
      business_name: 'Ikeja Vulcanizer',
      business_type: 'Tyre Services',
      services: 'Puncture repair',
      city: 'Lagos',
      description: 'New and used tyres',
    });
    await insertBusiness(handle.db, {
      business_name: 'Yaba Tyres',
      business_type: 'Tyre Services',
      city: 'Yaba',
    });
    await insertBusiness(handle.db, { business_name: 'Ikeja Motors', city: 'Ikeja' });
    const { status, body } = await search({ q: 'ikeja tyre' });
    expect(status).toBe(200);
    expect(names(body).sort()).toEqual(['Allen Tyres', 'Ikeja Vulcanizer']);
    expect(body).toMatchObject({ total: 2, totalIsCapped: false, nextCursor: null });
  });

  it('"panel beating surulere" finds body shops in Surulere (multi-word synonym first)', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Bode Thomas Body Works',
      business_type: 'Body Work & Paint',
      services: 'Body work and spraying',
      city: 'Surulere',
    });
    await insertBusiness(handle.db, {
      business_name: 'Masha Panel Beaters',
      business_type: 'Body Work & Paint',
      services: 'Panel beating',
      city: 'Lagos',
      area: 'Surulere',
    });
    await insertBusiness(handle.db, {
      business_name: 'Lekki Panel Beating',
      business_type: 'Body Work & Paint',
      city: 'Lekki',
    });
    await insertBusiness(handle.db, {
      business_name: 'Surulere Beating Drums',
      business_type: 'Other',
      services: 'Panel repairs',
      city: 'Surulere',
    });
    const { body } = await search({ q: 'Panel Beating Surulere' });
    expect(names(body).sort()).toEqual(['Bode Thomas Body Works', 'Masha Panel Beaters']);
  });

  it.each([
    ['spare parts', 'Car parts for all models', 'Spare'],
    ['car parts', 'Genuine spare parts', 'Car'],
    ['car repair', 'Mechanic on call', 'Repair'],
    ['auto repair', 'Car repair and servicing', 'Auto'],
    ['mechanic', 'Auto repair workshop', 'Mech'],
    ['car sales', 'Dealership for tokunbo cars', 'Sales'],
    ['dealership', 'Car sales and swaps', 'Dealer'],
    ['body work', 'Panel beating and spraying', 'Body'],
    ['panel beating', 'Body work specialists', 'Panel'],
    ['breakdown', '24-hour towing', 'Tow'],
    ['towing', 'Roadside recovery', 'Recover'],
    ['recovery', 'Breakdown assistance', 'Break'],
    ['workshop', 'A big garage', 'Shop'],
    ['garage', 'Modern workshop', 'Garage'],
    ['windscreen', 'Windshield fitting', 'Screen'],
    ['windshield', 'Auto glass', 'Shield'],
    ['glass', 'Windscreen replacement', 'Glass'],
  ])('synonyms (SPEC §7): "%s" finds a listing described as "%s"', async (q, services, name) => {
    await insertBusiness(handle.db, {
      business_name: `${name} Place`,
      business_type: 'Other',
      services,
      description: null,
    });
    await insertBusiness(handle.db, {
      business_name: 'Unrelated Place',
      business_type: 'Other',
      services: 'Car wash',
      description: null,
    });
    expect(names((await search({ q })).body)).toEqual([`${name} Place`]);
  });

  it('searches the area (the eighth field) and filters by location over city, state, general location and area', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Area Only',
      city: 'Lagos',
      general_location: null,
      area: 'Ogba',
    });
    await insertBusiness(handle.db, { business_name: 'City Only', city: 'Ogba', area: null });
    await insertBusiness(handle.db, { business_name: 'Elsewhere', city: 'Yaba', area: 'Yaba' });
    expect(names((await search({ q: 'ogba' })).body).sort()).toEqual(['Area Only', 'City Only']);
    expect(names((await search({ q: 'engine', location: 'OGBA' })).body).sort()).toEqual([
      'Area Only',
      'City Only',
    ]);
  });

  it('applies the type filter over business_type, services and tags, `all` meaning none', async () => {
    const common = { services: 'Engine repair', description: null };
    await insertBusiness(handle.db, {
      ...common,
      business_name: 'By Type',
      business_type: 'Body Work & Paint',
      tags: [],
    });
    await insertBusiness(handle.db, {
      business_name: 'By Services',
      business_type: 'Other',
      services: 'Engine repair, body work',
      tags: [],
    });
    await insertBusiness(handle.db, {
      ...common,
      business_name: 'By Tag',
      business_type: 'Other',
      tags: ['Body Work'],
    });
    await insertBusiness(handle.db, {
      ...common,
      business_name: 'Not Body Work',
      business_type: 'Other',
      tags: [],
    });
    // "Body Work" is a category page's type (category_keys); "work" is a free type.
    for (const type of ['Body Work', 'body work']) {
      expect(names((await search({ q: 'engine', type })).body).sort()).toEqual([
        'By Services',
        'By Tag',
        'By Type',
      ]);
    }
    expect(names((await search({ q: 'engine', type: 'ody wor' })).body)).toHaveLength(3);
    expect(names((await search({ q: 'engine', type: 'all' })).body)).toHaveLength(4);
  });

  it('returns nothing for a blank query', async () => {
    await insertBusiness(handle.db);
    for (const q of ['', '   ', ' , ']) {
      const { status, body } = await search({ q });
      expect(status).toBe(200);
      expect(body).toEqual({ businesses: [], total: 0, totalIsCapped: false, nextCursor: null });
    }
  });

  it('treats %, _ and \\ literally', async () => {
    await insertBusiness(handle.db, { business_name: 'Percent', description: 'Save 50% now' });
    await insertBusiness(handle.db, { business_name: 'Underscore', description: 'Code A_1' });
    await insertBusiness(handle.db, { business_name: 'Backslash', description: 'Path C:\\cars' });
    await insertBusiness(handle.db, { business_name: 'Plain', description: 'Save 500 now' });
    expect(names((await search({ q: '50%' })).body)).toEqual(['Percent']);
    expect(names((await search({ q: '%' })).body)).toEqual(['Percent']);
    expect(names((await search({ q: 'a_1' })).body)).toEqual(['Underscore']);
    expect(names((await search({ q: '_' })).body)).toEqual(['Underscore']);
    expect(names((await search({ q: 'c:\\cars' })).body)).toEqual(['Backslash']);
    expect(names((await search({ q: '\\' })).body)).toEqual(['Backslash']);
    expect(names((await search({ q: 'save .* now' })).body)).toEqual([]);
    // NUL is malformed input: 400 in the envelope before the search runs (issue 12.3), never a 500.
    const nul = await search({ q: 'per\u0000cent' });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Malformed URL.' });
  });

  it('never leaks protected contact details in results', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Secretive Tyres',
      email: 'hidden-owner@example.com',
      phone: '+234 809 999 1234',
      whatsapp: '+234 809 999 1234',
      address: '77 Hidden Close',
      latitude: 6.5,
      longitude: 3.4,
      contact_visibility: 'registered_users_only',
    });
    await insertBusiness(handle.db, {
      business_name: 'Open Tyres',
      email: 'open@example.com',
      contact_visibility: 'public',
    });
    const { text, body } = await search({ q: 'tyres' });
    // The position as JSON writes it ("6.5" alone is also in a created_at like 09:01:56.591Z).
    for (const leaked of [
      'hidden-owner@example.com',
      '809 999 1234',
      '77 Hidden Close',
      ':6.5,',
      ':3.4,',
    ])
      expect(text).not.toContain(leaked);
    const secret = body.businesses.find(
      (b: { business_name: string }) => b.business_name === 'Secretive Tyres',
    );
    expect(secret).toMatchObject({
      email: null,
      phone: null,
      whatsapp: null,
      address: null,
      latitude: null,
      longitude: null,
      contact_protected: true,
    });
    expect(
      body.businesses.find((b: { business_name: string }) => b.business_name === 'Open Tyres'),
    ).toMatchObject({ email: 'open@example.com', contact_protected: false });
  });

  it('bounds limit to 1–100 (default 24) and refuses a cursor it did not make', async () => {
    for (let i = 0; i < 30; i += 1) await insertBusiness(handle.db, { business_name: `Tyre ${i}` });
    expect((await search({ q: 'tyre' })).body.businesses).toHaveLength(24);
    expect((await search({ q: 'tyre', limit: 100 })).body.businesses).toHaveLength(30);
    for (const limit of [0, 101]) {
      const { status, body } = await search({ q: 'tyre', limit });
      expect(status).toBe(422);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields.limit).toBeDefined();
    }
    const forged = Buffer.from(JSON.stringify({ c: 'yesterday', i: 'x' })).toString('base64url');
    for (const cursor of ['not-a-cursor', forged]) {
      const { status, body } = await search({ q: 'tyre', cursor });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid cursor.' });
    }
  });

  it('pages in a stable order down to the microsecond, ties broken by id', async () => {
    const stamps = [
      '2026-03-01T10:00:00.000003Z',
      '2026-03-01T10:00:00.000002Z',
      '2026-03-01T10:00:00.000002Z',
      '2026-03-01T10:00:00.000002Z',
      '2026-03-01T10:00:00.000001Z',
      '2026-03-01T10:00:00Z',
    ];
    for (const [i, created_at] of stamps.entries())
      await insertBusiness(handle.db, { business_name: `Stamp ${i}`, created_at });
    const ordered = await handle.db
      .selectFrom('business_directory')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const limit of [1, 2, 4]) {
      const { ids, pages } = await allPages({ q: 'stamp', limit });
      expect(ids).toEqual(ordered.map((r) => r.id));
      for (const page of pages) expect(page.total).toBe(6);
    }
  });

  it('has no duplicates or gaps across pages while listings are added', async () => {
    for (let i = 0; i < 20; i += 1)
      await insertBusiness(handle.db, {
        business_name: `Garage ${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    const before = await handle.db
      .selectFrom('business_directory')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const first = await search({ q: 'workshop', limit: 6 });
    expect(first.body.total).toBe(20);
    const seen: string[] = first.body.businesses.map((b: { id: string }) => b.id);
    let cursor: string | null = first.body.nextCursor;
    let round = 0;
    while (cursor) {
      // Between pages, new matching listings arrive (now) and old ones are imported.
      const [page] = await Promise.all([
        search({ q: 'workshop', limit: 6, cursor }),
        insertBusiness(handle.db, { business_name: `New garage ${round}` }),
        insertBusiness(handle.db, {
          business_name: `Imported garage ${round}`,
          created_at: '2020-01-01T00:00:00Z',
        }),
      ]);
      expect(page.body.total).toBe(20);
      seen.push(...page.body.businesses.map((b: { id: string }) => b.id));
      cursor = page.body.nextCursor;
      round += 1;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Every listing there at the start is seen once, in order; newer ones never slip in.
    const original = before.map((r) => r.id);
    expect(seen.filter((id) => original.includes(id))).toEqual(original);
    const shown = await handle.db
      .selectFrom('business_directory')
      .select('business_name')
      .where('id', 'in', seen)
      .execute();
    expect(shown.some((r) => r.business_name.startsWith('New garage'))).toBe(false);
  });
});

const LISTINGS = 1_600;

/**
 * The search's bounds as shipped, and shrunk so that 1,600 listings reach the plans a directory of
 * 1,000,000 takes (ADR 033): a match set over the cap that the window cannot fill a page from
 * (walked on past the window), and pages cut short by the walk's bound (a cursor goes on).
 */
const BOUNDS = {
  shipped: { ...SEARCH_LIMITS },
  shrunk: { window: 100, totalCap: 60, countWalkMax: 400, walkMax: 150 },
};

describe.each(Object.entries(BOUNDS))(
  `at ${LISTINGS} listings, bounds %s: every plan agrees with a plain reading of the rules`,
  (_name, bounds) => {
    let rows: BusinessDirectoryRow[];
    const shipped = { ...SEARCH_LIMITS };
    beforeAll(() => {
      Object.assign(SEARCH_LIMITS, bounds);
      plansSeen.clear();
    });
    afterAll(() => void Object.assign(SEARCH_LIMITS, shipped));

    beforeAll(async () => {
      await handle.db.deleteFrom('business_registrations').execute();
      await insertSyntheticListings(handle.db, LISTINGS, { approvedShare: 0.9 });
      rows = await handle.db.selectFrom('business_directory').selectAll().execute();
    });

    /** SPEC §7 + issue 11, read literally: every term in some field, filters, newest first. */
    function expected(params: SearchParams): string[] {
      const terms = parseSearchQuery(params.q);
      const type = params.type?.toLowerCase();
      const location = params.location?.toLowerCase();
      return rows
        .filter((r) => {
          const fields = [
            r.business_name,
            r.description,
            r.services,
            r.city,
            r.state,
            r.general_location,
            r.area,
            r.business_type,
          ].map((f) => (f ?? '').toLowerCase());
          const places = [r.city, r.state, r.general_location, r.area];
          return (
            terms.length > 0 &&
            terms.every((t) => t.some((a) => fields.some((f) => f.includes(a)))) &&
            (!type || type === 'all' || matchesTypeFilter(r, type)) &&
            (!location || places.some((p) => (p ?? '').toLowerCase().includes(location))) &&
            (!params.area || areaNamesWithin(params.area).includes(r.area ?? ''))
          );
        })
        .sort(
          (a, b) =>
            new Date(b.created_at).getTime() - new Date(a.created_at).getTime() ||
            (a.id < b.id ? 1 : -1),
        )
        .map((r) => r.id);
    }

    it.each<SearchParams>([
      { q: 'lagos' }, // every listing: total capped
      { q: 'mechanic' }, // broad: a page within the window, counted by walking
      { q: 'tyre' }, // moderately broad: counted through the index
      { q: 'ikeja tyre' }, // rare: fetched through the index
      { q: 'panel beating surulere' },
      { q: 'spare parts', type: 'Parts' },
      { q: 'glass', type: 'workshop' },
      { q: 'engine', location: 'ikeja' },
      { q: 'yaba', type: 'Mechanic' },
      { q: 'breakdown', type: 'Tyre', location: 'gbagada' },
      { q: 'ac' }, // two letters: no trigram, everywhere
      { q: 'oj' }, // two letters, rarer
      { q: 'ev' }, // two letters, nowhere
      { q: 'zzyzx' },
      { q: 'mechanic zzyzx' },
      { q: 'mechanic surulere' }, // a word and an area
      { q: 'engine repair ikeja' }, // three words
      { q: 'spare parts' }, // a multi-word synonym
      { q: 'panel beater', type: 'Body Work' },
      { q: 'ikeja', area: 'Ikeja' } as SearchParams, // the area filter
      { q: 'mechanik' }, // a misspelling the synonyms miss: nothing
      { q: 'vulcanizer', type: 'Parts' }, // anti-correlated
      // ADR 050: an area's or a category's own listings walked
      { q: 'garage', area: 'Yaba' } as SearchParams, // one area
      { q: 'tyre', area: 'Eti-Osa' } as SearchParams, // an LGA: its neighbourhoods merged
      { q: 'zzyzx', area: 'Eti-Osa' } as SearchParams, // a rare word: fetched, not walked
      { q: 'lagos', area: 'Ikeja' } as SearchParams, // every listing of the LGA
      { q: 'ev', area: 'Surulere' } as SearchParams, // two letters: only the area is indexed
      { q: 'mechanic', type: 'Body Work' }, // a broad word, a category: walked there
      { q: 'car parts', type: 'Mechanic' },
      { q: 'lagos', type: 'Breakdown Recovery', location: 'ikeja' },
    ])('%o', async (params) => {
      const want = expected(params);
      const { ids, pages } = await allPages({ ...params, limit: 100 }, true);
      expect(ids).toEqual(want);
      const { total, totalIsCapped } = (await search({ ...params, limit: 5 })).body;
      const cap = SEARCH_LIMITS.totalCap;
      if (totalIsCapped) {
        // Over the cap, or a lower bound from a bounded walk (1–2 letter terms only).
        expect(total).toBeLessThanOrEqual(Math.min(cap, want.length));
        expect(
          want.length > cap ||
            parseSearchQuery(params.q)
              .flat()
              .every((t) => t.length < 3),
        ).toBe(true);
      } else expect(total).toBe(want.length);
      for (const page of pages) expect(page.total).toBe(total);
    });

    it('reached every plan', () => {
      const steps = [...plansSeen].join('\n');
      for (const step of [
        'count walk',
        'count index',
        'index fetch',
        '· area walk',
        '· category walk',
        'count area walk',
      ])
        expect(steps).toContain(step);
      if (bounds === BOUNDS.shrunk) {
        expect(steps).toContain('· walk on');
        expect(steps).toContain('short page');
      }
    });
  },
);
