import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { findUserIdByEmail } from '../../functions/users/users.repository.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db);
});
afterAll(() => handle.close());

const signUp = (as: string, json: Record<string, unknown>, ip?: string) =>
  api.call('/api/auth/sign-up', { method: 'POST', as, json, ip });
const signIn = (as: string, json: Record<string, unknown>, ip?: string) =>
  api.call('/api/auth/sign-in', { method: 'POST', as, json, ip });

describe('sign up (SPEC §5)', () => {
  it('creates the account, its profile with the e-mail local part as display name, and the user role', async () => {
    const { status, body, headers } = await signUp('ada', {
      email: 'Ada.Lovelace@Example.com',
      password: 'secret1',
    });
    expect(status).toBe(201);
    expect(body.user).toMatchObject({
      email: 'ada.lovelace@example.com',
      displayName: 'ada.lovelace',
      shownName: 'ada.lovelace',
      isAdmin: false,
    });
    const cookies = headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    expect(cookies).toMatch(/SameSite=Lax/i);
    const userId = await findUserIdByEmail(handle.db, 'ada.lovelace@example.com');
    const roles = await handle.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId!)
      .execute();
    expect(roles).toEqual([{ role: 'user' }]);
    expect((await api.call('/api/auth/session', { as: 'ada' })).body.user.email).toBe(
      'ada.lovelace@example.com',
    );
  });

  it('keeps a given display name', async () => {
    const { body } = await signUp('chi', {
      email: 'chi@example.com',
      password: 'secret1',
      displayName: 'Chioma O.',
    });
    expect(body.user.shownName).toBe('Chioma O.');
  });

  it('answers 409 "User already registered" for an existing e-mail in any case', async () => {
    const { status, body } = await signUp('again', {
      email: 'ADA.LOVELACE@example.com',
      password: 'another1',
    });
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'CONFLICT', message: 'User already registered' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email address'],
    [
      { email: 'x@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { email: 'x@example.com', password: 'secret1', confirmPassword: 'secret2' },
      'confirmPassword',
      "Passwords don't match",
    ],
  ])('rejects %j with the spec message', async (json, field, message) => {
    const { status, body } = await signUp('bad', json);
    expect(status).toBe(422);
    expect(body.error.fields[field]).toEqual([message]);
  });
});

describe('sign in and out', () => {
  it('answers 401 "Invalid login credentials" for a wrong password or an unknown e-mail', async () => {
    for (const json of [
      { email: 'ada.lovelace@example.com', password: 'wrong-pass' },
      { email: 'nobody@example.com', password: 'secret1' },
    ]) {
      const { status, body } = await signIn('x', json);
      expect(status).toBe(401);
      expect(body.error).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Invalid login credentials',
      });
    }
  });

  it('signs in, reads the session, signs out, and treats a second sign-out as success', async () => {
    const signedIn = await signIn('browser', {
      email: 'ada.lovelace@example.com',
      password: 'secret1',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().join('\n')).toContain('la_signed_in=1');
    expect((await api.call('/api/auth/session', { as: 'browser' })).body.user.email).toBe(
      'ada.lovelace@example.com',
    );
    const out = await api.call('/api/auth/sign-out', { method: 'POST', as: 'browser' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/la_signed_in=;.*Max-Age=0/);
    expect((await api.call('/api/auth/session', { as: 'browser' })).body.user).toBeNull();
    expect((await api.call('/api/auth/sign-out', { method: 'POST', as: 'browser' })).status).toBe(
      200,
    );
  });

  it('refuses state-changing requests from another origin', async () => {
    const { status, body } = await api.call('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'ada.lovelace@example.com', password: 'secret1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(body.error.code).toBe('FORBIDDEN');
  });
});

describe('contact details for signed-in users (DESIGN.md Contact protection)', () => {
  it('answers 401 to visitors and the full contact to a signed-in user', async () => {
    const business = await insertBusiness(handle.db, {
      contact_visibility: 'registered_users_only',
      email: 'protected-owner@example.com',
      phone: '+234 802 000 4444',
      address: '5 Private Road',
    });
    const anonymous = await api.call(`/api/listings/${business.id}/contact`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain('protected-owner');
    await signIn('reader', { email: 'chi@example.com', password: 'secret1' });
    // Issue 12.8: not before the account has confirmed its e-mail address.
    const unverified = await api.call(`/api/listings/${business.id}/contact`, { as: 'reader' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.message).toMatch(/confirm your email address/);
    expect(unverified.text).not.toContain('protected-owner');
    expect((await api.call('/api/auth/session', { as: 'reader' })).body.user.emailVerified).toBe(
      false,
    );
    await api.verify('chi@example.com');
    expect((await api.call('/api/auth/session', { as: 'reader' })).body.user.emailVerified).toBe(
      true,
    );
    const { status, body, headers } = await api.call(`/api/listings/${business.id}/contact`, {
      as: 'reader',
    });
    expect(status).toBe(200);
    expect(body.contact).toMatchObject({
      email: 'protected-owner@example.com',
      phone: '+234 802 000 4444',
      address: '5 Private Road',
    });
    expect(headers.get('cache-control')).toContain('no-store');
  });
});

describe('rate limits (stored in Postgres)', () => {
  it('never locks an account from another address: wrong passwords from 40 addresses, then the owner signs in', async () => {
    await signUp('victim', { email: 'target@example.com', password: 'right-pass-1' });
    for (let i = 0; i < 40; i++) {
      const attempt = await signIn(
        'rl',
        { email: 'target@example.com', password: 'guess-' + i },
        `198.51.100.${i}`,
      );
      expect(attempt.status, `attempt ${i}`).toBe(401);
    }
    const owner = await signIn(
      'owner',
      { email: 'target@example.com', password: 'right-pass-1' },
      '203.0.113.200',
    );
    expect(owner.status).toBe(200);
  });

  it('backs off per (address, e-mail) after 5 failures: 429 with Retry-After, nobody else affected', async () => {
    const from = (email: string, ip: string, password = 'wrong-pass') =>
      signIn('rl2', { email, password }, ip);
    for (let i = 0; i < 5; i++)
      expect((await from('target@example.com', '192.0.2.77')).status).toBe(401);
    const blocked = await from('target@example.com', '192.0.2.77');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    // Even the right password waits there (the attempt is refused before it is checked) ...
    expect((await from('target@example.com', '192.0.2.77', 'right-pass-1')).status).toBe(429);
    // ... while another account from that address and this account from elsewhere are not held.
    expect((await from('someone-else@example.com', '192.0.2.77')).status).toBe(401);
    expect((await from('target@example.com', '192.0.2.78', 'right-pass-1')).status).toBe(200);
  });

  it('a successful sign-in clears its (address, e-mail) failures', async () => {
    const from = (password: string) =>
      signIn('rl3', { email: 'target@example.com', password }, '192.0.2.90');
    for (let i = 0; i < 4; i++) expect((await from('wrong-pass')).status).toBe(401);
    expect((await from('right-pass-1')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await from('wrong-pass')).status).toBe(401);
    expect((await from('wrong-pass')).status).toBe(429);
  });

  it('backs off per address after 30 failures across e-mails', async () => {
    for (let i = 0; i < 30; i++) {
      const attempt = await signIn(
        'rl4',
        { email: `nobody-${i}@example.com`, password: 'wrong-pass' },
        '192.0.2.120',
      );
      expect(attempt.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await signIn(
      'rl4',
      { email: 'nobody-x@example.com', password: 'wrong-pass' },
      '192.0.2.120',
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
  });

  it('limits sign-ups per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await signUp(
            `many${i}`,
            { email: `many${i}@example.com`, password: 'secret1' },
            '192.0.2.50',
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('password reset', () => {
  it('sends a link, sets the new password once, and never reveals whether an account exists', async () => {
    const unknown = await api.call('/api/auth/password-reset', {
      method: 'POST',
      json: { email: 'ghost@example.com' },
    });
    expect(unknown.status).toBe(200);
    expect(api.resetLinks).toHaveLength(0);

    const requested = await api.call('/api/auth/password-reset', {
      method: 'POST',
      json: { email: 'chi@example.com' },
    });
    expect(requested.status).toBe(200);
    expect(api.resetLinks).toHaveLength(1);
    const { token } = api.resetLinks[0]!;

    const mismatch = await api.call('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, password: 'brand-new1', confirmPassword: 'other' },
    });
    expect(mismatch.body.error.fields.confirmPassword).toEqual(["Passwords don't match"]);
    const done = await api.call('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, password: 'brand-new1', confirmPassword: 'brand-new1' },
    });
    expect(done.status).toBe(200);
    expect((await signIn('after', { email: 'chi@example.com', password: 'secret1' })).status).toBe(
      401,
    );
    expect(
      (await signIn('after', { email: 'chi@example.com', password: 'brand-new1' })).status,
    ).toBe(200);

    const reused = await api.call('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, password: 'again-new1', confirmPassword: 'again-new1' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe('This reset link is invalid or has expired.');
  });
});
