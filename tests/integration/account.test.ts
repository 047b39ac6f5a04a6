import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { codeOf, smsInbox } from '../fakes/sms-inbox.ts';
import { CODE_WRONG_MESSAGE } from '../../functions/auth/phone.service.ts';
import {
  EMAIL_ALREADY_ADDED_MESSAGE,
  EMAIL_HELD_MESSAGE,
  PHONE_ALREADY_ADDED_MESSAGE,
  PHONE_HELD_MESSAGE,
} from '../../common/schemas/account.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 37.1, ADR 078: the account page's routes. An account adds a phone by the sign-in's code;
 * a phone-only account adds an e-mail by the sign-up's confirmation link.
 */
let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const sms = smsInbox();
const { messages: inbox, transport } = sms;
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1)}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db, { smsTransport: transport });
});
afterAll(() => handle?.close());
beforeEach(async () => {
  sms.reset();
  await handle.db.deleteFrom('rate_limits').execute();
});

async function signUpByEmail(as: string, email: string) {
  const response = await api.call('/api/auth/sign-up', {
    method: 'POST',
    as,
    json: { email, password: 'secret-password', confirmPassword: 'secret-password' },
  });
  expect(response.status).toBe(201);
}

async function signUpByPhone(as: string, phone: string) {
  const address = nextIp();
  await api.call('/api/auth/phone/code', { method: 'POST', json: { phone }, ip: address });
  const response = await api.call('/api/auth/phone/verify', {
    method: 'POST',
    as,
    json: { phone, code: codeOf(inbox.at(-1)) },
    ip: address,
  });
  expect(response.status).toBe(200);
}

describe('GET /api/account', () => {
  it('is 401 signed out; shows an e-mail account without a phone', async () => {
    expect((await api.call('/api/account')).status).toBe(401);
    await signUpByEmail('reader', 'reader@example.com');
    const response = await api.call('/api/account', { as: 'reader' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: 'reader@example.com',
      email_verified: false,
      phone: null,
      phone_verified: false,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('adding a phone (POST /api/account/phone/code, /verify)', () => {
  it('is 401 signed out, and sends nothing', async () => {
    const code = await api.call('/api/account/phone/code', {
      method: 'POST',
      json: { phone: '08091110000' },
    });
    expect(code.status).toBe(401);
    const verify = await api.call('/api/account/phone/verify', {
      method: 'POST',
      json: { phone: '08091110000', code: '123456' },
    });
    expect(verify.status).toBe(401);
    expect(inbox).toHaveLength(0);
  });

  it('a wrong code is refused; the right one confirms the phone on the account', async () => {
    await signUpByEmail('adder', 'adder@example.com');
    const address = nextIp();
    const sent = await api.call('/api/account/phone/code', {
      method: 'POST',
      as: 'adder',
      json: { phone: '0809 222 3333' },
      ip: address,
    });
    expect(sent.status).toBe(200);
    expect(inbox.at(-1)!.to).toBe('+2348092223333');
    const code = codeOf(inbox.at(-1));

    const wrong = await api.call('/api/account/phone/verify', {
      method: 'POST',
      as: 'adder',
      json: { phone: '08092223333', code: code === '000000' ? '111111' : '000000' },
      ip: address,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.code).toEqual([CODE_WRONG_MESSAGE]);

    const right = await api.call('/api/account/phone/verify', {
      method: 'POST',
      as: 'adder',
      json: { phone: '08092223333', code },
      ip: address,
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ phone: '+2348092223333', phone_verified: true });
    const session = await api.call('/api/auth/session', { as: 'adder' });
    expect(session.body.user).toMatchObject({ phoneVerified: true, phoneOnly: false });

    // One phone per account: another number is refused before any SMS.
    const again = await api.call('/api/account/phone/code', {
      method: 'POST',
      as: 'adder',
      json: { phone: '08092224444' },
      ip: address,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PHONE_ALREADY_ADDED_MESSAGE);
    expect(inbox).toHaveLength(1);
  });

  it('a number another account holds is refused with a clear message once the code is right', async () => {
    await signUpByPhone('holder', '08093334444');
    await signUpByEmail('taker', 'taker@example.com');
    const address = nextIp();
    const sent = await api.call('/api/account/phone/code', {
      method: 'POST',
      as: 'taker',
      json: { phone: '08093334444' },
      ip: address,
    });
    // The same answer as for any number: whether it has an account is not told to a guess.
    expect(sent.status).toBe(200);
    const held = await api.call('/api/account/phone/verify', {
      method: 'POST',
      as: 'taker',
      json: { phone: '08093334444', code: codeOf(inbox.at(-1)) },
      ip: address,
    });
    expect(held.status).toBe(409);
    expect(held.body.error.message).toBe(PHONE_HELD_MESSAGE);
    const taker = await api.call('/api/account', { as: 'taker' });
    expect(taker.body).toMatchObject({ phone: null, phone_verified: false });
  });
});

describe('adding an e-mail (POST /api/account/email)', () => {
  it('is 401 signed out', async () => {
    const response = await api.call('/api/account/email', {
      method: 'POST',
      json: { email: 'someone@example.com' },
    });
    expect(response.status).toBe(401);
  });

  it('a phone-only account gets the confirmation link; the address is its own once opened', async () => {
    await signUpByPhone('phoner', '08094445555');
    const before = await api.call('/api/account', { as: 'phoner' });
    expect(before.body).toEqual({
      email: null,
      email_verified: false,
      phone: '+2348094445555',
      phone_verified: true,
    });
    const bad = await api.call('/api/account/email', {
      method: 'POST',
      as: 'phoner',
      json: { email: 'not an address' },
    });
    expect(bad.status).toBe(422);

    const added = await api.call('/api/account/email', {
      method: 'POST',
      as: 'phoner',
      json: { email: 'Phoner@Example.com' },
    });
    expect(added.status).toBe(200);
    // Nothing changes until the link is opened.
    expect((await api.call('/api/account', { as: 'phoner' })).body.email).toBeNull();
    await api.verify('phoner@example.com');
    const after = await api.call('/api/account', { as: 'phoner' });
    expect(after.body).toMatchObject({ email: 'phoner@example.com', email_verified: true });
    const session = await api.call('/api/auth/session', { as: 'phoner' });
    expect(session.body.user).toMatchObject({ phoneOnly: false, emailVerified: true });
  });

  it('refuses an address another account has, and an account that has an e-mail', async () => {
    await signUpByEmail('owner-of-mail', 'taken@example.com');
    await signUpByPhone('late', '08095556666');
    const taken = await api.call('/api/account/email', {
      method: 'POST',
      as: 'late',
      json: { email: 'taken@example.com' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(EMAIL_HELD_MESSAGE);
    const hasOne = await api.call('/api/account/email', {
      method: 'POST',
      as: 'owner-of-mail',
      json: { email: 'other@example.com' },
    });
    expect(hasOne.status).toBe(409);
    expect(hasOne.body.error.message).toBe(EMAIL_ALREADY_ADDED_MESSAGE);
  });
});
