import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LISTING_PHONE_NOT_MOBILE_MESSAGE,
  type ListingPhoneState,
} from '../../common/schemas/listing-phone.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { codeOf, smsInbox } from '../fakes/sms-inbox.ts';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_TOO_MANY_MESSAGE,
  CODE_WRONG_MESSAGE,
  SMS_FAILED_MESSAGE,
} from '../../functions/auth/phone.service.ts';
import { LISTING_SMS_CEILING_MESSAGE } from '../../functions/listing-phone/listing-phone.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * An owner confirms the listing's phone with a code (issue 37.5, ADR 075): the sign-in's code
 * rules and limits (ADR 068), the check with its date on the public listing, and its lapse when
 * the phone changes by any path.
 */
let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const users: Record<string, string> = {};
const sms = smsInbox();
const { messages: inbox, transport } = sms;
let ip = 0;
const nextIp = () => `203.0.113.${(ip += 1)}`;
let phoneCounter = 0;
/** A fresh mobile number per listing, so one test's per-number limits do not reach the next. */
const nextMobile = () => `0803 77${String((phoneCounter += 1)).padStart(2, '0')} 000`.slice(0, 13);

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db, { smsTransport: transport });
  await signInAdmin(handle.db, api.call, {
    email: 'listing-phone-admin@example.com',
    password: 'listing-phone-pass-1',
  });
  for (const name of ['owner', 'other']) {
    const signUp = await api.call('/api/auth/sign-up', {
      method: 'POST',
      as: name,
      json: {
        displayName: `Phone ${name}`,
        email: `listing-phone-${name}@example.com`,
        password: `listing-phone-${name}-12`,
      },
    });
    expect(signUp.status, signUp.text).toBe(201);
    users[name] = signUp.body.user.id;
  }
});
afterAll(() => handle?.close());
beforeEach(async () => {
  sms.reset();
  await handle.db.deleteFrom('rate_limits').execute();
});

const ownedListing = (phone = nextMobile()) =>
  insertBusiness(handle.db, { owner_user_id: users.owner!, phone, status: 'approved' });
const askCode = (id: string, as = 'owner', address = nextIp()) =>
  api.call(`/api/account/listings/${id}/phone/code`, { method: 'POST', as, ip: address, json: {} });
const sendCode = (id: string, code: string, as = 'owner', address = nextIp()) =>
  api.call(`/api/account/listings/${id}/phone/verify`, {
    method: 'POST',
    as,
    ip: address,
    json: { code },
  });
const confirmedAt = async (id: string) =>
  (
    await handle.db
      .selectFrom('business_registrations')
      .select(['phone_confirmed_at', 'verification_checks'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).phone_confirmed_at;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe("an owner confirms the listing's phone (issue 37.5)", () => {
  it('sends a code to the listing phone; the right code adds the check with its date, shown publicly', async () => {
    const listing = await ownedListing('0803 123 9876');
    const sent = await askCode(listing.id);
    expect(sent.status, sent.text).toBe(200);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ to: '+2348031239876', template: 'listing-phone' });
    const code = codeOf(inbox[0]);
    // Only an HMAC of the code is kept; the log has it redacted.
    const stored = await handle.db
      .selectFrom('listing_phone_codes')
      .selectAll()
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const { rows } = await sql<{ ttl: number }>`
      select extract(epoch from expires_at - created_at)::float8 as ttl
      from listing_phone_codes where listing_id = ${listing.id}`.execute(handle.db);
    expect(Math.round(rows[0]!.ttl)).toBe(600);
    const logged = await handle.db
      .selectFrom('sms_outbox')
      .select('text_body')
      .where('template', '=', 'listing-phone')
      .execute();
    expect(logged.map((r) => r.text_body).join()).not.toContain(code);

    const before = Date.now();
    const done = await sendCode(listing.id, code);
    expect(done.status, done.text).toBe(200);
    const state = done.body as ListingPhoneState;
    expect(state).toMatchObject({ phone: '0803 123 9876', mobile: true });
    expect(Date.parse(state.phone_confirmed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await confirmedAt(listing.id)).not.toBeNull();
    expect(api.purges.at(-1)).toContain(`listing-${listing.id}`);

    const detail = await api.call(`/api/listings/${listing.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.business.phone_confirmed_at).toBe(state.phone_confirmed_at);
    // The code is used up.
    expect((await sendCode(listing.id, code)).body.error.message).toBe(CODE_EXPIRED_MESSAGE);
  });

  it('a wrong code is refused; after 5 wrong tries even the right one is', async () => {
    const listing = await ownedListing();
    await askCode(listing.id);
    const code = codeOf(inbox[0]);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await sendCode(listing.id, wrongFor(code));
      expect(wrong.status).toBe(422);
      expect(wrong.body.error.fields.code).toEqual([CODE_WRONG_MESSAGE]);
    }
    const right = await sendCode(listing.id, code);
    expect(right.status).toBe(422);
    expect(right.body.error.message).toBe(CODE_TOO_MANY_MESSAGE);
    expect(await confirmedAt(listing.id)).toBeNull();
  });

  it('a code expires after 10 minutes', async () => {
    const listing = await ownedListing();
    await askCode(listing.id);
    await handle.db
      .updateTable('listing_phone_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('listing_id', '=', listing.id)
      .execute();
    const late = await sendCode(listing.id, codeOf(inbox[0]));
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe(CODE_EXPIRED_MESSAGE);
    expect(await confirmedAt(listing.id)).toBeNull();
  });

  it('a landline is refused with a clear message, and nothing is sent', async () => {
    const listing = await ownedListing('01 271 0000');
    const refused = await askCode(listing.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(LISTING_PHONE_NOT_MOBILE_MESSAGE);
    expect(inbox).toHaveLength(0);
    const state = await api.call(`/api/account/listings/${listing.id}/phone`, { as: 'owner' });
    expect(state.body).toMatchObject({ mobile: false, phone_confirmed_at: null });
  });

  it('reuses the sign-in limits: 3 codes an hour per number', async () => {
    const listing = await ownedListing();
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await askCode(listing.id, 'owner', address)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same number by the sign-in form counts against the same limit.
    const signIn = await api.call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: listing.phone },
      ip: nextIp(),
    });
    expect(signIn.status).toBe(429);
  });

  it("honours the site's daily ceiling, and a provider failure keeps no code", async () => {
    const listing = await ownedListing();
    const sentToday = await handle.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('sms_settings')
      .set({ daily_ceiling: Number(sentToday.n) })
      .execute();
    const over = await askCode(listing.id);
    expect(over.status).toBe(503);
    expect(over.body.error.message).toBe(LISTING_SMS_CEILING_MESSAGE);
    expect(inbox).toHaveLength(0);
    await handle.db.updateTable('sms_settings').set({ daily_ceiling: 500 }).execute();

    sms.failing = true;
    const failed = await askCode(listing.id);
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toBe(SMS_FAILED_MESSAGE);
    const codes = await handle.db
      .selectFrom('listing_phone_codes')
      .select('listing_id')
      .where('listing_id', '=', listing.id)
      .execute();
    expect(codes).toEqual([]);
  });

  it('lapses when the phone changes: by an admin edit, or any write to the row', async () => {
    const listing = await ownedListing();
    await askCode(listing.id);
    expect((await sendCode(listing.id, codeOf(inbox[0]))).status).toBe(200);
    await handle.db
      .updateTable('business_registrations')
      .set({ verification_checks: ['phone', 'cac'] })
      .where('id', '=', listing.id)
      .execute();

    // The same number written another way keeps the check.
    await handle.db
      .updateTable('business_registrations')
      .set({ phone: listing.phone!.replace(/\s/g, '') })
      .where('id', '=', listing.id)
      .execute();
    expect(await confirmedAt(listing.id)).not.toBeNull();

    const edited = await api.call(`/api/admin/listings/${listing.id}`, {
      method: 'PATCH',
      as: 'admin',
      json: {
        business_name: listing.business_name,
        phone: '0905 555 0199',
        display_name: '',
        email: '',
        address: '',
        city: 'Yaba',
        state: 'Lagos',
        website: '',
        description: 'A test business used by the integration suite.',
        services: 'Engine repair and servicing',
        business_categories: ['Mechanic / Repair Services'],
        additional_tags: [],
        contact_visibility: 'public',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const row = await handle.db
      .selectFrom('business_registrations')
      .select(['phone_confirmed_at', 'verification_checks'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_confirmed_at: null, verification_checks: ['cac'] });
  });

  it('a code sent before the phone changed no longer confirms it', async () => {
    const listing = await ownedListing();
    await askCode(listing.id);
    await handle.db
      .updateTable('business_registrations')
      .set({ phone: '0907 555 0123' })
      .where('id', '=', listing.id)
      .execute();
    const late = await sendCode(listing.id, codeOf(inbox[0]));
    expect(late.status).toBe(422);
    expect(await confirmedAt(listing.id)).toBeNull();
  });

  it("another account's listing answers 404, and a visitor not signed in 401", async () => {
    const listing = await ownedListing();
    expect((await askCode(listing.id, 'other')).status).toBe(404);
    expect((await sendCode(listing.id, '123456', 'other')).status).toBe(404);
    expect(
      (await api.call(`/api/account/listings/${listing.id}/phone`, { as: 'other' })).status,
    ).toBe(404);
    const anonymous = await api.call(`/api/account/listings/${listing.id}/phone/code`, {
      method: 'POST',
      json: {},
    });
    expect(anonymous.status).toBe(401);
    expect(inbox).toHaveLength(0);
  });
});
