import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Articles, public and admin (SPEC §2 Articles tab, §4, §5 Article form, §7 articles), with the
 * cached pages they purge (ADR 011).
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];

const AS = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  await signInAdmin(handle.db, call, { email: 'editor@example.com', password: 'editor-pass-1' });
});
afterAll(() => handle?.close());
beforeEach(() => {
  api.purges.length = 0;
});

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Keeping Your Engine Cool in Lagos Traffic',
  slug: '',
  content: 'Check the coolant level every week.\n\nReplace the radiator cap every two years.',
  excerpt: 'Heat and traffic are hard on engines.',
  author: 'Chidi',
  category: 'Car Care',
  read_time: 4,
  published: true,
  featured: false,
  image_url: null,
  meta_title: null,
  meta_description: null,
  ...overrides,
});
const create = (json: unknown) => call('/api/admin/articles', { method: 'POST', json, ...AS });
const update = (id: string, json: unknown) =>
  call(`/api/admin/articles/${id}`, { method: 'PATCH', json, ...AS });
const remove = (id: string) => call(`/api/admin/articles/${id}`, { method: 'DELETE', ...AS });
const publicSlugs = async () =>
  ((await call('/api/articles')).body.articles as { slug: string }[]).map((a) => a.slug);
const adminSlugs = async () =>
  ((await call('/api/admin/articles', AS)).body.articles as { slug: string }[]).map((a) => a.slug);

describe('articles', () => {
  it('creates a published article (201) with the slug generated from the title and requests a rebuild', async () => {
    const { status, body } = await create(article({ title: '  Tokunbo vs. Nigerian-used!  ' }));
    expect(status).toBe(201);
    expect(body.article).toMatchObject({
      title: 'Tokunbo vs. Nigerian-used!',
      slug: 'tokunbo-vs-nigerian-used',
      category: 'Car Care',
      read_time: 4,
      published: true,
      featured: false,
      author: 'Chidi',
      image_url: null,
    });
    expect(body.article.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.purges).toEqual([[`article-${body.article.id}`, 'articles', 'home', 'sitemap']]);
    expect(await publicSlugs()).toContain('tokunbo-vs-nigerian-used');
    expect((await call('/api/articles/tokunbo-vs-nigerian-used')).body.article.content).toContain(
      'coolant',
    );
  });

  it('normalises a given slug by the same rule and falls back to read_time 5', async () => {
    for (const [read_time, expected] of [
      ['abc', 5],
      [null, 5],
      [0, 5],
      ['', 5],
      ['7', 7],
    ] as const) {
      const title = `Read time ${String(read_time)} ${expected}`;
      const { status, body } = await create(
        article({ title, slug: '', read_time, published: false }),
      );
      expect(status, String(read_time)).toBe(201);
      expect(body.article.read_time, String(read_time)).toBe(expected);
    }
    const custom = await create(
      article({ title: 'Anything', slug: '--My  Custom__Slug--', published: false }),
    );
    expect(custom.body.article.slug).toBe('my-custom-slug');
  });

  // Regression: a form without read_time used to answer 422 instead of falling back to 5 (SPEC §3, §5).
  it('falls back to read_time 5 when read_time is omitted', async () => {
    const { read_time: _omit, ...form } = article({
      title: 'No read time given',
      published: false,
    });
    const { status, body } = await create(form);
    expect(status).toBe(201);
    expect(body.article.read_time).toBe(5);
  });

  it('answers 409 for a duplicate slug (explicit or generated) and 422 for invalid forms', async () => {
    expect((await create(article({ title: 'Duplicate Me', published: false }))).status).toBe(201);
    const generated = await create(article({ title: 'duplicate   me!', published: false }));
    expect(generated.status).toBe(409);
    expect(generated.body.error.code).toBe('CONFLICT');
    expect(generated.body.error.fields.slug).toEqual(['An article with this slug already exists.']);
    const explicit = await create(
      article({ title: 'Other title', slug: 'duplicate-me', published: true }),
    );
    expect(explicit.status).toBe(409);
    expect(api.purges).toEqual([]);

    expect((await create(article({ title: '' }))).body.error.fields.title).toEqual([
      'Title is required',
    ]);
    expect((await create(article({ content: ' ' }))).status).toBe(422);
    const badCategory = await create(article({ category: 'Gossip' }));
    expect(badCategory.status).toBe(422);
    expect(badCategory.body.error.fields.category).toEqual(['Please choose a category']);
    const noSlug = await create(article({ title: '!!!', slug: '' }));
    expect(noSlug.status).toBe(422);
    expect(noSlug.body.error.fields.slug).toEqual([
      'The title needs at least one letter or number',
    ]);
    expect(api.purges).toEqual([]);
  });

  it('keeps drafts out of GET /api/articles but lists them for the admin, with no purge', async () => {
    const { status, body } = await create(
      article({ title: 'Draft About Brakes', published: false }),
    );
    expect(status).toBe(201);
    expect(body.article.published).toBe(false);
    expect(api.purges).toEqual([]);
    expect(await publicSlugs()).not.toContain('draft-about-brakes');
    expect((await call('/api/articles/draft-about-brakes')).status).toBe(404);
    expect(await adminSlugs()).toContain('draft-about-brakes');
  });

  it('lists all articles for the admin newest first', async () => {
    const { body } = await call('/api/admin/articles', AS);
    const dates = (body.articles as { created_at: string }[]).map((a) =>
      new Date(a.created_at).getTime(),
    );
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.articles[0].content).toBeTruthy();
  });

  it('edits: publishing, editing and unpublishing purge the article pages; draft-only edits do not', async () => {
    const draft = (await create(article({ title: 'Tyre Pressure Basics', published: false }))).body
      .article;
    const draftEdit = await update(
      draft.id,
      article({ title: 'Tyre Pressure Basics', published: false, read_time: 'abc', author: '' }),
    );
    expect(draftEdit.status).toBe(200);
    expect(draftEdit.body.article).toMatchObject({
      id: draft.id,
      read_time: 5,
      author: null,
      published: false,
    });
    expect(api.purges).toEqual([]);

    const published = await update(
      draft.id,
      article({
        title: 'Tyre Pressure Basics',
        slug: 'tyre-pressure',
        published: true,
        featured: true,
      }),
    );
    expect(published.status).toBe(200);
    expect(published.body.article).toMatchObject({
      slug: 'tyre-pressure',
      published: true,
      featured: true,
    });
    expect(await publicSlugs()).toContain('tyre-pressure');

    const unpublished = await update(
      draft.id,
      article({ title: 'Tyre Pressure Basics', slug: 'tyre-pressure', published: false }),
    );
    expect(unpublished.status).toBe(200);
    expect(await publicSlugs()).not.toContain('tyre-pressure');
    expect(api.purges).toEqual([
      [`article-${draft.id}`, 'articles', 'home', 'sitemap'],
      [`article-${draft.id}`, 'articles', 'home', 'sitemap'],
    ]);

    const stored = await handle.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ slug: 'tyre-pressure', published: false, read_time: 4 });
  });

  it('edit errors: duplicate slug 409 (unchanged), unknown 404, malformed id 422', async () => {
    const a = (await create(article({ title: 'Slug Owner', published: false }))).body.article;
    const b = (await create(article({ title: 'Slug Thief', published: false }))).body.article;
    const taken = await update(
      b.id,
      article({ title: 'Slug Thief', slug: 'slug-owner', published: false }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.slug).toEqual(['An article with this slug already exists.']);
    expect(
      (
        await handle.db
          .selectFrom('articles')
          .select('slug')
          .where('id', '=', b.id)
          .executeTakeFirstOrThrow()
      ).slug,
    ).toBe('slug-thief');
    expect(a.slug).toBe('slug-owner');
    expect((await update(UNKNOWN_ID, article())).status).toBe(404);
    expect((await update('nope', article())).status).toBe(422);
    expect(api.purges).toEqual([]);
  });

  it('deletes: a published article purges its pages, a draft does not; then 404', async () => {
    const pub = (await create(article({ title: 'Delete Published', published: true }))).body
      .article;
    const draft = (await create(article({ title: 'Delete Draft', published: false }))).body.article;
    api.purges.length = 0;

    const gone = await remove(pub.id);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ ok: true });
    expect(api.purges).toEqual([[`article-${pub.id}`, 'articles', 'home', 'sitemap']]);
    expect(await publicSlugs()).not.toContain('delete-published');
    expect(await adminSlugs()).not.toContain('delete-published');

    expect((await remove(draft.id)).status).toBe(200);
    expect(api.purges).toHaveLength(1);
    expect((await remove(draft.id)).status).toBe(404);
  });
});
