import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import {
  SEARCH_WORDS_TAGS,
  forgetSearchVocabulary,
  searchVocabulary,
} from '../../functions/search-words/search-words.service.ts';
import { understandQuery } from '../../common/search/understand.ts';
import { SHIPPED_VOCABULARY } from '../../common/search/vocabulary.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin teaches search (issue 35.7, ADR 062): synonym groups and misspellings added in the
 * "Search words" tab are stored, logged, merged with the shipped vocabulary for the next search
 * (every process: the cache checks the log's latest change) and purge the cached search answers.
 * Only an admin adds; only the admin who added a word removes it.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
let firstAdmin: string;

const A = { as: 'admin' } as const;
const B = { as: 'second' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  firstAdmin = await signInAdmin(handle.db, call, {
    email: 'words@example.com',
    password: 'words-pass-123',
  });
  await signInAdmin(handle.db, call, {
    email: 'second-words@example.com',
    password: 'words-pass-456',
    as: 'second',
  });
});
afterAll(() => handle?.close());
beforeEach(() => {
  api.purges.length = 0;
});

const add = (json: unknown, as: { as: string } = A) =>
  call('/api/admin/search-words', { method: 'POST', json, ...as });

describe('search words', () => {
  it('starts with the shipped vocabulary only', async () => {
    forgetSearchVocabulary();
    expect(await searchVocabulary(handle.db)).toBe(SHIPPED_VOCABULARY);
    const listed = await call('/api/admin/search-words', A);
    expect(listed.status).toBe(200);
    expect(listed.body.words).toEqual([]);
  });

  it('is admin-only: a visitor gets 401, a signed-in non-admin 403', async () => {
    expect((await call('/api/admin/search-words')).status).toBe(401);
    const signUp = await call('/api/auth/sign-up', {
      method: 'POST',
      as: 'plain',
      json: { email: 'plain-words@example.com', password: 'plain-pass-123', displayName: 'Plain' },
    });
    expect([200, 201]).toContain(signUp.status);
    expect((await call('/api/admin/search-words', { as: 'plain' })).status).toBe(403);
    expect((await add({ kind: 'synonyms', terms: 'okada, bike' }, { as: 'plain' })).status).toBe(
      403,
    );
  });

  it('adds a synonym group: normalised, logged, purged, and the next search understands it', async () => {
    expect(understandQuery('okada').terms[0]?.kind).toBe('word');
    const added = await add({
      kind: 'synonyms',
      terms: ' Okada, MOTORCYCLE ,okada ',
      category: '',
    });
    expect(added.status).toBe(201);
    expect(added.body.word).toMatchObject({
      kind: 'synonyms',
      terms: ['okada', 'motorcycle'],
      category: null,
      mine: true,
    });
    expect(api.purges).toEqual([[...SEARCH_WORDS_TAGS]]);
    expect(SEARCH_WORDS_TAGS).toEqual(expect.arrayContaining(['directory', 'category-mechanic']));

    const vocabulary = await searchVocabulary(handle.db);
    const q = understandQuery('okada ikeja', { vocabulary });
    expect(q.terms[0]?.kind).toBe('group');
    expect(q.terms[0]?.alternatives.map((a) => a.text)).toContain('motorcycle');
    expect(q.area?.name).toBe('Ikeja');

    const log = await handle.db.selectFrom('search_words_log').selectAll().execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'added', kind: 'synonyms', admin_id: firstAdmin });
    expect(log[0]!.terms).toEqual(['okada', 'motorcycle']);
  });

  it('adds a misspelling with a category-free answer; the next search corrects it', async () => {
    const added = await add({ kind: 'misspelling', wrong: 'Mekkanik', right: 'mechanic' });
    expect(added.status).toBe(201);
    const q = understandQuery('mekkanik yaba', { vocabulary: await searchVocabulary(handle.db) });
    expect(q.showingResultsFor).toBe('mechanic yaba');
    expect(q.categories).toContain('mechanic');
  });

  it('a change made by another process applies at the next search (the cache checks the log)', async () => {
    const before = await searchVocabulary(handle.db);
    expect(await searchVocabulary(handle.db)).toBe(before); // cached: the same object
    // Another process writes directly (as the handler of another instance would).
    await handle.db
      .insertInto('search_words')
      .values({ kind: 'synonyms', terms: ['danfo', 'minibus'], category: null, created_by: null })
      .execute();
    await handle.db
      .insertInto('search_words_log')
      .values({ action: 'added', kind: 'synonyms', terms: ['danfo', 'minibus'], admin_id: null })
      .execute();
    const after = await searchVocabulary(handle.db);
    expect(after).not.toBe(before);
    expect(
      understandQuery('danfo', { vocabulary: after }).terms[0]?.alternatives.map((a) => a.text),
    ).toContain('minibus');
  });

  it('refuses bad words with the error envelope: 422 for invalid, 409 for duplicates and known words', async () => {
    const tooFew = await add({ kind: 'synonyms', terms: 'okada' });
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.error.code).toBe('VALIDATION_FAILED');
    expect(tooFew.body.error.fields.terms).toBeDefined();
    expect((await add({ kind: 'synonyms', terms: '🚗, ?!' })).status).toBe(422);
    expect((await add({ kind: 'misspelling', wrong: 'abc', right: 'abc' })).status).toBe(422);
    expect((await add({ kind: 'colour', terms: 'a, b' })).status).toBe(422);
    expect((await add({ kind: 'synonyms', terms: 'x'.repeat(5000) })).status).toBe(422);
    expect((await add({ kind: 'synonyms', terms: 'a, b', category: 'nope' })).status).toBe(422);

    const duplicate = await add({ kind: 'synonyms', terms: 'motorcycle, okada' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('CONFLICT');
    // "mechanic" is a right word: teaching it as a misspelling would break every mechanic search.
    const known = await add({ kind: 'misspelling', wrong: 'mechanic', right: 'panel beater' });
    expect(known.status).toBe(409);
    expect(known.body.error.fields.wrong).toBeDefined();
    expect(api.purges).toEqual([]);
  });

  it('SQL metacharacters are data, stored as normalised words', async () => {
    const added = await add({ kind: 'synonyms', terms: "ke'ke; drop table x, tricycle%_" });
    expect(added.status).toBe(201);
    expect(added.body.word.terms).toEqual(['keke drop table x', 'tricycle']);
  });

  it('lists every addition with who added it; only its author may remove it, and removal is logged', async () => {
    const byB = await add({ kind: 'synonyms', terms: 'wheel spanner, wheel brace' }, B);
    expect(byB.status).toBe(201);
    const id = byB.body.word.id as string;

    const listedByA = await call('/api/admin/search-words', A);
    const row = listedByA.body.words.find((w: { id: string }) => w.id === id);
    expect(row).toMatchObject({ mine: false, terms: ['wheel spanner', 'wheel brace'] });
    expect(row.createdByName).toBeTruthy();

    api.purges.length = 0;
    const forbidden = await call(`/api/admin/search-words/${id}`, { method: 'DELETE', ...A });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect(api.purges).toEqual([]);

    const removed = await call(`/api/admin/search-words/${id}`, { method: 'DELETE', ...B });
    expect(removed.status).toBe(200);
    expect(api.purges).toEqual([[...SEARCH_WORDS_TAGS]]);
    const vocabulary = await searchVocabulary(handle.db);
    expect(
      understandQuery('wheel spanner', { vocabulary }).terms.some((t) => t.kind === 'group'),
    ).toBe(false);

    expect((await call(`/api/admin/search-words/${id}`, { method: 'DELETE', ...B })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/admin/search-words/${UNKNOWN_ID}`, { method: 'DELETE', ...A })).status,
    ).toBe(404);
    expect(
      (await call('/api/admin/search-words/not-a-uuid', { method: 'DELETE', ...A })).status,
    ).toBe(422);

    const log = (await call('/api/admin/search-words', A)).body.log as {
      action: string;
      terms: string[];
      adminName: string | null;
    }[];
    expect(log[0]).toMatchObject({ action: 'removed', terms: ['wheel spanner', 'wheel brace'] });
    expect(log[1]).toMatchObject({ action: 'added', terms: ['wheel spanner', 'wheel brace'] });
    expect(log[0]!.adminName).toBeTruthy();
  });
});
