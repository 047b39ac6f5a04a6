import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { networkBucket } from '../../functions/_lib/rate-limit.ts';
import { DAY_BURST, networkKey } from '../../functions/reviews/reviews.service.ts';
import { HOLD_REASONS } from '../../common/schemas/review-rules.ts';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 37.7 (ADR 077): the 3rd review of one listing in a day from accounts created that day, or
 * from one network (IPv4 /24, IPv6 /64), is held with the ones before it, the admin's Reviews tab
 * shows why, and the review keeps only a keyed hash of the network.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const ADMIN = { as: 'admin' } as const;

let networkCounter = 0;
/** An address in a network of its own (a /24 and a /64 no other write shares). */
const nextIp = () => `10.${Math.floor(++networkCounter / 250)}.${networkCounter % 250}.9`;

let accountCounter = 0;
/** A signed-in account with a confirmed e-mail, created `ageHours` ago; returns its name. */
async function account(ageHours: number): Promise<string> {
  const name = `burst${++accountCounter}`;
  const signUp = await call('/api/auth/sign-up', {
    method: 'POST',
    as: name,
    ip: nextIp(),
    json: { email: `${name}@example.com`, password: `${name}-pass-12` },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  await handle.db
    .updateTable('user')
    .set({
      email_verified: true,
      created_at: sql`now() - make_interval(hours => ${ageHours})`,
    })
    .where('id', '=', signUp.body.user.id as string)
    .execute();
  return name;
}

let textCounter = 0;
const write = (listingId: string, as: string, ip = nextIp()) =>
  call(`/api/listings/${listingId}/reviews`, {
    method: 'POST',
    as,
    ip,
    json: {
      rating: 5,
      title: 'Honest panel beater',
      body: `Straightened my bumper and matched the paint well for a fair price, visit ${++textCounter}.`,
      service: 'Mechanic / Repair Services',
      visit_month: lagosMonth(),
      author_name: 'Tunde A.',
    },
  });

const reviewsOf = (listingId: string) =>
  handle.db
    .selectFrom('reviews')
    .select(['id', 'status', 'hold_reasons', 'author_network_key'])
    .where('listing_id', '=', listingId)
    .orderBy('created_at')
    .execute();

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await ensureAdmin(handle.db, {
    email: 'bursts-admin@example.com',
    password: 'bursts-pass-1',
    name: 'Bursts Admin',
  });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'bursts-admin@example.com', password: 'bursts-pass-1' },
  });
  expect(signIn.status).toBe(200);
}, 600_000);
afterAll(() => handle?.close());

describe('networks', () => {
  it('an IPv4 address is its /24, an IPv6 address its /64', () => {
    expect(networkBucket('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBucket('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(networkKey('203.0.113.7')).toBe(networkKey('203.0.113.200'));
    expect(networkKey('203.0.113.7')).not.toBe(networkKey('203.0.114.7'));
    expect(networkKey('2001:db8:1:2::1')).toBe(networkKey('2001:db8:1:2:ffff::9'));
  });
});

describe(`a burst of ${DAY_BURST} reviews of one listing within a day (issue 37.7)`, () => {
  it('holds the 3rd review from accounts created that day, and the ones before it', async () => {
    const listing = await insertBusiness(handle.db);
    const ids: string[] = [];
    for (let i = 0; i < DAY_BURST; i += 1) {
      const res = await write(listing.id, await account(2));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.review.id);
      if (i < DAY_BURST - 1) expect(res.body.review.status).toBe('published');
      else
        expect(res.body.review).toMatchObject({
          status: 'held',
          hold_reasons: ['new_accounts_day'],
        });
    }
    const rows = await reviewsOf(listing.id);
    expect(rows.map((r) => [r.status, r.hold_reasons])).toEqual(
      ids.map(() => ['held', ['new_accounts_day']]),
    );
    // The admin's Reviews tab has them, with the reason.
    const { status, body } = await call('/api/admin/reviews?limit=100', ADMIN);
    expect(status).toBe(200);
    const cards = body.reviews.filter((r: { id: string }) => ids.includes(r.id));
    expect(cards).toHaveLength(DAY_BURST);
    for (const card of cards) expect(card.hold_reasons).toEqual(['new_accounts_day']);
    expect(HOLD_REASONS.new_accounts_day).toBe(
      'Several new accounts reviewed this business within a day',
    );
  });

  it('leaves older accounts, and new accounts of another listing, alone', async () => {
    const listing = await insertBusiness(handle.db);
    const other = await insertBusiness(handle.db);
    // Two new accounts and one two days old: not three new accounts.
    expect((await write(listing.id, await account(1))).body.review.status).toBe('published');
    expect((await write(other.id, await account(1))).body.review.status).toBe('published');
    expect((await write(listing.id, await account(48))).body.review.status).toBe('published');
    expect((await write(listing.id, await account(3))).body.review.status).toBe('published');
    expect((await reviewsOf(listing.id)).every((r) => r.status === 'published')).toBe(true);
  });

  it('holds the 3rd review from one network, whatever the accounts age, and the ones before it', async () => {
    const listing = await insertBusiness(handle.db);
    const addresses = ['198.51.100.4', '198.51.100.77', '198.51.100.201'];
    const ids: string[] = [];
    for (const [i, ip] of addresses.entries()) {
      const res = await write(listing.id, await account(24 * 90), ip);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.review.id);
      expect(res.body.review.status).toBe(i < DAY_BURST - 1 ? 'published' : 'held');
    }
    const rows = await reviewsOf(listing.id);
    expect(rows.map((r) => [r.status, r.hold_reasons])).toEqual(
      ids.map(() => ['held', ['one_network']]),
    );
    // Only the keyed hash of the network is stored: not an address, nor the network.
    for (const row of rows) {
      expect(row.author_network_key).toBe(networkKey('198.51.100.1'));
      expect(row.author_network_key).toMatch(/^[\w-]{32}$/);
      expect(row.author_network_key).not.toContain('198.51');
    }
    const stored = JSON.stringify(
      await handle.db.selectFrom('reviews').selectAll().where('id', 'in', ids).execute(),
    );
    for (const ip of [...addresses, '198.51.100.0']) expect(stored).not.toContain(ip);
    const card = (await call('/api/admin/reviews?limit=100', ADMIN)).body.reviews.find(
      (r: { id: string }) => r.id === ids[0],
    );
    expect(card.hold_reasons).toEqual(['one_network']);
    expect(HOLD_REASONS.one_network).toBe(
      'Several reviews of this business came from one network within a day',
    );
  });

  it('counts an IPv6 /64 as one network, and leaves other networks and listings alone', async () => {
    const listing = await insertBusiness(handle.db);
    const elsewhere = await insertBusiness(handle.db);
    const old = () => account(24 * 90);
    expect((await write(listing.id, await old(), '2001:db8:5:6::1')).body.review.status).toBe(
      'published',
    );
    expect((await write(elsewhere.id, await old(), '2001:db8:5:6::2')).body.review.status).toBe(
      'published',
    );
    expect((await write(listing.id, await old(), '2001:db8:5:7::3')).body.review.status).toBe(
      'published',
    );
    expect((await write(listing.id, await old(), '2001:db8:5:6:a::4')).body.review.status).toBe(
      'published',
    );
    const third = await write(listing.id, await old(), '2001:db8:5:6:b::5');
    expect(third.body.review).toMatchObject({ status: 'held', hold_reasons: ['one_network'] });
    const rows = await reviewsOf(listing.id);
    expect(rows.map((r) => r.status)).toEqual(['held', 'published', 'held', 'held']);
  });

  it('a review written more than a day after the others is not part of their burst', async () => {
    const listing = await insertBusiness(handle.db);
    const ip = '192.0.2.10';
    for (let i = 0; i < DAY_BURST - 1; i += 1)
      expect((await write(listing.id, await account(24 * 90), ip)).body.review.status).toBe(
        'published',
      );
    await handle.db
      .updateTable('reviews')
      .set({ created_at: sql`created_at - interval '25 hours'` })
      .where('listing_id', '=', listing.id)
      .execute();
    expect((await write(listing.id, await account(24 * 90), ip)).body.review.status).toBe(
      'published',
    );
  });
});
