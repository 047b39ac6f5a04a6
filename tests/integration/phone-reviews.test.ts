import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { keyedPhone, type SmsMessage, type SmsTransport } from '../../functions/_lib/sms.ts';
import {
  PHONE_ALREADY_REVIEWED_MESSAGE,
  VERIFY_TO_REVIEW_MESSAGE,
} from '../../functions/reviews/reviews.service.ts';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 37.4: a confirmed phone is a confirmed identity for reviews, "Phone confirmed" shows
 * beside the name, and one phone number holds at most one review per listing across accounts.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const inbox: SmsMessage[] = [];
const transport: SmsTransport = {
  name: 'test',
  send: async (message) => {
    inbox.push(message);
    return { providerId: null };
  },
};
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;
let textCounter = 0;
const review = () => ({
  rating: 5,
  title: 'Quick vulcanizer',
  body: `Fixed my tyre in ten minutes at a fair price and checked the others too, visit ${++textCounter}.`,
  service: 'Mechanic / Repair Services',
  visit_month: lagosMonth(),
  author_name: 'Kunle',
});

/** Signs `as` in with the phone number (a new account on first use); returns the user id. */
async function phoneAccount(as: string, phone: string): Promise<string> {
  const ip = nextIp();
  const sent = await call('/api/auth/phone/code', { method: 'POST', json: { phone }, ip });
  expect(sent.status).toBe(200);
  const code = /\b(\d{6})\b/.exec(inbox.at(-1)!.text)![1];
  const signedIn = await call('/api/auth/phone/verify', {
    method: 'POST',
    json: { phone, code },
    as,
    ip,
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body.user.id as string;
}

const write = (listingId: string, as: string) =>
  call(`/api/listings/${listingId}/reviews`, {
    method: 'POST',
    as,
    ip: nextIp(),
    json: review(),
  });

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db, { smsTransport: transport }).call;
}, 600_000);
afterAll(() => handle?.close());

describe('phone-confirmed reviews (issue 37.4)', () => {
  it('a phone-only account may review, and its review shows "Phone confirmed"', async () => {
    const listing = await insertBusiness(handle.db);
    await phoneAccount('kunle', '0802 555 0101');
    const written = await write(listing.id, 'kunle');
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const page = await call(`/api/listings/${listing.id}/reviews`);
    expect(page.body.reviews).toHaveLength(1);
    expect(page.body.reviews[0]).toMatchObject({ author_name: 'Kunle', phone_confirmed: true });
  });

  it('an account with neither a confirmed phone nor a confirmed e-mail may not', async () => {
    const listing = await insertBusiness(handle.db);
    const signUp = await call('/api/auth/sign-up', {
      method: 'POST',
      as: 'plain',
      ip: nextIp(),
      json: { email: 'plain@example.com', password: 'plain-pass-1' },
    });
    expect(signUp.status).toBe(201);
    const refused = await write(listing.id, 'plain');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(VERIFY_TO_REVIEW_MESSAGE);
  });

  it('one phone number holds one review per listing, whichever account carries it', async () => {
    const listing = await insertBusiness(handle.db);
    const first = await phoneAccount('first', '0803 555 0202');
    expect((await write(listing.id, 'first')).status).toBe(201);
    // The number leaves the first account and is confirmed on a second one.
    await handle.db
      .updateTable('user')
      .set({ phone_number: null, phone_number_verified: false })
      .where('id', '=', first)
      .execute();
    const second = await phoneAccount('second', '0803 555 0202');
    expect(second).not.toBe(first);
    const again = await write(listing.id, 'second');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PHONE_ALREADY_REVIEWED_MESSAGE);
    // Another listing is fine.
    expect((await write((await insertBusiness(handle.db)).id, 'second')).status).toBe(201);
  });

  it('the database itself refuses a second review of a listing under one phone key', async () => {
    const listing = await insertBusiness(handle.db);
    const key = keyedPhone('+2348035550303');
    const users = [
      { id: await phoneAccount('db-a', '0804 555 0404') },
      { id: await phoneAccount('db-b', '0804 555 0505') },
    ];
    const row = (userId: string) => {
      const { visit_month, ...fields } = review();
      return {
        ...fields,
        listing_id: listing.id,
        user_id: userId,
        visit_month: `${visit_month}-01`,
        status: 'published' as const,
        body_hash: `hash-${userId}`,
        author_address_key: 'k',
        author_phone_key: key,
      };
    };
    await handle.db.insertInto('reviews').values(row(users[0]!.id)).execute();
    await expect(
      handle.db.insertInto('reviews').values(row(users[1]!.id)).execute(),
    ).rejects.toThrow(/reviews_business_phone_key|duplicate key/);
  });

  it('the stored key is not the number', async () => {
    const rows = await handle.db.selectFrom('reviews').select('author_phone_key').execute();
    expect(JSON.stringify(rows)).not.toMatch(/803555|802555/);
  });
});
