import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaNamesWithin } from '../../common/config/lagos-areas.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Relevance search (issue 35.1, 35.6, 35.10; ADR 059, ADR 060) through `GET /api/directory/search`
 * on PGlite and native PostgreSQL: the order (all words, then text weight, then stored trust),
 * the stored quality score kept by the writes, partial matches, and bad input.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
});
afterAll(() => handle.close());

/** A word no other listing of the suite holds. */
const word = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const search = async (q: string, extra = '') => {
  const response = await call(`/api/directory/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.body as {
    businesses: { id: string; business_name: string }[];
    total: number;
    exactTotal: number;
    missingWords: string[];
    nextCursor: string | null;
  };
};

const setReviews = (id: string, count: number, sum: number) =>
  handle.db
    .updateTable('business_registrations')
    .set({ review_count: count, review_sum: sum })
    .where('id', '=', id)
    .execute();

const qualityOf = async (id: string) =>
  await handle.db
    .selectFrom('business_registrations')
    .select(['quality_score', 'has_photos'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the relevance order (issue 35.1)', () => {
  it('a make named in the query is a word typed: among listings holding the rest, those naming it first (issue 35.2)', async () => {
    const w = word();
    const otherMake = await insertBusiness(handle.db, {
      business_name: `Okota Honda ${w} Works`,
      description: 'Honda repairs and servicing.',
    });
    const asked = await insertBusiness(handle.db, {
      business_name: `Peace Motor Works ${word()}`,
      description: `Mercedes-Benz ${w} for engines and gearboxes.`,
    });
    const body = await search(`mercedes ${w}`);
    // The other make's listing holds the word in its name, which would rank it first on text alone.
    expect(body.businesses.map((b) => b.id)).toEqual([asked.id, otherMake.id]);
  });

  it('a word in the name beats the same word in the description; recency only breaks ties', async () => {
    const w = word();
    const inDescription = await insertBusiness(handle.db, {
      business_name: `Plain Garage ${word()}`,
      description: `We also do ${w} work for everyone.`,
    });
    const inName = await insertBusiness(handle.db, { business_name: `${w} Motors` });
    const body = await search(w);
    expect(body.businesses.map((b) => b.id)).toEqual([inName.id, inDescription.id]);
    expect(body).toMatchObject({ total: 2, exactTotal: 2, missingWords: [] });
  });

  it('forty 4.5-star reviews beat one 5-star review; Verified, photos and a claim earn trust', async () => {
    const w = word();
    const make = async () =>
      insertBusiness(handle.db, { business_name: `${w} Auto ${word()}`, opening_hours: null });
    const oneFive = await make();
    const fortyGood = await make();
    const none = await make();
    await setReviews(oneFive.id, 1, 5);
    await setReviews(fortyGood.id, 40, 180);
    expect((await search(w)).businesses.map((b) => b.id)).toEqual([
      fortyGood.id,
      oneFive.id,
      none.id,
    ]);

    // Verified (+1.5) and a live photo (+1) put the unreviewed listing first.
    await handle.db
      .updateTable('business_registrations')
      .set({ verification_status: 'verified' })
      .where('id', '=', none.id)
      .execute();
    const before = await qualityOf(none.id);
    await sql`
      insert into photos (listing_id, kind, width, height, variants, content_hash, position)
      values (${none.id}, 'workshop', 10, 10, '[]'::jsonb, ${'a'.repeat(64)}, 1)`.execute(
      handle.db,
    );
    const after = await qualityOf(none.id);
    expect(after.has_photos).toBe(true);
    expect(after.quality_score).toBeCloseTo(before.quality_score + 1, 5);
    expect((await search(w)).businesses[0]!.id).toBe(none.id);

    // The trigger keeps it when the photo goes.
    await sql`delete from photos where listing_id = ${none.id}`.execute(handle.db);
    expect(await qualityOf(none.id)).toMatchObject({ has_photos: false });
  });

  it('listings with every word come first, then those with some, naming the words left out', async () => {
    const [a, b] = [word(), word()];
    const both = await insertBusiness(handle.db, { business_name: `${a} ${b} Works` });
    const onlyA = await insertBusiness(handle.db, { business_name: `${a} Only Works` });
    await setReviews(onlyA.id, 100, 500);
    const body = await search(`${a} ${b}`);
    expect(body.businesses.map((x) => x.id)).toEqual([both.id, onlyA.id]);
    expect(body).toMatchObject({ total: 2, exactTotal: 1 });

    const missing = word();
    const partial = await search(`${a} ${missing}`);
    expect(partial.exactTotal).toBe(0);
    expect(partial.businesses.map((x) => x.id).sort()).toEqual([both.id, onlyA.id].sort());
    expect(partial.missingWords).toEqual([missing]);
  });

  it('pages through the ranked list without repeats or gaps', async () => {
    const w = word();
    const ids = [];
    for (let i = 0; i < 7; i++)
      ids.push((await insertBusiness(handle.db, { business_name: `${w} Shop ${i}` })).id);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const body = await search(w, `&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.businesses.map((b) => b.id));
      expect(body.total).toBe(7);
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(seen.sort()).toEqual(ids.sort());
  });

  it('does not find a short word inside another ("ser" in "services")', async () => {
    const w = word();
    await insertBusiness(handle.db, { business_name: `${w} Garage`, services: 'All services' });
    expect((await search(`${w} ser`)).exactTotal).toBe(0);
    expect((await search(`${w} services`)).exactTotal).toBe(1);
  });
});

describe('the understood query (issue 35.2–35.4)', () => {
  it('favours the area the query names over trust elsewhere, and names it', async () => {
    const w = word();
    const elsewhere = await insertBusiness(handle.db, { business_name: `${w} A`, area: 'Badagry' });
    await setReviews(elsewhere.id, 40, 180);
    const inIkeja = await insertBusiness(handle.db, { business_name: `${w} B`, area: 'Ikeja' });
    const body = (await search(`${w} in ikeja`)) as Awaited<ReturnType<typeof search>> & {
      queryArea: unknown;
    };
    expect(body.businesses.map((b) => b.id)).toEqual([inIkeja.id, elsewhere.id]);
    expect(body.queryArea).toEqual({ name: 'Ikeja', slug: 'ikeja', without: w });
    // The area alone is the whole query: nothing is left to search without it.
    const alone = (await search('ikeja')) as typeof body;
    expect(alone.queryArea).toEqual({ name: 'Ikeja', slug: 'ikeja', without: null });
  });

  it("lists an area named alone through the area filter: its neighbourhoods' listings too (ADR 088)", async () => {
    const w = word();
    const inYaba = await insertBusiness(handle.db, { business_name: `${w} Yaba`, area: 'Yaba' });
    const inLga = await insertBusiness(handle.db, {
      business_name: `${w} Mainland`,
      area: 'Lagos Mainland',
    });
    const mentions = await insertBusiness(handle.db, {
      business_name: `${w} Badagry`,
      area: 'Badagry',
      description: 'We come to Lagos Mainland on Saturdays.',
    });
    const body = (await search('lagos mainland', '&limit=100')) as Awaited<
      ReturnType<typeof search>
    > & { businesses: { id: string; area: string | null }[] };
    const ids = body.businesses.map((b) => b.id);
    expect(ids).toContain(inYaba.id);
    expect(ids).toContain(inLga.id);
    expect(ids).not.toContain(mentions.id);
    for (const b of body.businesses) expect(areaNamesWithin('Lagos Mainland')).toContain(b.area);
  });

  it('finds a body shop for "pannel beater" and says what it searched for', async () => {
    const shop = await insertBusiness(handle.db, {
      business_name: `${word()} Panel & Spray Works`,
      business_type: 'Body Work & Paint',
      area: 'Oshodi',
    });
    const body = (await search('pannel beater oshodi', '&limit=100')) as Awaited<
      ReturnType<typeof search>
    > & { showingResultsFor: string | null };
    expect(body.businesses.map((b) => b.id)).toContain(shop.id);
    expect(body.showingResultsFor).toMatch(/^panel beater/);
  });
});

describe('bad input (issue 35.10)', () => {
  it('answers 200 with a bounded page or 4xx in the envelope, never 500', async () => {
    const queries = [
      '',
      '   ',
      '!!!',
      '&|!():*<->',
      "'; drop table business_registrations; --",
      '.*[(?<x>',
      '%_\\',
      '🚗🔧',
      'mécanicien 修理 мастер',
      'a'.repeat(200),
      'mechanic '.repeat(22).trim(),
    ];
    for (const q of queries) {
      const response = await call(`/api/directory/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(response.body.businesses.length, q).toBeLessThanOrEqual(24);
    }
    const long = await call(`/api/directory/search?q=${'x'.repeat(2000)}`);
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expect(long.body).toHaveProperty('error');
    const foreign = await call('/api/directory/search?q=tyre&cursor=eyJvIjoxfQ');
    expect(foreign.status).toBe(400);
  });
});
