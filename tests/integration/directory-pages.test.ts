import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Paged lists of ADR 011: keyset cursors and numbered pages over the Recommended order (ADR 071:
 * featured first in the admin's order as SPEC §7, then trust, then newest),
 * category pages read from their own index, true totals, bounded and compressed responses.
 */
let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

/** The Recommended order (ADR 071), written out independently of the repository's SQL. */
const RECOMMENDED = sql`featured desc, case when featured then display_order else 0 end asc,
  quality_score desc, created_at desc, id desc`;

type Page = {
  businesses: { id: string; business_name: string }[];
  total: number;
  nextCursor: string | null;
};

async function walk(path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const { status, body } = await api.call(url);
    expect(status, url).toBe(200);
    const page = body as Page;
    expect(page.businesses.length).toBeLessThanOrEqual(limit);
    ids.push(...page.businesses.map((b) => b.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 1000);
  return { ids, pages };
}

describe('GET /api/directory paging (ADR 011)', () => {
  it('walks every approved listing once, in listing order, with ties broken by id', async () => {
    // Same created_at for many rows: the cursor must still neither repeat nor skip.
    const same = '2026-05-01T10:00:00.123456Z';
    for (let i = 0; i < 7; i += 1) await insertBusiness(handle.db, { created_at: same });
    await insertBusiness(handle.db, { business_name: 'Top', featured: true, display_order: 1 });
    await insertBusiness(handle.db, { business_name: 'Second', featured: true, display_order: 2 });
    await insertSyntheticListings(handle.db, 40, { approvedShare: 0.8, featuredShare: 0 });
    const approved = await handle.db
      .selectFrom('business_directory')
      .select('id')
      .orderBy(RECOMMENDED)
      .execute();
    const { ids, pages } = await walk('/api/directory', 5);
    expect(ids).toEqual(approved.map((r) => r.id));
    expect(pages).toBe(Math.ceil(approved.length / 5));
    const first = (await api.call('/api/directory?limit=5')).body as Page;
    expect(first.total).toBe(approved.length);
    expect(first.businesses.slice(0, 2).map((b) => b.business_name)).toEqual(['Top', 'Second']);
  });

  it('keeps going without duplicates or gaps while listings are inserted between pages', async () => {
    await insertSyntheticListings(handle.db, 30, { featuredShare: 0 });
    const before = new Set(
      (await handle.db.selectFrom('business_directory').select('id').execute()).map((r) => r.id),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const { body } = await api.call(`/api/directory?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(body as Page).businesses.map((b) => b.id));
      cursor = (body as Page).nextCursor;
      // New listings arrive between pages: newer than every row already read.
      await insertSyntheticListings(handle.db, 3, { offset: 1000 + round * 3, now: new Date() });
      round += 1;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('serves numbered pages of a category with its true total', async () => {
    await insertSyntheticListings(handle.db, 60, { featuredShare: 0 });
    const mechanics = await handle.db
      .selectFrom('business_directory')
      .select('id')
      .where((eb) => eb('category_keys', '@>', eb.val(['mechanic'])))
      .orderBy(RECOMMENDED)
      .execute();
    expect(mechanics.length).toBeGreaterThan(10);
    const pageSize = 4;
    const collected: string[] = [];
    for (let page = 1; page <= Math.ceil(mechanics.length / pageSize); page += 1) {
      const { body } = await api.call(
        `/api/directory?category=mechanic&page=${page}&limit=${pageSize}`,
      );
      expect((body as Page).total).toBe(mechanics.length);
      collected.push(...(body as Page).businesses.map((b) => b.id));
    }
    expect(collected).toEqual(mechanics.map((m) => m.id));
    // Asking for the category's business type as a free type filter gives the same rows.
    const byType = (await api.call('/api/directory?type=mechanic&limit=100')).body as Page;
    expect(byType.businesses.map((b) => b.id)).toEqual(mechanics.map((m) => m.id).slice(0, 100));
  });

  it('bounds every response: 422 past 100 rows, a page number or cursor out of range, 400 for a forged cursor', async () => {
    await insertBusiness(handle.db);
    expect((await api.call('/api/directory?limit=101')).status).toBe(422);
    expect((await api.call('/api/directory?page=0')).status).toBe(422);
    expect((await api.call('/api/directory?category=nope')).status).toBe(422);
    const forged = await api.call('/api/directory?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('BAD_REQUEST');
    expect((await api.call('/api/directory?cursor=x&page=2')).status).toBe(422);
  });

  it('pages featured listings by display_order', async () => {
    for (const order of [3, 1, 2]) {
      await insertBusiness(handle.db, {
        business_name: `F${order}`,
        featured: true,
        display_order: order,
      });
    }
    await insertBusiness(handle.db, { business_name: 'Plain' });
    const first = (await api.call('/api/directory/featured?limit=2')).body as Page;
    expect(first.businesses.map((b) => b.business_name)).toEqual(['F1', 'F2']);
    expect(first.total).toBe(3);
    const next = (await api.call(`/api/directory/featured?limit=2&cursor=${first.nextCursor}`))
      .body as Page;
    expect(next.businesses.map((b) => b.business_name)).toEqual(['F3']);
    expect(next.nextCursor).toBeNull();
  });
});

describe('Recommended uses the trust signals of search (issue 35.1, ADR 071)', () => {
  it('puts a verified, reviewed listing with photos before a newer bare OSM import; paging stays stable', async () => {
    const trusted = await insertBusiness(handle.db, {
      business_name: 'Trusted Mechanic',
      verification_status: 'verified',
      review_count: 12,
      review_sum: 54,
      created_at: '2026-01-01T00:00:00Z',
    });
    await sql`
      insert into photos (listing_id, kind, width, height, variants, content_hash, position)
      values (${trusted.id}, 'workshop', 10, 10, '[]'::jsonb, ${'b'.repeat(64)}, 1)`.execute(
      handle.db,
    );
    // Newer, no phone, no description, no reviews: an unconfirmed OpenStreetMap import.
    const bare = await insertBusiness(handle.db, {
      business_name: 'Bare Import Mechanic',
      phone: '',
      description: '',
      source: 'osm',
      source_id: 'node/1',
      opening_hours: null,
      created_at: '2026-11-01T00:00:00Z',
    });
    // Once featured (SPEC §4 clears featured, keeps display_order): ranked by trust like any other.
    const wasFeatured = await insertBusiness(handle.db, {
      business_name: 'Was Featured',
      featured: false,
      display_order: 7,
      verification_status: 'verified',
      created_at: '2025-01-01T00:00:00Z',
    });
    const featured = await insertBusiness(handle.db, {
      business_name: 'Featured',
      featured: true,
      display_order: 1,
      created_at: '2024-01-01T00:00:00Z',
    });
    // Same trust and same created_at for many rows: the cursor (carrying the score) must still
    // neither repeat nor skip.
    for (let i = 0; i < 9; i += 1)
      await insertBusiness(handle.db, { created_at: '2026-05-01T10:00:00.123456Z' });

    const { ids } = await walk('/api/directory?category=mechanic', 3);
    expect(ids[0]).toBe(featured.id);
    expect(ids.indexOf(trusted.id)).toBeLessThan(ids.indexOf(bare.id));
    expect(ids.indexOf(wasFeatured.id)).toBeLessThan(ids.indexOf(bare.id));
    expect(ids.at(-1)).toBe(bare.id);
    expect(new Set(ids).size).toBe(13);
    const expected = await handle.db
      .selectFrom('business_directory')
      .select('id')
      .where((eb) => eb('category_keys', '@>', eb.val(['mechanic'])))
      .orderBy(RECOMMENDED)
      .execute();
    expect(ids).toEqual(expected.map((r) => r.id));

    // The same order on numbered pages, and the whole directory's list.
    const byPage: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const { body } = await api.call(`/api/directory?category=mechanic&page=${page}&limit=3`);
      byPage.push(...(body as Page).businesses.map((b) => b.id));
    }
    expect(byPage).toEqual(ids);
    expect((await walk('/api/directory', 4)).ids).toEqual(ids);
  });
});

describe('compression (ADR 011: responses over 1 KB are compressed when accepted)', () => {
  it('sends br, else gzip, else identity, with Vary; small bodies stay plain', async () => {
    await insertSyntheticListings(handle.db, 20);
    const raw = await api.api(new Request('http://localhost/api/directory?limit=20'));
    const text = await raw.text();
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(text.length).toBeGreaterThan(1024);
    expect(raw.headers.get('vary')).toMatch(/accept-encoding/i);

    const br = await api.api(
      new Request('http://localhost/api/directory?limit=20', {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    );
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(text);

    const gz = await api.api(
      new Request('http://localhost/api/directory?limit=20', {
        headers: { 'accept-encoding': 'gzip' },
      }),
    );
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);

    const small = await api.api(
      new Request('http://localhost/api/nope', { headers: { 'accept-encoding': 'br' } }),
    );
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
