import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin's Users tab (SPEC §2 Users, §5 "Admin search"), paged and searched in SQL; and the
 * Articles tab's list beside it (ADR 014).
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  await signInAdmin(handle.db, call, {
    email: 'lists-admin@example.com',
    password: 'lists-pass-1',
  });
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

describe('users and articles', () => {
  it('pages users newest first and searches name, e-mail, role and user ID', async () => {
    for (const [i, email] of ['zed@example.com', 'yan@example.com', 'xia@example.com'].entries()) {
      const signUp = await call('/api/auth/sign-up', {
        method: 'POST',
        as: `u${i}`,
        json: { email, password: 'user-pass-1', displayName: `Name ${email[0]}` },
      });
      expect(signUp.status).toBe(201);
    }
    const { body } = await call('/api/admin/users?limit=2', AS);
    expect(body).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([
      'xia@example.com',
      'yan@example.com',
    ]);
    const search = async (q: string) =>
      (await call(`/api/admin/users?q=${encodeURIComponent(q)}`, AS)).body.users.map(
        (u: { email: string }) => u.email,
      );
    expect(await search('name y')).toEqual(['yan@example.com']);
    expect(await search('ADMIN')).toEqual(['lists-admin@example.com']);
    const id = body.users[0].user_id as string;
    expect(await search(id.slice(2, 12))).toEqual(['xia@example.com']);
  });

  it('pages admin articles (drafts too) with search; the public list is paged, limit ≤ 100', async () => {
    await handle.db.deleteFrom('articles').execute();
    await handle.db
      .insertInto('articles')
      .values(
        [1, 2, 3, 4, 5].map((age) => ({
          title: `Article ${age}`,
          slug: `article-${age}`,
          content: age === 2 ? 'All about BRAKE pads' : 'Body',
          author: age === 3 ? 'Ngozi Okafor' : 'Desk',
          category: age === 4 ? 'Buying Guide' : 'Tips',
          published: age !== 5,
          created_at: minutesAgo(age),
        })),
      )
      .execute();
    const admin = await call('/api/admin/articles?limit=2&page=3', AS);
    expect(admin.body).toMatchObject({ total: 5, page: 3 });
    expect(admin.body.articles.map((a: { title: string }) => a.title)).toEqual(['Article 5']);
    const search = async (q: string) =>
      (await call(`/api/admin/articles?q=${encodeURIComponent(q)}`, AS)).body.articles.map(
        (a: { title: string }) => a.title,
      );
    expect(await search('brake')).toEqual(['Article 2']);
    expect(await search('ngozi')).toEqual(['Article 3']);
    expect(await search('buying')).toEqual(['Article 4']);
    expect(await search('article 5')).toEqual(['Article 5']);

    const pub = await call('/api/articles?limit=2&page=2');
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(pub.body.articles.map((a: { slug: string }) => a.slug)).toEqual([
      'article-3',
      'article-4',
    ]);
    expect(pub.body.articles[0]).not.toHaveProperty('content');
    expect((await call('/api/articles?limit=101')).status).toBe(422);
    expect((await call('/api/articles?limit=500')).status).toBe(422);
    expect((await call('/api/articles/article-1')).body.article.content).toBe('Body');
  });
});
