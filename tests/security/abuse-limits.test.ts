import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { log } from '../../functions/_lib/log.ts';
import type { MailMessage, MailTransport } from '../../functions/_lib/mail.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 12.8 (abuse limits) and 12.4 (the URL rule on every write path), through the API on a
 * real database: contact reveals need a confirmed e-mail and are limited per account and per
 * address, and logged; reset confirmations are limited; reset and verification tokens are
 * stored hashed and redacted from the mail log while the e-mail itself carries them.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
/** An API that delivers through a capturing transport (the router's own mail path). */
let mailed: ReturnType<typeof testApi>;
const sent: MailMessage[] = [];
const capture: MailTransport = {
  name: 'capture',
  send: async (message) => void sent.push(message),
};
let protectedId = '';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  mailed = testApi(handle.db, { mailTransport: capture });
  protectedId = (
    await insertBusiness(handle.db, {
      contact_visibility: 'registered_users_only',
      phone: '+234 802 000 7777',
    })
  ).id;
  await ensureAdmin(handle.db, { email: 'abuse-admin@example.com', password: 'abuse-admin-1' });
});
afterAll(() => handle?.close());

const signUp = (as: string, email: string, ip = '203.0.113.10') =>
  api.call('/api/auth/sign-up', {
    method: 'POST',
    as,
    ip,
    json: { email, password: 'reader-pass-1' },
  });
const reveal = (as: string, ip: string, id = protectedId) =>
  api.call(`/api/listings/${id}/contact`, { as, ip });

describe('contact reveals (issue 12.8)', () => {
  it('need a confirmed e-mail address, then stop at 60 an hour per account, with Retry-After', async () => {
    await signUp('alice', 'alice-reader@example.com');
    const unverified = await reveal('alice', '198.51.100.1');
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.code).toBe('FORBIDDEN');
    expect(unverified.text).not.toContain('7777');

    await api.verify('alice-reader@example.com');
    const info = vi.spyOn(log, 'info');
    for (let i = 1; i <= 60; i++) {
      const response = await reveal('alice', `198.51.100.${i}`);
      expect(response.status, `reveal ${i}`).toBe(200);
    }
    expect(info.mock.calls.filter(([message]) => message === 'contact revealed')).toHaveLength(60);
    expect(info).toHaveBeenCalledWith(
      'contact revealed',
      expect.objectContaining({ listingId: protectedId, ip: '198.51.100.60' }),
    );
    info.mockRestore();
    const blocked = await reveal('alice', '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.text).not.toContain('7777');
  });

  it('stop at 120 an hour per address, across accounts (one IPv6 /64 is one address)', async () => {
    const accounts = ['bob', 'carol', 'dave'];
    for (const name of accounts) {
      await signUp(name, `${name}-reader@example.com`, '192.0.2.1');
      await api.verify(`${name}-reader@example.com`);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const as = accounts[Math.floor(i / 55)]!;
      statuses.push((await reveal(as, `2001:db8:aa:bb::${(i % 250).toString(16)}`)).status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Another address is not affected.
    expect((await reveal('dave', '2001:db8:aa:cc::1')).status).toBe(200);
  });
});

describe('password reset and e-mail verification tokens (issue 12.8)', () => {
  it('a reset token is delivered, stored only as a hash, redacted in mail_outbox, and works', async () => {
    await mailed.call('/api/auth/sign-up', {
      method: 'POST',
      ip: '203.0.113.20',
      json: { email: 'erin@example.com', password: 'erin-pass-1' },
    });
    sent.length = 0;
    const requested = await mailed.call('/api/auth/password-reset', {
      method: 'POST',
      ip: '203.0.113.20',
      json: { email: 'erin@example.com' },
    });
    expect(requested.status).toBe(200);
    const mail = sent.find((m) => m.template === 'password-reset');
    const token = /reset-password\/\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, mail?.text).toBeTruthy();

    const { rows: stored } = await sql<{
      identifier: string;
      value: string;
    }>`select identifier, value from verification`.execute(handle.db);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token!);
    const outbox = await handle.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('template', '=', 'password-reset')
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text_body).toContain('reset-password/?token=[redacted]');
    expect(`${outbox[0]!.text_body}${outbox[0]!.html_body}`).not.toContain(token!);

    const done = await mailed.call('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, password: 'erin-new-pass', confirmPassword: 'erin-new-pass' },
    });
    expect(done.status).toBe(200);
  });

  it('the verification e-mail goes through our mailer, redacted in the log; its link verifies once', async () => {
    sent.length = 0;
    await mailed.call('/api/auth/sign-up', {
      method: 'POST',
      ip: '203.0.113.21',
      as: 'frank',
      json: { email: 'frank@example.com', password: 'frank-pass-1' },
    });
    const mail = sent.find((m) => m.template === 'verify-email');
    expect(mail?.to).toEqual(['frank@example.com']);
    const link = /http\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();
    const logged = (
      await handle.db
        .selectFrom('mail_outbox')
        .select(['text_body', 'to_addresses'])
        .where('template', '=', 'verify-email')
        .execute()
    ).find((row) => row.to_addresses.includes('frank@example.com'))!;
    expect(logged.text_body).toContain('verify-email?token=[redacted]');

    const path = new URL(link!).pathname + new URL(link!).search;
    const verified = await mailed.call(path);
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toMatch(/\/\?email_verified=1$/);
    const bad = await mailed.call('/api/auth/verify-email?token=not-a-valid-token-at-all');
    expect(bad.headers.get('location')).toMatch(/\/\?email_verified=0$/);
    const session = await mailed.call('/api/auth/session', { as: 'frank' });
    expect(session.body.user.emailVerified).toBe(true);
  });

  it('the link leads back to the page that asked to confirm (issue 24.2), never off the site', async () => {
    const linkFor = async (as: string, email: string) => {
      sent.length = 0;
      await mailed.call('/api/auth/sign-up', {
        method: 'POST',
        ip: '203.0.113.22',
        as,
        json: { email, password: 'reader-pass-1' },
      });
      const link = /http\S+\/api\/auth\/verify-email\?token=\S+/.exec(
        sent.find((m) => m.template === 'verify-email')!.text,
      )![0];
      return new URL(link).pathname + new URL(link).search;
    };
    const back = await mailed.call(await linkFor('hana', 'hana@example.com'), {
      headers: { cookie: 'lah_verify_return=%2Fbusiness%2Fogba-mobile-mechanics%2Freview%2F' },
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(
      /\/business\/ogba-mobile-mechanics\/review\/\?email_verified=1$/,
    );
    expect(back.headers.getSetCookie().join()).toMatch(
      /lah_verify_return=; Max-Age=0; Path=\/api\/auth\/verify-email/,
    );
    const away = await mailed.call(await linkFor('ivan', 'ivan@example.com'), {
      headers: { cookie: 'lah_verify_return=%2F%2Fevil.example%2F' },
    });
    expect(away.headers.get('location')).toMatch(/^http:\/\/[^/]+\/\?email_verified=1$/);
  });

  it('resending a verification link is limited to 3 an hour per account', async () => {
    await signUp('gina', 'gina@example.com', '203.0.113.30');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await api.call('/api/auth/verify-email/resend', { method: 'POST', as: 'gina', json: {} }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(api.verificationLinks.filter((l) => l.email === 'gina@example.com')).toHaveLength(4);
  });

  it('reset confirmations are limited to 20 an hour per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await api.call('/api/auth/password-reset/confirm', {
        method: 'POST',
        ip: '203.0.113.40',
        json: {
          token: `guess-${i}-${'x'.repeat(20)}`,
          password: 'new-pass-1',
          confirmPassword: 'new-pass-1',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the website rule on every write path (issue 12.4)', () => {
  beforeAll(async () => {
    const signIn = await api.call('/api/auth/sign-in', {
      method: 'POST',
      as: 'admin',
      json: { email: 'abuse-admin@example.com', password: 'abuse-admin-1' },
    });
    expect(signIn.status).toBe(200);
  });

  const HOSTILE = 'javascript:alert(document.cookie)';
  const CSV_HEADER =
    'Business Name,Email,Phone,Business Type,Status,City,State,Address,Website,Services,Description,Contact Name,Featured,Contact Visibility,Created At';

  it('public registration, admin edit and bulk import answer 422; CSV import reports the row', async () => {
    const form = await api.call('/api/listings', {
      method: 'POST',
      ip: '203.0.113.50',
      json: {
        businessName: 'Hostile Motors',
        description: 'A business that fixes cars.',
        services: 'Engine repair',
        serviceCategories: ['Mechanic / Repair Services'],
        contactVisibility: 'public',
        website: HOSTILE,
      },
    });
    expect(form.status).toBe(422);
    expect(form.body.error.fields.website).toEqual([
      'Please enter a valid URL (including https://)',
    ]);

    const listing = await insertBusiness(handle.db, { status: 'approved' });
    const edit = await api.call(`/api/admin/listings/${listing.id}`, {
      method: 'PATCH',
      as: 'admin',
      json: {
        business_name: 'Edited',
        phone: '0803 000 0000',
        contact_visibility: 'public',
        website: HOSTILE,
      },
    });
    expect(edit.status).toBe(422);

    const bulk = await api.call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: {
        category: 'Mechanic / Repair Services',
        businesses: [
          {
            name: 'Hostile Import',
            website: HOSTILE,
            source: 'openstreetmap',
            source_id: 'node/9',
          },
        ],
      },
    });
    expect(bulk.status).toBe(422);

    const csv = await api.call('/api/admin/imports/csv', {
      method: 'POST',
      as: 'admin',
      json: {
        csv: [
          CSV_HEADER,
          `Csv Hostile,,,Mechanic / Repair Services,,Ikeja,Lagos,,${HOSTILE},,,,,public,`,
          'Csv Fine,,,Mechanic / Repair Services,,Ikeja,Lagos,,www.fine.example.ng,,,,,public,',
        ].join('\n'),
        commit: true,
      },
    });
    expect(csv.status).toBe(200);
    expect(csv.body.rows[0]).toMatchObject({
      ok: false,
      errors: ['Please enter a valid URL (including https://)'],
    });
    expect(csv.body.imported).toBe(1);
    const stored = await handle.db
      .selectFrom('business_registrations')
      .select('website')
      .where('business_name', '=', 'Csv Fine')
      .executeTakeFirstOrThrow();
    expect(stored.website).toBe('https://www.fine.example.ng');
  });
});
