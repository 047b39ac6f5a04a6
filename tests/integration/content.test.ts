import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { CATEGORY_PAGES } from '../../common/schemas/categories.ts';
import { matchesTypeFilter, type PublicBusiness } from '../../common/schemas/directory.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await seedDatabase(handle.db);
});
afterAll(() => handle.close());

describe('seed content', () => {
  it('is idempotent', async () => {
    expect(await seedDatabase(handle.db)).toEqual({
      articles: 0,
      serviceCards: 0,
      sampleBusinesses: 0,
      osmBusinesses: 0,
    });
  });

  it('populates every category page', async () => {
    const { body } = await call('/api/directory');
    const businesses = body.businesses as PublicBusiness[];
    for (const page of Object.values(CATEGORY_PAGES)) {
      expect(
        businesses.filter((b) => matchesTypeFilter(b, page.typeFilter)).length,
        page.path,
      ).toBeGreaterThan(0);
    }
  });

  it('covers both visibilities, every verification state, featured and a spread of ratings', async () => {
    const businesses = (await call('/api/directory')).body.businesses as PublicBusiness[];
    const samples = businesses.filter((b) => b.is_sample);
    expect(new Set(samples.map((b) => b.contact_visibility))).toEqual(
      new Set(['public', 'registered_users_only']),
    );
    expect(new Set(samples.map((b) => b.verification_status))).toEqual(
      new Set(['verified', 'verification_pending', 'not_verified']),
    );
    expect(samples.some((b) => b.featured)).toBe(true);
    expect(new Set(samples.map((b) => b.star_rating)).size).toBeGreaterThanOrEqual(5);
  });

  it('imports the named, non-fuel OpenStreetMap points inside Lagos with their source', async () => {
    // Every shipped listing on one page: Recommended puts the bare imports last (ADR 071).
    const businesses = (await call('/api/directory?limit=100')).body.businesses as PublicBusiness[];
    const osm = businesses.filter((b) => b.source === 'openstreetmap');
    expect(osm.map((b) => b.business_name).sort()).toEqual([
      'Landrover repairs',
      'Makoko R/A Taxi Park',
      'Popoola Battery Clinic',
      'Procuremax Autocare',
    ]);
    expect(osm.every((b) => /^node\/\d+$/.test(b.source_id ?? '') && b.state === 'Lagos')).toBe(
      true,
    );
  });
});

describe('GET /api/articles', () => {
  it('lists published articles newest first without bodies, and serves one by slug', async () => {
    const { body } = await call('/api/articles');
    expect(body.articles.length).toBeGreaterThanOrEqual(8);
    const dates = body.articles.map((a: { created_at: string }) => a.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.articles[0].content).toBeUndefined();
    const one = await call(`/api/articles/${body.articles[0].slug}`);
    expect(one.body.article.content.length).toBeGreaterThan(200);
    expect(new Set(body.articles.map((a: { category: string }) => a.category)).size).toBe(5);
  });

  it('hides drafts', async () => {
    await handle.db
      .insertInto('articles')
      .values({
        title: 'Draft',
        slug: 'a-draft',
        content: 'x',
        category: 'News',
        published: false,
        excerpt: null,
        author: null,
        image_url: null,
        meta_title: null,
        meta_description: null,
      })
      .execute();
    expect((await call('/api/articles/a-draft')).status).toBe(404);
    expect((await call('/api/articles')).text).not.toContain('a-draft');
    expect((await call('/api/articles/Bad Slug!')).status).toBe(422);
  });
});

describe('GET /api/service-cards', () => {
  it('lists enabled cards in display order with the SPEC §9 counts', async () => {
    await handle.db
      .updateTable('service_cards')
      .set({ enabled: false })
      .where('title', '=', 'Listing Websites')
      .execute();
    const { body } = await call('/api/service-cards');
    expect(body.serviceCards.map((c: { title: string }) => c.title)).toEqual([
      'Car Dealers',
      'Parts',
      'Mechanic',
      'Body Work',
      'Breakdown Recovery',
    ]);
    for (const card of body.serviceCards) expect(card.business_count).toBeGreaterThan(0);
    await handle.db.updateTable('service_cards').set({ enabled: true }).execute();
  });
});
