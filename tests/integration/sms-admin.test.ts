import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { SmsTransport } from '../../functions/_lib/sms.ts';
import { SMS_CEILING_MESSAGE } from '../../functions/auth/phone.service.ts';
import { lagosDay } from '../../functions/insights/insights.service.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from '../../common/schemas/phone-auth.ts';
import { SMS_CEILING_MESSAGE as CEILING_FIELD_MESSAGE } from '../../common/schemas/sms.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Issue 37.6 (ADR 074): the admin's SMS view (the log, today's count against the daily ceiling,
 * the change of the ceiling) and the Users tab's confirmed phone and e-mail.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
let adminId: string;
const AS = { as: 'admin' } as const;
const sent: string[] = [];
const transport: SmsTransport = {
  name: 'test',
  async send(message) {
    sent.push(message.to);
    return { providerId: String(sent.length) };
  },
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * `n` minutes ago, or, when that is before midnight in Lagos (a run in the first minutes of the
 * day), `n` ms after that midnight: a time of today's count whatever the hour the tests run.
 */
const earlierToday = (n: number) => {
  const midnight = Date.parse(`${lagosDay(new Date())}T00:00:00+01:00`);
  return new Date(Math.max(Date.now() - n * 60_000, midnight + n));
};

/** One logged message, as the SMS sender writes it. */
const logged = (n: number, at: Date, status: 'sent' | 'failed' = 'sent') => ({
  to_masked: `+234 803 *** **${String(n).padStart(2, '0')}`,
  to_key: `key-${n}`,
  text_body: 'Your Lagos Auto Hub code is [redacted].',
  template: 'phone-code',
  transport: 'test',
  status,
  error: status === 'failed' ? 'Termii answered HTTP 503' : null,
  created_at: at,
});

/** PUT the ceiling as `as` (a cookie jar of `call`), or as a visitor when `as` is null. */
const putCeiling = (body: unknown, as: string | null = 'admin') =>
  call('/api/admin/sms/ceiling', {
    method: 'PUT',
    ...(as ? { as } : {}),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db, { smsTransport: transport }).call;
  adminId = await signInAdmin(handle.db, call, {
    email: 'sms-admin@example.com',
    password: 'sms-admin-1',
  });
  const signUp = await call('/api/auth/sign-up', {
    method: 'POST',
    as: 'user',
    json: { email: 'sms-user@example.com', password: 'sms-user-1' },
  });
  expect(signUp.status).toBe(201);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  sent.length = 0;
  await handle.db.deleteFrom('sms_outbox').execute();
  await handle.db.deleteFrom('rate_limits').execute();
  await handle.db
    .updateTable('sms_settings')
    .set({ daily_ceiling: 500, updated_by: null })
    .execute();
});

describe('the admin SMS view (issue 37.6)', () => {
  it('is the admin’s only: 401 for a visitor, 403 for a user', async () => {
    expect((await call('/api/admin/sms')).status).toBe(401);
    expect((await call('/api/admin/sms', { as: 'user' })).status).toBe(403);
    const visitor = await putCeiling({ daily_ceiling: 5 }, null);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('UNAUTHENTICATED');
    const user = await putCeiling({ daily_ceiling: 5 }, 'user');
    expect(user.status).toBe(403);
    expect(user.body.error.code).toBe('FORBIDDEN');
    const row = await handle.db
      .selectFrom('sms_settings')
      .select('daily_ceiling')
      .executeTakeFirstOrThrow();
    expect(row.daily_ceiling).toBe(500);
  });

  it('pages the log newest first, numbers masked, never the hash or the text', async () => {
    await handle.db
      .insertInto('sms_outbox')
      .values([1, 2, 3, 4, 5].map((n) => logged(n, minutesAgo(n), n === 2 ? 'failed' : 'sent')))
      .execute();
    const first = await call('/api/admin/sms?limit=2', AS);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.body.messages.map((m: { to_masked: string }) => m.to_masked)).toEqual([
      '+234 803 *** **01',
      '+234 803 *** **02',
    ]);
    expect(first.body.messages[1]).toMatchObject({
      template: 'phone-code',
      status: 'failed',
      error: 'Termii answered HTTP 503',
    });
    expect(Object.keys(first.body.messages[0]).sort()).toEqual(
      ['created_at', 'error', 'id', 'status', 'template', 'to_masked'].sort(),
    );
    const last = await call('/api/admin/sms?limit=2&page=3', AS);
    expect(last.body.messages.map((m: { to_masked: string }) => m.to_masked)).toEqual([
      '+234 803 *** **05',
    ]);
    expect((await call('/api/admin/sms?limit=2&page=4', AS)).body.messages).toEqual([]);
    expect((await call('/api/admin/sms?limit=101', AS)).status).toBe(422);
    expect((await call('/api/admin/sms?page=0', AS)).status).toBe(422);
  });

  it('counts today’s accepted messages against the ceiling', async () => {
    await handle.db
      .insertInto('sms_outbox')
      .values([
        logged(1, earlierToday(1)),
        logged(2, earlierToday(2)),
        logged(3, earlierToday(3), 'failed'),
        // Two days ago is before midnight in Lagos, whatever the hour.
        logged(4, minutesAgo(2 * 24 * 60)),
      ])
      .execute();
    const { body } = await call('/api/admin/sms', AS);
    expect(body.total).toBe(4);
    expect(body.today).toMatchObject({ sent: 2, daily_ceiling: 500, updated_by_name: null });
    expect(Date.parse(body.today.updated_at)).not.toBeNaN();
  });

  it('refuses a ceiling that is not a whole number from 0 to 1,000,000, in the error envelope', async () => {
    for (const value of [-1, 1.5, 1_000_001, 2 ** 31, 1e300, 'abc', '', '1e3', null, true, [5]]) {
      const response = await putCeiling({ daily_ceiling: value });
      expect(response.status, JSON.stringify(value)).toBe(422);
      expect(response.body).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: CEILING_FIELD_MESSAGE,
          fields: { daily_ceiling: [CEILING_FIELD_MESSAGE] },
          requestId: expect.any(String),
        },
      });
    }
    expect((await putCeiling({})).status).toBe(422);
    const malformed = await putCeiling('{"daily_ceiling":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('BAD_REQUEST');
    const row = await handle.db
      .selectFrom('sms_settings')
      .select(['daily_ceiling', 'updated_by'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ daily_ceiling: 500, updated_by: null });
  });

  it('sets the ceiling, records the admin, and the next code request obeys it', async () => {
    await handle.db
      .insertInto('sms_outbox')
      .values(logged(1, earlierToday(1)))
      .execute();
    const raised = await putCeiling({ daily_ceiling: '750' });
    expect(raised.status).toBe(200);
    expect(raised.body.today).toMatchObject({
      sent: 1,
      daily_ceiling: 750,
      updated_by_name: 'Admin',
    });
    const row = await handle.db
      .selectFrom('sms_settings')
      .select(['daily_ceiling', 'updated_by'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ daily_ceiling: 750, updated_by: adminId });
    expect((await call('/api/admin/sms', AS)).body.today.daily_ceiling).toBe(750);

    // At the ceiling (1 sent of 1), a code request is refused and nothing is sent.
    expect((await putCeiling({ daily_ceiling: 1 })).status).toBe(200);
    const over = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '0803 555 0101' },
      ip: '198.51.100.201',
    });
    expect(over.status).toBe(503);
    expect(over.body.error.message).toBe(SMS_CEILING_MESSAGE);
    expect(sent).toEqual([]);

    expect((await putCeiling({ daily_ceiling: 2 })).status).toBe(200);
    const next = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '0803 555 0101' },
      ip: '198.51.100.201',
    });
    expect(next.status).toBe(200);
    expect(sent).toEqual(['+2348035550101']);
    const today = (await call('/api/admin/sms', AS)).body.today;
    expect(today).toMatchObject({ sent: 2, daily_ceiling: 2 });

    expect((await putCeiling({ daily_ceiling: 0 })).body.today.daily_ceiling).toBe(0);
  });
});

describe('the Users tab’s phone and e-mail (issue 37.6)', () => {
  it('shows each account’s phone whole and whether its phone and e-mail are confirmed', async () => {
    const phoneUser = await handle.db
      .insertInto('user')
      .values({
        id: 'phone-only-user',
        name: 'Lagos motorist',
        email: `phone-1@${PHONE_ONLY_EMAIL_DOMAIN}`,
        email_verified: true,
        created_at: new Date(),
        updated_at: new Date(),
        role: 'user',
        phone_number: '+2348035550199',
        phone_number_verified: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body } = await call('/api/admin/users?limit=100', AS);
    const byEmail = (email: string) =>
      body.users.find((u: { email: string }) => u.email === email) as Record<string, unknown>;
    expect(byEmail(`phone-1@${PHONE_ONLY_EMAIL_DOMAIN}`)).toMatchObject({
      user_id: phoneUser.id,
      phone_only: true,
      email_verified: false,
      phone_number: '+2348035550199',
      phone_number_verified: true,
    });
    expect(byEmail('sms-user@example.com')).toMatchObject({
      phone_only: false,
      email_verified: false,
      phone_number: null,
      phone_number_verified: false,
    });
    await handle.db
      .updateTable('user')
      .set({ email_verified: true })
      .where('email', '=', 'sms-user@example.com')
      .execute();
    const again = await call('/api/admin/users?q=sms-user', AS);
    expect(again.body.users).toHaveLength(1);
    expect(again.body.users[0]).toMatchObject({ email_verified: true, phone_only: false });
  });
});
