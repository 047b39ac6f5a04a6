import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { MailTransport } from '../../functions/_lib/mail.ts';
import { dailyCounts } from '../../functions/insights/insights.repository.ts';
import { flushCounts, lagosDay } from '../../functions/insights/insights.service.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 27.1 (ADR 041 update) on both databases: the two counters added once photos and reviews
 * existed. A photo opened in the viewer is a `photo_view` beacon, counted like the others (and
 * never for an unknown or unapproved listing); a review counts once, on the day it first becomes
 * public (as written, by an edit that clears its hold, or published by an admin), and a held or
 * hidden review counts nothing. The owner's Insights and CSV carry both.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const ADMIN = { as: 'admin' } as const;
const capture: MailTransport = { name: 'capture', send: async () => undefined };

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const beacon = (body: unknown) =>
  call('/api/beacon', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'user-agent': PHONE_UA, 'content-type': 'text/plain;charset=UTF-8' },
    ip: nextIp(),
  });

const countsOf = async (listingId: string) => {
  await flushCounts(handle.db);
  return dailyCounts(handle.db, listingId, '2000-01-01', '2100-01-01');
};
/** The listing's reviews counted today (0 without a row). */
const reviewsCounted = async (listingId: string) =>
  (await countsOf(listingId)).find((row) => row.day === lagosDay(new Date()))?.reviews ?? 0;

/** A signed-in account `name` with a confirmed e-mail, old enough not to be a new account. */
async function account(name: string): Promise<string> {
  const signUp = await call('/api/auth/sign-up', {
    method: 'POST',
    as: name,
    ip: nextIp(),
    json: { email: `${name}@events.example.com`, password: `${name}-pass-12` },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const id = signUp.body.user.id as string;
  await handle.db
    .updateTable('user')
    .set({ email_verified: true, created_at: sql`now() - interval '30 days'` })
    .where('id', '=', id)
    .execute();
  return id;
}

let textCounter = 0;
/** A review that publishes at once, or one held for a phone number in its text (`held`). */
function reviewBody(held = false) {
  textCounter += 1;
  return {
    rating: 4,
    title: 'Honest mechanic',
    body: held
      ? `Ask for Musa at 0803 765 43${String(textCounter).padStart(2, '0')}, he is fair and quick.`
      : `Fixed my gearbox in two days and explained every part he changed, visit ${textCounter}.`,
    service: 'Mechanic / Repair Services',
    visit_month: lagosMonth(),
    author_name: 'Ada O.',
  };
}

const write = async (listingId: string, as: string, held = false) => {
  const res = await call(`/api/listings/${listingId}/reviews`, {
    method: 'POST',
    as,
    ip: nextIp(),
    json: reviewBody(held),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.review.status).toBe(held ? 'held' : 'published');
  return res.body.review.id as string;
};
const moderate = (id: string, action: 'publish' | 'hide') =>
  call(`/api/admin/reviews/${id}/${action}`, {
    method: 'POST',
    ...ADMIN,
    ...(action === 'hide' ? { json: { reason: 'Not about a visit.' } } : {}),
  });

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db, { mailTransport: capture }).call;
  await ensureAdmin(handle.db, {
    email: 'events-admin@example.com',
    password: 'events-pass-1',
    name: 'Events Admin',
  });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'events-admin@example.com', password: 'events-pass-1' },
  });
  expect(signIn.status).toBe(200);
  for (const name of ['ada', 'bola', 'chidi', 'dayo']) await account(name);
});
afterAll(() => handle?.close());

describe('photo views (issue 27.1)', () => {
  it('counts a photo_view beacon of an approved listing, never of an unknown or pending one', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const listing of [id, id, pending.id, unknown])
      expect((await beacon({ listing, event: 'photo_view' })).status).toBe(204);
    const [row, ...rest] = await countsOf(id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ day: lagosDay(new Date()), photo_views: 2, page_views: 0 });
    expect(await countsOf(pending.id)).toEqual([]);
    expect(await countsOf(unknown)).toEqual([]);
  });

  it('refuses a review sent as a beacon: the server counts reviews', async () => {
    const { id } = await insertBusiness(handle.db, { status: 'approved' });
    const bad = await beacon({ listing: id, event: 'review' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(await countsOf(id)).toEqual([]);
  });
});

describe('reviews (issue 27.1)', () => {
  it('counts a review published as written, once, on its day', async () => {
    const listing = await insertBusiness(handle.db);
    const id = await write(listing.id, 'ada');
    expect(await reviewsCounted(listing.id)).toBe(1);
    // An edit of a public review is not another review.
    const edit = await call(`/api/reviews/${id}`, {
      method: 'PUT',
      as: 'ada',
      json: reviewBody(),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await reviewsCounted(listing.id)).toBe(1);
  });

  it('counts nothing for a held review, one when the admin publishes it, none when published again', async () => {
    const listing = await insertBusiness(handle.db);
    const id = await write(listing.id, 'bola', true);
    expect(await countsOf(listing.id)).toEqual([]);
    expect((await moderate(id, 'publish')).status).toBe(200);
    expect(await reviewsCounted(listing.id)).toBe(1);
    // Hidden, then published again: the same review, not counted twice.
    expect((await moderate(id, 'hide')).status).toBe(200);
    expect((await moderate(id, 'publish')).status).toBe(200);
    expect(await reviewsCounted(listing.id)).toBe(1);
  });

  it('counts nothing for a held review the admin hides; one when an edit clears the hold', async () => {
    const listing = await insertBusiness(handle.db);
    const rejected = await write(listing.id, 'chidi', true);
    expect((await moderate(rejected, 'hide')).status).toBe(200);
    expect(await countsOf(listing.id)).toEqual([]);

    const fixed = await write(listing.id, 'dayo', true);
    const edit = await call(`/api/reviews/${fixed}`, {
      method: 'PUT',
      as: 'dayo',
      json: reviewBody(),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.review.status).toBe('published');
    expect(await reviewsCounted(listing.id)).toBe(1);
  });
});

describe("the owner's Insights (issue 27.2)", () => {
  it('carries photo views and reviews in the totals and the CSV', async () => {
    const ownerId = await account('events-owner');
    const listing = await insertBusiness(handle.db, { owner_user_id: ownerId });
    await account('events-reviewer');
    await write(listing.id, 'events-reviewer');
    for (let i = 0; i < 3; i += 1)
      expect((await beacon({ listing: listing.id, event: 'photo_view' })).status).toBe(204);

    const mine = await call(`/api/account/listings/${listing.id}/insights?period=7`, {
      as: 'events-owner',
    });
    expect(mine.status).toBe(200);
    expect(mine.body.current).toMatchObject({ photo_views: 3, reviews: 1, page_views: 0 });
    expect(mine.body.daily.at(-1)).toMatchObject({ photo_views: 3, reviews: 1 });

    const csv = await call(`/api/account/listings/${listing.id}/insights.csv?period=7`, {
      as: 'events-owner',
    });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.split(',').slice(-4, -2)).toEqual(['Photo views', 'Reviews']);
    expect(lines.at(-1)!.split(',').slice(-4, -2)).toEqual(['3', '1']);
  });
});
