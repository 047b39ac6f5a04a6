import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { MailMessage, MailTransport } from '../../functions/_lib/mail.ts';
import {
  ALREADY_REVIEWED_MESSAGE,
  BLOCKED_MESSAGE,
  DAILY_LIMIT,
  NOT_OWNER_MESSAGE,
  OWN_LISTING_MESSAGE,
  VERIFY_TO_REVIEW_MESSAGE,
} from '../../functions/reviews/reviews.service.ts';
import { CacheTags } from '../../functions/site/cache-tags.ts';
import { listBusinessesPage } from '../../functions/directory/directory.service.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 24 (ADR 034) on both databases: one review per account, owners cannot review their own
 * listing, each hold rule, report → hide → the author sees why, reply permissions, the counts
 * after edits and deletes and under concurrent writes, the admin's Reviews tab and its log, and
 * the cache tags each change purges.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const mail: MailMessage[] = [];
const capture: MailTransport = { name: 'capture', send: async (m) => void mail.push(m) };
const ADMIN = { as: 'admin' } as const;
const userIds: Record<string, string> = {};

let ipCounter = 0;
/**
 * A fresh client address per account or write, each in a network of its own (a /24), so the
 * per-address and per-network rules (ADR 077) apply only where meant.
 */
const nextIp = () => `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.9`;

/**
 * A signed-in account `name` (its cookie jar), e-mail confirmed unless told, created
 * `ageDays` ago (30 by default: not a "new account").
 */
async function account(
  name: string,
  options: { verified?: boolean; ageDays?: number; ip?: string } = {},
): Promise<string> {
  const signUp = await call('/api/auth/sign-up', {
    method: 'POST',
    as: name,
    ip: options.ip ?? nextIp(),
    json: { email: `${name}@example.com`, password: `${name}-pass-12` },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const id = signUp.body.user.id as string;
  await handle.db
    .updateTable('user')
    .set({
      email_verified: options.verified ?? true,
      created_at: sql`now() - make_interval(days => ${options.ageDays ?? 30})`,
    })
    .where('id', '=', id)
    .execute();
  userIds[name] = id;
  return id;
}

let textCounter = 0;
/** A valid review with a text of its own (the duplicate rule compares texts). */
function reviewBody(overrides: Record<string, unknown> = {}) {
  textCounter += 1;
  return {
    rating: 4,
    title: 'Honest mechanic',
    body: `Fixed my gearbox in two days and explained every part he changed, visit ${textCounter}.`,
    service: 'Mechanic / Repair Services',
    visit_month: lagosMonth(),
    author_name: 'Ada O.',
    ...overrides,
  };
}

const write = (listingId: string, as: string, body: unknown = reviewBody(), ip = nextIp()) =>
  call(`/api/listings/${listingId}/reviews`, { method: 'POST', as, ip, json: body });

const listingStats = (id: string) =>
  handle.db
    .selectFrom('business_registrations')
    .select(['review_count', 'review_sum', 'review_stars', 'review_score'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function publicReviews(listingId: string, query = '') {
  const res = await call(`/api/listings/${listingId}/reviews${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function waitingCard(reviewId: string) {
  const { status, body } = await call('/api/admin/reviews?limit=100', ADMIN);
  expect(status).toBe(200);
  return body.reviews.find((r: { id: string }) => r.id === reviewId);
}

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db, { mailTransport: capture });
  call = api.call;
  userIds.admin = (
    await ensureAdmin(handle.db, {
      email: 'reviews-admin@example.com',
      password: 'reviews-pass-1',
      name: 'Reviews Admin',
    })
  ).userId;
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'reviews-admin@example.com', password: 'reviews-pass-1' },
  });
  expect(signIn.status).toBe(200);
  for (const name of ['ada', 'bola', 'chidi', 'dayo', 'emeka', 'owner']) await account(name);
  await account('unconfirmed', { verified: false });
});
afterAll(() => handle?.close());

describe('writing a review', () => {
  it('publishes at once, shows it with its summary, and purges the listing and its category pages', async () => {
    const listing = await insertBusiness(handle.db, { slug: 'first-review-motors' });
    api.purges.length = 0;
    const res = await write(listing.id, 'ada', reviewBody({ rating: 5, title: 'Great work' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.review).toMatchObject({
      status: 'published',
      hold_reasons: [],
      rating: 5,
      title: 'Great work',
      visit_month: lagosMonth(),
      author_name: 'Ada O.',
    });
    expect(api.purges.flat()).toEqual(
      expect.arrayContaining([CacheTags.listing(listing.id), CacheTags.category('mechanic')]),
    );
    const page = await publicReviews(listing.id);
    expect(page.summary).toEqual({ count: 1, average: 5, stars: [0, 0, 0, 0, 1] });
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).not.toHaveProperty('user_id');
    expect(JSON.stringify(page)).not.toContain(userIds.ada);
    // The card data of the directory carries the average and count.
    const card = await call(`/api/listings/${listing.id}`);
    expect(card.body.business).toMatchObject({ review_count: 1, review_average: 5 });
  });

  it('allows one review per account and listing (409), even when two arrive at once', async () => {
    const listing = await insertBusiness(handle.db);
    expect((await write(listing.id, 'ada')).status).toBe(201);
    const second = await write(listing.id, 'ada');
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(ALREADY_REVIEWED_MESSAGE);
    const other = await insertBusiness(handle.db);
    const racing = await Promise.all([write(other.id, 'bola'), write(other.id, 'bola')]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await listingStats(other.id)).review_count).toBe(1);
  });

  it('needs a signed-in account (401) with a confirmed e-mail (403)', async () => {
    const listing = await insertBusiness(handle.db);
    const anonymous = await call(`/api/listings/${listing.id}/reviews`, {
      method: 'POST',
      json: reviewBody(),
    });
    expect(anonymous.status).toBe(401);
    const unconfirmed = await write(listing.id, 'unconfirmed');
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error.message).toBe(VERIFY_TO_REVIEW_MESSAGE);
  });

  it('refuses the owner of the listing (403), and listings not in the directory (404)', async () => {
    const listing = await insertBusiness(handle.db, { owner_user_id: userIds.owner });
    const own = await write(listing.id, 'owner');
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(OWN_LISTING_MESSAGE);
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    expect((await write(pending.id, 'ada')).status).toBe(404);
    expect((await write('00000000-0000-4000-8000-000000000000', 'ada')).status).toBe(404);
  });

  it.each([
    ['no stars', { rating: undefined }, 'rating'],
    ['6 stars', { rating: 6 }, 'rating'],
    ['a title of 2 characters', { title: 'Ok' }, 'title'],
    ['a text of 19 characters', { body: 'x'.repeat(19) }, 'body'],
    ['a text of 2,001 characters', { body: 'x'.repeat(2001) }, 'body'],
    ['a service not in the list', { service: 'Haircut' }, 'service'],
    ['a month in the future', { visit_month: '2999-01' }, 'visit_month'],
    ['a month that is not one', { visit_month: '2026-13' }, 'visit_month'],
    ['a name of 1 character', { author_name: 'A' }, 'author_name'],
  ])('refuses %s with 422 and the field', async (_what, overrides, field) => {
    const listing = await insertBusiness(handle.db);
    const res = await write(listing.id, 'chidi', reviewBody(overrides));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBeDefined();
  });

  it('accepts 20 and 2,000 characters of text', async () => {
    for (const body of ['y'.repeat(20), `${'z'.repeat(1990)} ${textCounter}abc`.slice(0, 2000)]) {
      const listing = await insertBusiness(handle.db);
      const res = await write(listing.id, 'chidi', reviewBody({ body }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });
});

describe('hold rules', () => {
  it.each([
    ['a link', 'Cheaper at www.cheap-parts.ng, go there instead of this place.', 'link'],
    [
      'a phone number',
      'Do not go here. Call my guy on 0803 123 4567 instead, he is better.',
      'phone',
    ],
    [
      'an e-mail address',
      'Write to me at tunde.parts@example.com for genuine parts instead.',
      'email',
    ],
  ])(
    'holds a review with %s, purges nothing, and tells its author why',
    async (_what, body, rule) => {
      const listing = await insertBusiness(handle.db);
      api.purges.length = 0;
      const res = await write(listing.id, 'dayo', reviewBody({ body }));
      expect(res.status).toBe(201);
      expect(res.body.review).toMatchObject({ status: 'held', hold_reasons: [rule] });
      expect(api.purges).toEqual([]);
      expect((await publicReviews(listing.id)).reviews).toEqual([]);
      expect(await listingStats(listing.id)).toMatchObject({ review_count: 0, review_score: null });
      const mine = await call(`/api/account/reviews/${listing.id}`, { as: 'dayo' });
      expect(mine.body.review).toMatchObject({ status: 'held', hold_reasons: [rule] });
      const card = await waitingCard(res.body.review.id);
      expect(card).toMatchObject({ status: 'held', hold_reasons: [rule] });
      expect(card.log[0]).toMatchObject({ action: 'held', reasons: [rule], admin: null });
    },
  );

  it('holds the same text posted on another listing (any case and punctuation)', async () => {
    const [first, second] = [await insertBusiness(handle.db), await insertBusiness(handle.db)];
    const text = 'The best panel beater in Surulere, my Camry looks brand new after the accident.';
    expect((await write(first.id, 'ada', reviewBody({ body: text }))).body.review.status).toBe(
      'published',
    );
    const copy = await write(
      second.id,
      'bola',
      reviewBody({ body: `  ${text.toUpperCase().replace(/,/g, '')}!! ` }),
    );
    expect(copy.body.review).toMatchObject({ status: 'held', hold_reasons: ['duplicate'] });
  });

  it(`holds every review past ${DAILY_LIMIT} in 24 hours from one account`, async () => {
    await account('busy');
    const statuses: string[] = [];
    for (let i = 0; i < DAILY_LIMIT + 2; i += 1) {
      const listing = await insertBusiness(handle.db);
      const res = await write(listing.id, 'busy');
      expect(res.status).toBe(201);
      statuses.push(res.body.review.status);
      if (i >= DAILY_LIMIT) expect(res.body.review.hold_reasons).toEqual(['daily_limit']);
    }
    expect(statuses).toEqual([...Array<string>(DAILY_LIMIT).fill('published'), 'held', 'held']);
  });

  it('holds the third new account from one address reviewing one listing, and the two before it', async () => {
    const listing = await insertBusiness(handle.db);
    const ip = nextIp();
    const ids: string[] = [];
    for (const name of ['new1', 'new2', 'new3']) {
      await account(name, { ageDays: 1 });
      const res = await write(listing.id, name, reviewBody(), ip);
      expect(res.status).toBe(201);
      ids.push(res.body.review.id);
      if (name !== 'new3') expect(res.body.review.status).toBe('published');
    }
    const statuses = await handle.db
      .selectFrom('reviews')
      .select(['id', 'status', 'hold_reasons'])
      .where('listing_id', '=', listing.id)
      .execute();
    expect(
      statuses.every((r) => r.status === 'held' && r.hold_reasons.includes('new_accounts')),
    ).toBe(true);
    expect((await listingStats(listing.id)).review_count).toBe(0);
    // Two days on (past one network's day, ADR 077), an old account from the same address is not
    // part of it; new accounts elsewhere neither.
    await handle.db
      .updateTable('reviews')
      .set({ created_at: sql`created_at - interval '2 days'` })
      .where('listing_id', '=', listing.id)
      .execute();
    await account('old-neighbour', { ageDays: 90 });
    expect((await write(listing.id, 'old-neighbour', reviewBody(), ip)).body.review.status).toBe(
      'published',
    );
    await account('new4', { ageDays: 1 });
    expect((await write(listing.id, 'new4', reviewBody(), nextIp())).body.review.status).toBe(
      'published',
    );
  });

  it('runs the text rules again on an edit; an edit of a hidden review goes back to the admin', async () => {
    const listing = await insertBusiness(handle.db);
    await account('editor');
    const { id } = (await write(listing.id, 'editor')).body.review;
    api.purges.length = 0;
    const edited = await call(`/api/reviews/${id}`, {
      method: 'PUT',
      as: 'editor',
      json: reviewBody({ body: 'Changed my mind: see www.better-mechanic.ng for a proper job.' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.review).toMatchObject({ status: 'held', hold_reasons: ['link'] });
    // It left the page: the page is purged and the counts drop.
    expect(api.purges.flat()).toContain(CacheTags.listing(listing.id));
    expect((await listingStats(listing.id)).review_count).toBe(0);
    const fixed = await call(`/api/reviews/${id}`, {
      method: 'PUT',
      as: 'editor',
      json: reviewBody(),
    });
    expect(fixed.body.review).toMatchObject({ status: 'published', hold_reasons: [] });
    expect(await waitingCard(id)).toBeUndefined();

    const hidden = await call(`/api/admin/reviews/${id}/hide`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Not about a visit.' },
    });
    expect(hidden.status).toBe(200);
    const again = await call(`/api/reviews/${id}`, {
      method: 'PUT',
      as: 'editor',
      json: reviewBody(),
    });
    expect(again.body.review).toMatchObject({
      status: 'held',
      hold_reasons: ['edited_after_hide'],
      hidden_reason: 'Not about a visit.',
    });
  });
});

describe('report → hide → the author sees why', () => {
  it('a reported review waits in the tab, is hidden with a reason its author reads and is e-mailed', async () => {
    const listing = await insertBusiness(handle.db, { business_name: 'Reported Review Motors' });
    await account('reported');
    const { id } = (await write(listing.id, 'reported', reviewBody({ rating: 1 }))).body.review;
    const ip = nextIp();
    for (const attempt of [1, 2]) {
      const res = await call(`/api/reviews/${id}/reports`, {
        method: 'POST',
        ip,
        json: { reason: 'fake', details: `Never a customer (${attempt})` },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ received: true });
    }
    // A repeat of the same reporter and reason counts once.
    const card = await waitingCard(id);
    expect(card.status).toBe('published');
    expect(card.reports).toHaveLength(1);
    expect(card.reports[0]).toMatchObject({ reason: 'fake', signed_in: false });
    expect(JSON.stringify(card.reports)).not.toContain(ip);
    const counts = await call('/api/admin/counts', ADMIN);
    expect(counts.body.counts.reviews).toBeGreaterThanOrEqual(1);

    api.purges.length = 0;
    mail.length = 0;
    const hidden = await call(`/api/admin/reviews/${id}/hide`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'The business showed us this person was never a customer.' },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ status: 'hidden', reply_status: null, waiting: false });
    expect(api.purges.flat()).toContain(CacheTags.listing(listing.id));
    expect((await publicReviews(listing.id)).reviews).toEqual([]);
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 0,
      review_stars: [0, 0, 0, 0, 0],
    });
    const mine = await call(`/api/account/reviews/${listing.id}`, { as: 'reported' });
    expect(mine.body.review).toMatchObject({
      status: 'hidden',
      hidden_reason: 'The business showed us this person was never a customer.',
    });
    const sent = mail.find((m) => m.template === 'review-hidden');
    expect(sent?.to).toEqual(['reported@example.com']);
    expect(sent?.text).toContain('The business showed us this person was never a customer.');
    const reports = await handle.db
      .selectFrom('review_reports')
      .select('status')
      .where('review_id', '=', id)
      .execute();
    expect(reports.map((r) => r.status)).toEqual(['upheld']);
    // The log says who and when.
    const log = await call('/api/admin/reviews/log?limit=100', ADMIN);
    const entry = log.body.entries.find(
      (e: { review: { id: string } | null; action: string }) =>
        e.review?.id === id && e.action === 'hidden',
    );
    expect(entry).toMatchObject({ admin: 'Reviews Admin', business: { id: listing.id } });
    expect(Date.now() - new Date(entry.created_at).getTime()).toBeLessThan(60_000);
  });

  it('refuses reports of reviews that are not public (404), bad reasons (422), and past 10 an hour (429)', async () => {
    const listing = await insertBusiness(handle.db);
    await account('held-author');
    const held = (
      await write(
        listing.id,
        'held-author',
        reviewBody({ body: 'See www.example.ng for better service anyway.' }),
      )
    ).body.review;
    expect(
      (
        await call(`/api/reviews/${held.id}/reports`, {
          method: 'POST',
          ip: nextIp(),
          json: { reason: 'fake' },
        })
      ).status,
    ).toBe(404);
    const other = await insertBusiness(handle.db);
    const published = (await write(other.id, 'held-author')).body.review;
    expect(
      (
        await call(`/api/reviews/${published.id}/reports`, {
          method: 'POST',
          ip: nextIp(),
          json: { reason: 'rude' },
        })
      ).status,
    ).toBe(422);
    const ip = nextIp();
    const reasons = ['fake', 'offensive', 'personal', 'advertising', 'conflict', 'other'];
    for (let i = 0; i < 10; i += 1)
      expect(
        (
          await call(`/api/reviews/${published.id}/reports`, {
            method: 'POST',
            ip,
            json: { reason: reasons[i % reasons.length] },
          })
        ).status,
      ).toBe(201);
    const blocked = await call(`/api/reviews/${published.id}/reports`, {
      method: 'POST',
      ip,
      json: { reason: 'other' },
    });
    expect(blocked.status).toBe(429);
  });
});

describe('admin: publish and block', () => {
  it('publishes a held review (counts, purge, log) and answers 409 when there is nothing to publish', async () => {
    const listing = await insertBusiness(handle.db);
    await account('held-then-published');
    const { id } = (
      await write(
        listing.id,
        'held-then-published',
        reviewBody({
          rating: 2,
          body: 'Ask for Musa at 0803 765 4321, not the manager, he is fair.',
        }),
      )
    ).body.review;
    api.purges.length = 0;
    const published = await call(`/api/admin/reviews/${id}/publish`, { method: 'POST', ...ADMIN });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', waiting: false });
    expect(api.purges.flat()).toContain(CacheTags.listing(listing.id));
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 1,
      review_sum: 2,
      review_stars: [0, 1, 0, 0, 0],
    });
    const again = await call(`/api/admin/reviews/${id}/publish`, { method: 'POST', ...ADMIN });
    expect(again.status).toBe(409);
  });

  it('blocks an author: the review is hidden and the account can no longer review', async () => {
    const [first, second] = [await insertBusiness(handle.db), await insertBusiness(handle.db)];
    await account('spammer');
    const { id } = (await write(first.id, 'spammer')).body.review;
    const blocked = await call(`/api/admin/reviews/${id}/block`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Fake reviews for a competitor.' },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.status).toBe('hidden');
    const refused = await write(second.id, 'spammer');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(BLOCKED_MESSAGE);
    const edit = await call(`/api/reviews/${id}`, {
      method: 'PUT',
      as: 'spammer',
      json: reviewBody(),
    });
    expect(edit.status).toBe(403);
    expect(
      mail.some((m) => m.template === 'review-blocked' && m.to.includes('spammer@example.com')),
    ).toBe(true);
  });

  it('is for admins only', async () => {
    const listing = await insertBusiness(handle.db);
    await account('plain');
    const { id } = (await write(listing.id, 'plain')).body.review;
    expect((await call('/api/admin/reviews', { as: 'plain' })).status).toBe(403);
    expect(
      (
        await call(`/api/admin/reviews/${id}/hide`, {
          method: 'POST',
          as: 'plain',
          json: { reason: 'nope nope' },
        })
      ).status,
    ).toBe(403);
    expect((await call('/api/admin/reviews')).status).toBe(401);
  });

  it('searches the waiting reviews in SQL (business name, title, text, name)', async () => {
    const listing = await insertBusiness(handle.db, { business_name: 'Zebra Searchable Autos' });
    await account('searcher');
    await write(
      listing.id,
      'searcher',
      reviewBody({
        title: 'Quokka title',
        body: 'Held for www.quokka.ng mention in the body text.',
      }),
    );
    for (const q of ['zebra searchable', 'QUOKKA TITLE', 'quokka.ng']) {
      const res = await call(`/api/admin/reviews?q=${encodeURIComponent(q)}`, ADMIN);
      expect(res.body.reviews.map((r: { title: string }) => r.title)).toEqual(['Quokka title']);
      expect(res.body.total).toBe(1);
      expect(
        (await call(`/api/admin/counts?q=${encodeURIComponent(q)}`, ADMIN)).body.counts.reviews,
      ).toBe(1);
    }
  });
});

describe('owner replies', () => {
  it('only the owner replies; the reply is public under the review and the reviewer is e-mailed once', async () => {
    const listing = await insertBusiness(handle.db, {
      owner_user_id: userIds.owner,
      business_name: 'Replying Owner Motors',
      slug: 'replying-owner-motors',
    });
    const { id } = (await write(listing.id, 'emeka', reviewBody({ title: 'Slow but good' }))).body
      .review;
    const reply = {
      body: 'Thank you Emeka, we have added a second mechanic so it is quicker now.',
    };
    expect(
      (await call(`/api/reviews/${id}/reply`, { method: 'PUT', as: 'ada', json: reply })).status,
    ).toBe(403);
    const stranger = await call(`/api/reviews/${id}/reply`, {
      method: 'PUT',
      as: 'ada',
      json: reply,
    });
    expect(stranger.body.error.message).toBe(NOT_OWNER_MESSAGE);
    expect((await call(`/api/reviews/${id}/reply`, { method: 'PUT', json: reply })).status).toBe(
      401,
    );
    expect(
      (await call(`/api/reviews/${id}/reply`, { method: 'PUT', ...ADMIN, json: reply })).status,
    ).toBe(403);

    mail.length = 0;
    api.purges.length = 0;
    const posted = await call(`/api/reviews/${id}/reply`, {
      method: 'PUT',
      as: 'owner',
      json: reply,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.reply).toMatchObject({ status: 'published', body: reply.body });
    expect(api.purges.flat()).toContain(CacheTags.listing(listing.id));
    const page = await publicReviews(listing.id);
    expect(page.reviews[0].reply).toMatchObject({ body: reply.body });
    const sent = mail.filter((m) => m.template === 'review-reply');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['emeka@example.com']);
    expect(sent[0]!.text).toContain('/business/replying-owner-motors/#review-');

    // Editable: one reply per review, no second e-mail.
    const edited = await call(`/api/reviews/${id}/reply`, {
      method: 'PUT',
      as: 'owner',
      json: { body: 'Thank you Emeka, we added a second mechanic and now finish within a day.' },
    });
    expect(edited.status).toBe(200);
    expect(
      await handle.db
        .selectFrom('review_replies')
        .select('review_id')
        .where('review_id', '=', id)
        .execute(),
    ).toHaveLength(1);
    expect(mail.filter((m) => m.template === 'review-reply')).toHaveLength(1);
    const owned = await call(`/api/account/listings/${listing.id}/reviews`, { as: 'owner' });
    expect(owned.status).toBe(200);
    expect(owned.body.reviews[0].reply).toMatchObject({ status: 'published' });
    expect((await call(`/api/account/listings/${listing.id}/reviews`, { as: 'ada' })).status).toBe(
      404,
    );
  });

  it('holds a reply under the same rules; publishing it e-mails the reviewer', async () => {
    const listing = await insertBusiness(handle.db, { owner_user_id: userIds.owner });
    const { id } = (await write(listing.id, 'ada')).body.review;
    mail.length = 0;
    const held = await call(`/api/reviews/${id}/reply`, {
      method: 'PUT',
      as: 'owner',
      json: { body: 'Sorry about that, call our manager on 0803 111 2222 and we will fix it.' },
    });
    expect(held.body.reply).toMatchObject({ status: 'held', hold_reasons: ['phone'] });
    expect((await publicReviews(listing.id)).reviews[0].reply).toBeNull();
    const card = await waitingCard(id);
    expect(card).toMatchObject({ status: 'published', reply: { status: 'held' } });
    expect(mail.filter((m) => m.template === 'review-reply')).toHaveLength(0);
    const published = await call(`/api/admin/reviews/${id}/reply/publish`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(published.body).toMatchObject({ reply_status: 'published', waiting: false });
    expect((await publicReviews(listing.id)).reviews[0].reply).not.toBeNull();
    expect(mail.filter((m) => m.template === 'review-reply')).toHaveLength(1);
  });

  it('cannot reply to a review that is not public (404)', async () => {
    const listing = await insertBusiness(handle.db, { owner_user_id: userIds.owner });
    await account('held-for-owner');
    const { id } = (
      await write(
        listing.id,
        'held-for-owner',
        reviewBody({ body: 'Visit www.elsewhere.ng they are cheaper than this one.' }),
      )
    ).body.review;
    const res = await call(`/api/reviews/${id}/reply`, {
      method: 'PUT',
      as: 'owner',
      json: { body: 'Thanks for the review.' },
    });
    expect(res.status).toBe(404);
  });
});

describe('counts', () => {
  it('follow edits and deletes: count, sum, distribution, average and score', async () => {
    const listing = await insertBusiness(handle.db);
    const ids: Record<string, string> = {};
    for (const [name, rating] of [
      ['ada', 5],
      ['bola', 4],
      ['chidi', 2],
    ] as const)
      ids[name] = (await write(listing.id, name, reviewBody({ rating }))).body.review.id;
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 3,
      review_sum: 11,
      review_stars: [0, 1, 0, 1, 1],
    });
    expect((await listingStats(listing.id)).review_score).toBeCloseTo((10 * 3.5 + 11) / 13, 10);

    await call(`/api/reviews/${ids.chidi}`, {
      method: 'PUT',
      as: 'chidi',
      json: reviewBody({ rating: 3 }),
    });
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 3,
      review_sum: 12,
      review_stars: [0, 0, 1, 1, 1],
    });
    api.purges.length = 0;
    const deleted = await call(`/api/reviews/${ids.ada}`, { method: 'DELETE', as: 'ada' });
    expect(deleted.status).toBe(200);
    expect(api.purges.flat()).toContain(CacheTags.listing(listing.id));
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 2,
      review_sum: 7,
      review_stars: [0, 0, 1, 1, 0],
    });
    expect((await publicReviews(listing.id)).summary).toEqual({
      count: 2,
      average: 3.5,
      stars: [0, 0, 1, 1, 0],
    });
    // Someone else's review: 404, nothing changes.
    expect((await call(`/api/reviews/${ids.bola}`, { method: 'DELETE', as: 'chidi' })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/reviews/${ids.bola}`, { method: 'PUT', as: 'chidi', json: reviewBody() }))
        .status,
    ).toBe(404);
    expect((await listingStats(listing.id)).review_count).toBe(2);
  });

  it('stay exact when many reviews, edits and deletes of one listing arrive at once', async () => {
    const listing = await insertBusiness(handle.db);
    const names = Array.from({ length: 12 }, (_, i) => `racer${i}`);
    for (const name of names) await account(name);
    const written = await Promise.all(
      names.map((name, i) => write(listing.id, name, reviewBody({ rating: (i % 5) + 1 }))),
    );
    expect(written.map((r) => r.status)).toEqual(names.map(() => 201));
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: 12,
      review_sum: 1 + 2 + 3 + 4 + 5 + 1 + 2 + 3 + 4 + 5 + 1 + 2,
      review_stars: [3, 3, 2, 2, 2],
    });
    // Half edit to 5 stars while the other half delete, all at once.
    await Promise.all(
      written.map((r, i) =>
        i % 2 === 0
          ? call(`/api/reviews/${r.body.review.id}`, {
              method: 'PUT',
              as: names[i],
              json: reviewBody({ rating: 5 }),
            })
          : call(`/api/reviews/${r.body.review.id}`, { method: 'DELETE', as: names[i] }),
      ),
    );
    const exact = await handle.db
      .selectFrom('reviews')
      .select([
        (eb) => eb.fn.countAll<string>().as('count'),
        (eb) => eb.fn.coalesce(eb.fn.sum<string>('rating'), sql<string>`0`).as('sum'),
      ])
      .where('listing_id', '=', listing.id)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    expect(await listingStats(listing.id)).toMatchObject({
      review_count: Number(exact.count),
      review_sum: Number(exact.sum),
      review_stars: [0, 0, 0, 0, 6],
    });
    expect(Number(exact.count)).toBe(6);
  });

  it('ranks Top rated by the Bayesian average: one 5-star review does not outrank fifty 4.6s', async () => {
    const one = await insertBusiness(handle.db);
    const fifty = await insertBusiness(handle.db);
    await handle.db
      .updateTable('business_registrations')
      .set({ review_count: 1, review_sum: 5, review_stars: [0, 0, 0, 0, 1] })
      .where('id', '=', one.id)
      .execute();
    await handle.db
      .updateTable('business_registrations')
      .set({ review_count: 50, review_sum: 230, review_stars: [0, 0, 0, 20, 30] })
      .where('id', '=', fifty.id)
      .execute();
    const [a, b] = [await listingStats(one.id), await listingStats(fifty.id)];
    expect(a.review_score).toBeCloseTo(40 / 11, 10);
    expect(b.review_score).toBeCloseTo(265 / 60, 10);
    expect(b.review_score!).toBeGreaterThan(a.review_score!);
  });

  it('GET /api/directory?sort=top_rated: an LGA with its neighbourhoods, the same total, its own cache key (issue 24.5)', async () => {
    const hood = LAGOS_AREAS.find((a) => a.kind === 'neighbourhood')!;
    const best = await insertBusiness(handle.db, { area: hood.name });
    await handle.db
      .updateTable('business_registrations')
      .set({ review_count: 100, review_sum: 500, review_stars: [0, 0, 0, 0, 100] })
      .where('id', '=', best.id)
      .execute();
    const query = `category=mechanic&area=${encodeURIComponent(hood.lga)}&page=1&limit=100`;
    const ranked = await call(`/api/directory?${query}&sort=top_rated`);
    expect(ranked.status).toBe(200);
    expect(ranked.body.businesses[0].id).toBe(best.id);
    expect(ranked.body.businesses[0]).toMatchObject({ review_count: 100, review_average: 5 });
    const recommended = await call(`/api/directory?${query}`);
    expect(ranked.body.total).toBe(recommended.body.total);
    expect(ranked.headers.get('netlify-vary')).toMatch(/query=.*\bsort\b/);
    const mostReviewed = await call(`/api/directory?${query}&sort=most_reviewed`);
    expect(mostReviewed.body.businesses[0].id).toBe(best.id);
    expect((await call('/api/directory?sort=top_rated')).status).toBe(422);
    expect((await call('/api/directory?category=mechanic&sort=top_rated&cursor=abc')).status).toBe(
      422,
    );
    expect((await call('/api/directory?category=mechanic&sort=cheapest')).status).toBe(422);
  });

  it('orders a category page Top rated and Most reviewed, unreviewed listings last (issue 24.5)', async () => {
    const area = `Ranking ${Date.now()}`;
    const make = async (count: number, sum: number) => {
      const listing = await insertBusiness(handle.db, { area });
      if (count > 0)
        await handle.db
          .updateTable('business_registrations')
          .set({ review_count: count, review_sum: sum })
          .where('id', '=', listing.id)
          .execute();
      return listing.id;
    };
    const oneFive = await make(1, 5); // (35 + 5) / 11 = 3.64
    const fiftyGood = await make(50, 230); // (35 + 230) / 60 = 4.42
    const threeBad = await make(3, 6); // (35 + 6) / 13 = 3.15
    const none = await make(0, 0);
    const order = async (by: 'top_rated' | 'most_reviewed', page = 1, limit = 10) =>
      (
        await listBusinessesPage(handle.db, { category: 'mechanic', sort: by, page, limit, area })
      ).businesses.map((b) => b.id);
    expect(await order('top_rated')).toEqual([fiftyGood, oneFive, threeBad, none]);
    expect(await order('most_reviewed')).toEqual([fiftyGood, threeBad, oneFive, none]);
    expect(await order('top_rated', 2, 2)).toEqual([threeBad, none]);
    const {
      businesses: [first],
    } = await listBusinessesPage(handle.db, {
      category: 'mechanic',
      sort: 'top_rated',
      page: 1,
      limit: 1,
      area,
    });
    expect(first).toMatchObject({ review_count: 50, review_average: 4.6 });
    expect(first).not.toHaveProperty('review_score');
  });
});

describe('the public list', () => {
  it('pages 10 at a time in newest, highest and lowest order', async () => {
    const listing = await insertBusiness(handle.db);
    const names = Array.from({ length: 12 }, (_, i) => `pager${i}`);
    for (const [i, name] of names.entries()) {
      await account(name);
      await write(listing.id, name, reviewBody({ rating: (i % 5) + 1, title: `Review ${i}` }));
    }
    const first = await publicReviews(listing.id);
    expect(first).toMatchObject({ page: 1, pageCount: 2, sort: 'newest' });
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].title).toBe('Review 11');
    const second = await publicReviews(listing.id, '?page=2');
    expect(second.reviews.map((r: { title: string }) => r.title)).toEqual(['Review 1', 'Review 0']);
    const highest = await publicReviews(listing.id, '?sort=highest');
    expect(highest.reviews.slice(0, 3).map((r: { rating: number }) => r.rating)).toEqual([5, 5, 4]);
    const lowest = await publicReviews(listing.id, '?sort=lowest');
    expect(lowest.reviews.slice(0, 3).map((r: { rating: number }) => r.rating)).toEqual([1, 1, 1]);
    expect((await call(`/api/listings/${listing.id}/reviews?sort=oldest`)).status).toBe(422);
  });
});
