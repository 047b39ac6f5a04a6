import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { MAX_BATCH, sendgridTransport } from '../../functions/_lib/mail.ts';
import { insertBusiness } from '../factories/business.ts';
import { start, type FakeSendGrid } from '../fakes/sendgrid.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Messaging (SPEC §2 Messaging panel, §5 Messaging, §7 sent_messages), with a loopback SendGrid.
 */

let handle: DatabaseHandle;
let fake: FakeSendGrid;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
let adminId: string;

const AS = { as: 'admin' } as const;

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  [handle, fake] = await Promise.all([createTestDatabase(), start({ apiKey: 'SG.inbox-key' })]);
  api = testApi(handle.db, {
    mailTransport: sendgridTransport({
      apiKey: 'SG.inbox-key',
      baseUrl: fake.baseUrl,
      timeoutMs: 1500,
    }),
  });
  call = api.call;
  adminId = await signInAdmin(handle.db, call, {
    email: 'inbox-admin@example.com',
    password: 'inbox-pass-1',
  });
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});
beforeEach(() => fake.reset());

describe('messaging', () => {
  let withEmail: { id: string; email: string }[];
  let withoutEmail: { id: string };
  let userIds: string[];

  beforeAll(async () => {
    withEmail = [];
    for (const name of ['Alpha Autos', 'Bravo Parts']) {
      const b = await insertBusiness(handle.db, {
        business_name: name,
        email: `${name.split(' ')[0]!.toLowerCase()}@biz.example.com`,
      });
      withEmail.push({ id: b.id, email: b.email! });
    }
    withoutEmail = await insertBusiness(handle.db, {
      business_name: 'Charlie Towing',
      email: null,
      status: 'pending',
    });
    for (const [i, email] of ['reader1@example.com', 'Reader2@Example.com'].entries()) {
      const signUp = await call('/api/auth/sign-up', {
        method: 'POST',
        as: `reader${i}`,
        json: {
          email,
          password: 'reader-pass-1',
          ...(i === 0 ? { displayName: 'Reader One' } : {}),
        },
      });
      expect(signUp.status).toBeLessThan(300);
    }
    const users = await handle.db
      .selectFrom('user')
      .select(['id', 'email'])
      .where('email', 'in', ['reader1@example.com', 'reader2@example.com'])
      .execute();
    userIds = users.map((u) => u.id);
  });

  const send = (json: Record<string, unknown>) =>
    call('/api/admin/messages', { method: 'POST', json, ...AS });
  const sentRows = () => handle.db.selectFrom('sent_messages').selectAll().execute();
  /** The stored recipient_emails, cast to text[] (the driver does not parse citext[]; see the BUG test below). */
  const storedEmails = async (id: string) =>
    (
      await sql<{
        emails: string[];
      }>`select recipient_emails::text[] as emails from sent_messages where id = ${id}`.execute(
        handle.db,
      )
    ).rows[0]!.emails;

  it('GET /api/admin/messaging/recipients pages users with e-mails and businesses', async () => {
    const { status, body } = await call('/api/admin/messaging/recipients?type=users', AS);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, page: 1, businesses: [], businessesWithEmail: 2 });
    const users = body.users as { id: string; email: string; shownName: string }[];
    expect(users.map((u) => u.email).sort()).toEqual([
      'inbox-admin@example.com',
      'reader1@example.com',
      'reader2@example.com',
    ]);
    expect(users.find((u) => u.email === 'reader1@example.com')!.shownName).toBe('Reader One');
    expect(users.find((u) => u.email === 'reader2@example.com')!.shownName).toBe('reader2');
    const paged = await call('/api/admin/messaging/recipients?type=users&limit=2&page=2', AS);
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.users).toHaveLength(1);
    const searched = await call('/api/admin/messaging/recipients?type=users&q=READER%20one', AS);
    expect(searched.body.users.map((u: { email: string }) => u.email)).toEqual([
      'reader1@example.com',
    ]);
    const business = await call('/api/admin/messaging/recipients?type=businesses', AS);
    expect(business.body).toMatchObject({ total: 3, users: [] });
    const businesses = business.body.businesses as {
      id: string;
      email: string | null;
      business_name: string;
      status: string;
    }[];
    expect(businesses.map((b) => b.business_name)).toEqual([
      'Alpha Autos',
      'Bravo Parts',
      'Charlie Towing',
    ]);
    expect(businesses[2]).toMatchObject({
      email: null,
      status: 'pending',
      business_type: 'Mechanic / Repair Services',
      verification_status: 'not_verified',
    });
    expect(Object.keys(businesses[0]!).sort()).toEqual([
      'business_name',
      'business_type',
      'email',
      'id',
      'status',
      'verification_status',
    ]);
    const bravo = await call('/api/admin/messaging/recipients?type=businesses&q=bravo', AS);
    expect(bravo.body.businesses.map((b: { business_name: string }) => b.business_name)).toEqual([
      'Bravo Parts',
    ]);
    expect((await call('/api/admin/messaging/recipients', AS)).status).toBe(422);
    expect((await call('/api/admin/messaging/recipients?type=users&limit=101', AS)).status).toBe(
      422,
    );
  });

  it('sends to "all businesses with an e-mail", resolved on the server', async () => {
    const { status, body } = await send({
      recipient_type: 'businesses',
      recipient_set: 'all_businesses_with_email',
      subject: 'To every business',
      message: 'Hello all.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: 2, failed: 0, skipped: 0 });
    expect(body.sentMessage).toMatchObject({ recipients: [], recipient_count: 2 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.personalizations.map((p) => p.to[0]!.email).sort()).toEqual(
      withEmail.map((b) => b.email).sort(),
    );
    await handle.db.deleteFrom('sent_messages').where('id', '=', body.sentMessage.id).execute();
    const wrongType = await send({
      recipient_type: 'users',
      recipient_set: 'all_businesses_with_email',
      subject: 'x',
      message: 'y',
    });
    expect(wrongType.status).toBe(422);
  });

  it('validates subject, message and recipients (422 with the SPEC messages), sending nothing', async () => {
    const noSubject = await send({
      recipient_type: 'custom',
      custom_emails: 'a@x.com',
      subject: ' ',
      message: 'Hello',
    });
    expect(noSubject.status).toBe(422);
    expect(noSubject.body.error.message).toBe('Please fill in subject and message');
    const noMessage = await send({
      recipient_type: 'custom',
      custom_emails: 'a@x.com',
      subject: 'Hi',
      message: '',
    });
    expect(noMessage.body.error.message).toBe('Please fill in subject and message');
    for (const empty of [
      { recipient_type: 'custom', custom_emails: ' , ,' },
      { recipient_type: 'users', recipients: [] },
      { recipient_type: 'businesses' },
    ]) {
      const refused = await send({ ...empty, subject: 'Hi', message: 'Hello' });
      expect(refused.status, JSON.stringify(empty)).toBe(422);
      expect(refused.body.error.message).toBe('Please select recipients or enter email addresses');
    }
    const invalid = await send({
      recipient_type: 'custom',
      custom_emails: 'a@x.com, not-an-email',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.message).toBe('Invalid email address: not-an-email');
    expect(fake.requests).toHaveLength(0);
    expect(await sentRows()).toEqual([]);
  });

  it('answers 422 in the envelope for a business recipient that is not a listing id, sending nothing (issue 12.6)', async () => {
    for (const recipients of [['not-a-uuid'], [withEmail[0]!.id, "1' or '1'='1"]]) {
      const refused = await send({
        recipient_type: 'businesses',
        recipients,
        subject: 'Hi',
        message: 'Hello',
      });
      expect(refused.status, JSON.stringify(recipients)).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid recipient id',
        fields: { recipients: ['Invalid recipient id'] },
      });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await sentRows()).toEqual([]);
  });

  it('custom list: trimmed, empties and duplicates dropped, one SendGrid request with one personalization each', async () => {
    const { status, body } = await send({
      recipient_type: 'custom',
      custom_emails: 'a@x.com, , b@x.com ,a@x.com',
      subject: 'Directory update',
      message: 'First paragraph.\n\nSecond paragraph.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: 2, failed: 0, skipped: 0 });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!.body;
    expect(request.personalizations).toEqual([
      { to: [{ email: 'a@x.com' }] },
      { to: [{ email: 'b@x.com' }] },
    ]);
    expect(request.subject).toBe('Directory update');
    expect(request.content.find((c) => c.type === 'text/plain')!.value).toContain(
      'Second paragraph.',
    );
    expect(request.content.some((c) => c.type === 'text/html')).toBe(true);

    expect(body.sentMessage).toMatchObject({
      recipient_type: 'custom',
      recipients: [],
      subject: 'Directory update',
      message: 'First paragraph.\n\nSecond paragraph.',
      sent_by: adminId,
      sent_count: 2,
      failed_count: 0,
      outcomes: [
        { email: 'a@x.com', status: 'sent' },
        { email: 'b@x.com', status: 'sent' },
      ],
    });
    const [row] = (await sentRows()).filter((r) => r.id === body.sentMessage.id);
    expect(row).toMatchObject({ sent_count: 2, failed_count: 0 });
    expect(await storedEmails(row!.id)).toEqual(['a@x.com', 'b@x.com']);
    expect(row!.outcomes).toEqual([
      { email: 'a@x.com', status: 'sent' },
      { email: 'b@x.com', status: 'sent' },
    ]);
  });

  it('businesses: resolves ids to e-mails on the server and skips businesses without one', async () => {
    const ids = [withEmail[0]!.id, withoutEmail.id, withEmail[1]!.id];
    const { status, body } = await send({
      recipient_type: 'businesses',
      recipients: ids,
      subject: 'Hello businesses',
      message: 'News for you.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: 2, failed: 0, skipped: 1 });
    expect(fake.requests).toHaveLength(1);
    const to = fake.requests[0]!.body.personalizations.map((p) => {
      expect(p.to).toHaveLength(1);
      return p.to[0]!.email;
    });
    expect(to.sort()).toEqual(withEmail.map((b) => b.email).sort());
    expect(body.sentMessage.recipients).toEqual(ids);
    expect((await storedEmails(body.sentMessage.id)).sort()).toEqual(
      withEmail.map((b) => b.email).sort(),
    );
  });

  it('users: resolves user ids to their (lower-cased) e-mails', async () => {
    const { status, body } = await send({
      recipient_type: 'users',
      recipients: userIds,
      subject: 'Hello users',
      message: 'Welcome.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: 2, failed: 0, skipped: 0 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.personalizations.map((p) => p.to[0]!.email).sort()).toEqual([
      'reader1@example.com',
      'reader2@example.com',
    ]);
  });

  it('a SendGrid 500 records every recipient as failed (201, sent 0)', async () => {
    fake.fail(500);
    const { status, body } = await send({
      recipient_type: 'custom',
      custom_emails: 'c@x.com, d@x.com, e@x.com',
      subject: 'Will fail',
      message: 'Sorry.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: 0, failed: 3, skipped: 0 });
    expect(fake.requests).toHaveLength(1);
    expect(body.sentMessage).toMatchObject({ sent_count: 0, failed_count: 3 });
    expect(await storedEmails(body.sentMessage.id)).toEqual(['c@x.com', 'd@x.com', 'e@x.com']);
    const outcomes = body.sentMessage.outcomes as {
      email: string;
      status: string;
      error?: string;
    }[];
    expect(outcomes.map((o) => [o.email, o.status])).toEqual([
      ['c@x.com', 'failed'],
      ['d@x.com', 'failed'],
      ['e@x.com', 'failed'],
    ]);
    for (const o of outcomes) expect(o.error).toMatch(/HTTP 500/);
  });

  it(`splits more than ${MAX_BATCH} recipients into SendGrid batches`, async () => {
    const emails = Array.from({ length: MAX_BATCH + 1 }, (_, i) => `r${i}@x.io`);
    const { status, body } = await send({
      recipient_type: 'custom',
      custom_emails: emails.join(','),
      subject: 'Bulk',
      message: 'Many.',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sent: MAX_BATCH + 1, failed: 0 });
    expect(fake.requests.map((r) => r.body.personalizations.length)).toEqual([MAX_BATCH, 1]);
    expect(fake.requests[1]!.body.personalizations[0]!.to).toEqual([
      { email: `r${MAX_BATCH}@x.io` },
    ]);
    // The response is bounded: the first 20 recipients and outcomes, and the count (ADR 014).
    expect(body.sentMessage.recipient_count).toBe(MAX_BATCH + 1);
    expect(body.sentMessage.recipient_emails).toEqual(emails.slice(0, 20));
    expect(body.sentMessage.outcomes).toHaveLength(20);
    expect(await storedEmails(body.sentMessage.id)).toHaveLength(MAX_BATCH + 1);
  });

  // Regression: recipient_emails was citext[], which the drivers return as the literal
  // "{a@x.com,b@x.com}"; migration 0004 makes it text[].
  it('returns recipient_emails as an array from POST and GET', async () => {
    const { body } = await send({
      recipient_type: 'custom',
      custom_emails: 'f@x.com, g@x.com',
      subject: 'Array check',
      message: 'Shape.',
    });
    await handle.db.deleteFrom('sent_messages').where('id', '=', body.sentMessage.id).execute();
    expect(body.sentMessage.recipient_emails).toEqual(['f@x.com', 'g@x.com']);
  });

  it('GET /api/admin/messages returns recipient_emails as arrays', async () => {
    const { body } = await call('/api/admin/messages', AS);
    expect(body.sentMessages.length).toBeGreaterThan(0);
    for (const m of body.sentMessages) expect(Array.isArray(m.recipient_emails)).toBe(true);
  });

  it('GET /api/admin/messages lists sent messages newest first', async () => {
    const { status, body } = await call('/api/admin/messages', AS);
    expect(status).toBe(200);
    const subjects = (body.sentMessages as { subject: string }[]).map((m) => m.subject);
    expect(subjects).toEqual([
      'Bulk',
      'Will fail',
      'Hello users',
      'Hello businesses',
      'Directory update',
    ]);
    const dates = (body.sentMessages as { sent_at: string }[]).map((m) =>
      new Date(m.sent_at).getTime(),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body).toMatchObject({ total: 5, page: 1 });
    const second = await call('/api/admin/messages?limit=2&page=2', AS);
    expect(second.body.sentMessages.map((m: { subject: string }) => m.subject)).toEqual([
      'Hello users',
      'Hello businesses',
    ]);
  });
});
