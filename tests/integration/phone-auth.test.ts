import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from '../../functions/_lib/auth.ts';
import { codeOf, smsInbox } from '../fakes/sms-inbox.ts';
import {
  CODE_TOO_MANY_MESSAGE,
  CODE_WRONG_MESSAGE,
  SMS_CEILING_MESSAGE,
  SMS_FAILED_MESSAGE,
} from '../../functions/auth/phone.service.ts';
import { PHONE_INVALID_MESSAGE } from '../../common/schemas/phone-auth.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/** Issue 37.1, 37.3: phone sign-up and sign-in with a code, and the limits on sending codes. */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const sms = smsInbox();
const { messages: inbox, transport } = sms;
let ip = 0;
/** A fresh address per test, so the per-address limits of one test do not reach the next. */
const nextIp = () => `198.51.100.${(ip += 1)}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db, { smsTransport: transport }).call;
});
afterAll(() => handle?.close());
beforeEach(async () => {
  sms.reset();
  await handle.db.deleteFrom('rate_limits').execute();
});

describe('phone sign-up and sign-in (issue 37.1)', () => {
  it('a new number gets a 6-digit code by SMS, and the code signs up an account with a session', async () => {
    const address = nextIp();
    const sent = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '0803 123 4567' },
      ip: address,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toBe('+2348031234567');
    const code = codeOf(inbox[0]);
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '+234 803 123 4567', code },
      as: 'phone-a',
      ip: address,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)).toBe(true);
    expect(signedIn.body.user.shownName).not.toContain('4567');
    const session = await call('/api/auth/session', { as: 'phone-a' });
    expect(session.body.user.id).toBe(signedIn.body.user.id);
    const row = await handle.db
      .selectFrom('user')
      .select(['phone_number', 'phone_number_verified'])
      .where('id', '=', signedIn.body.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_number: '+2348031234567', phone_number_verified: true });

    // The code is used up; a second sign-in with a new code finds the same account.
    const again = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '08031234567', code },
      ip: address,
    });
    expect(again.status).toBe(422);
    await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '2348031234567' },
      ip: address,
    });
    const second = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '08031234567', code: codeOf(inbox[1]) },
      as: 'phone-b',
      ip: address,
    });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(signedIn.body.user.id);
  });

  it('refuses numbers that are not Nigerian mobiles, before anything is sent', async () => {
    for (const phone of ['01 271 0000', '+44 7700 900123', '12345']) {
      const response = await call('/api/auth/phone/code', {
        method: 'POST',
        json: { phone },
        ip: nextIp(),
      });
      expect(response.status).toBe(422);
      expect(response.body.error.fields.phone).toEqual([PHONE_INVALID_MESSAGE]);
    }
    expect(inbox).toHaveLength(0);
  });

  it('a code allows 5 tries: wrong codes are refused, and after 5 even the right one is', async () => {
    const address = nextIp();
    await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08051112222' },
      ip: address,
    });
    const code = codeOf(inbox[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await call('/api/auth/phone/verify', {
        method: 'POST',
        json: { phone: '08051112222', code: wrong },
        ip: address,
      });
      expect(response.status).toBe(422);
      expect(response.body.error.message).toBe(CODE_WRONG_MESSAGE);
    }
    const right = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '08051112222', code },
      ip: address,
    });
    expect(right.status).toBe(422);
    expect(right.body.error.message).toBe(CODE_TOO_MANY_MESSAGE);
  });

  it('a code expires after 10 minutes', async () => {
    const address = nextIp();
    await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08062223333' },
      ip: address,
    });
    // Better Auth's verification table is not in our Database type: plain SQL.
    const { rows } = await sql<{ ttl: number }>`
      select extract(epoch from expires_at - created_at)::float8 as ttl
      from verification order by created_at desc limit 1`.execute(handle.db);
    expect(Math.round(rows[0]!.ttl)).toBe(600);
    await sql`update verification set expires_at = now() - interval '1 second'`.execute(handle.db);
    const late = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '08062223333', code: codeOf(inbox[0]) },
      ip: address,
    });
    expect(late.status).toBe(422);
  });

  it('answers the same whether or not an account holds the number', async () => {
    const address = nextIp();
    // +2348031234567 has an account (first test); 08099998888 has none.
    const known = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08031234567' },
      ip: address,
    });
    const unknown = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08099998888' },
      ip: address,
    });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
  });

  it('a provider failure tells the person to try again, and a retry works', async () => {
    const address = nextIp();
    sms.failing = true;
    const failed = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08073334444' },
      ip: address,
    });
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toBe(SMS_FAILED_MESSAGE);
    const logged = await handle.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('status', '=', 'failed')
      .execute();
    expect(logged.at(-1)).toMatchObject({ transport: 'test', error: 'Termii answered HTTP 503' });
    sms.failing = false;
    const retried = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08073334444' },
      ip: address,
    });
    expect(retried.status).toBe(200);
    const signedIn = await call('/api/auth/phone/verify', {
      method: 'POST',
      json: { phone: '08073334444', code: codeOf(inbox[0]) },
      ip: address,
    });
    expect(signedIn.status).toBe(200);
  });
});

describe('limits on codes (issue 37.3)', () => {
  it('one number gets 3 codes an hour, from any address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await call('/api/auth/phone/code', {
        method: 'POST',
        json: { phone: '08084445555' },
        ip: nextIp(),
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(inbox).toHaveLength(3);
  });

  it('one number gets 10 codes a day', async () => {
    // Ten hourly windows' worth: the day's count is kept apart from the hour's.
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      await handle.db.deleteFrom('rate_limits').where('key', 'like', '%:3600').execute();
      const response = await call('/api/auth/phone/code', {
        method: 'POST',
        json: { phone: '08085556666' },
        ip: nextIp(),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('one address asks for at most 10 codes an hour, whatever the numbers', async () => {
    const address = nextIp();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await call('/api/auth/phone/code', {
        method: 'POST',
        json: { phone: `0809${String(1_000_000 + i).slice(1)}0` },
        ip: address,
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });

  it('the site stops at the daily ceiling an admin set', async () => {
    const sentToday = await handle.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('sms_settings')
      .set({ daily_ceiling: Number(sentToday.n) + 1 })
      .execute();
    const first = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08111112222' },
      ip: nextIp(),
    });
    expect(first.status).toBe(200);
    const over = await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08111113333' },
      ip: nextIp(),
    });
    expect(over.status).toBe(503);
    expect(over.body.error.message).toBe(SMS_CEILING_MESSAGE);
    await handle.db.updateTable('sms_settings').set({ daily_ceiling: 500 }).execute();
  });

  it('stores no number and no address in the limits or the log', async () => {
    await call('/api/auth/phone/code', {
      method: 'POST',
      json: { phone: '08122223333' },
      ip: '203.0.113.99',
    });
    const keys = await handle.db.selectFrom('rate_limits').select('key').execute();
    const logged = await handle.db.selectFrom('sms_outbox').selectAll().execute();
    const stored = JSON.stringify([keys, logged]);
    expect(stored).not.toContain('8122223333');
    expect(stored).not.toContain('203.0.113.99');
    expect(stored).not.toContain(codeOf(inbox.at(-1)));
  });
});
