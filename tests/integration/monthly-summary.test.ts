import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_UNSUBSCRIBE_LINK } from '../../common/schemas/email-preferences.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createMailer, type Mailer, sendgridTransport } from '../../functions/_lib/mail.ts';
import { addCounts } from '../../functions/insights/insights.repository.ts';
import { sendCounts } from '../../functions/monthly-summary/monthly-summary.repository.ts';
import {
  dueMonth,
  runMonthlySummary,
  unsubscribeToken,
} from '../../functions/monthly-summary/monthly-summary.service.ts';
import { oneClickUnsubscribe } from '../../netlify/one-click-unsubscribe.ts';
import { insertBusiness } from '../factories/business.ts';
import { type FakeSendGrid, type RecordedRequest, start } from '../fakes/sendgrid.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 27.3 (ADR 045): the owners' monthly summary through the loopback SendGrid: the right
 * figures, one e-mail per owner and month however often (and however concurrently) the job runs,
 * failed sends retried, and the unsubscribe link, one-click POST and dashboard switch.
 */

process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';

let handle: DatabaseHandle;
let fake: FakeSendGrid;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
let mailer: Mailer;

/** A run on the first of the month after `month` (`YYYY-MM`), 09:00 in Lagos. */
const runFor = (month: string, options: { pageSize?: number; deadline?: number } = {}) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return runMonthlySummary(handle.db, mailer, {
    now: new Date(Date.UTC(y, m, 1, 8)),
    ...options,
  });
};

let accounts = 0;
/** Signs up and in as `as` (each from its own address: sign-ups are rate-limited); its id. */
const account = async (as: string) => {
  const json = { email: `${as}@summary.example.com`, password: `${as}-pass-1` };
  const ip = `198.51.100.${++accounts}`;
  expect((await call('/api/auth/sign-up', { method: 'POST', json, as, ip })).status).toBe(201);
  return (await call('/api/auth/session', { as })).body.user.id as string;
};

/** The monthly-summary requests the fake received, by recipient. */
const summariesTo = (email: string) =>
  fake.requests.filter(
    (r) =>
      r.body?.categories?.includes('monthly-summary') &&
      r.body.personalizations[0]!.to[0]!.email === email,
  );
const content = (request: RecordedRequest, type: string) =>
  request.body.content.find((c) => c.type === type)!.value;

beforeAll(async () => {
  [handle, fake] = await Promise.all([createTestDatabase(), start({ apiKey: 'SG.summary-key' })]);
  const transport = sendgridTransport({
    apiKey: 'SG.summary-key',
    baseUrl: fake.baseUrl,
    timeoutMs: 1500,
  });
  api = testApi(handle.db, { mailTransport: transport });
  call = api.call;
  mailer = createMailer(handle.db, transport);
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});

describe('the monthly summary (issue 27.3)', () => {
  it('reports the calendar month before, in Lagos', () => {
    expect(dueMonth(new Date('2026-12-01T00:30:00Z'))).toMatchObject({
      month: '2026-11-01',
      to: '2026-11-30',
      name: 'November',
      year: 2026,
    });
    // 23:30 UTC on 31 December is already 1 January in Lagos.
    expect(dueMonth(new Date('2026-12-31T23:30:00Z')).month).toBe('2026-12-01');
    expect(dueMonth(new Date('2026-03-15T12:00:00Z')).to).toBe('2026-02-28');
  });

  it("sends each owner one e-mail with the month's figures of each listing, once however often it runs", async () => {
    const ada = await account('ada');
    const bola = await account('bola');
    const quiet = await account('quiet');
    const garage = await insertBusiness(handle.db, {
      status: 'approved',
      owner_user_id: ada,
      business_name: 'Ada Motors Ikeja',
    });
    const second = await insertBusiness(handle.db, {
      status: 'approved',
      owner_user_id: ada,
      business_name: 'Ada Tyres Yaba',
    });
    const bolas = await insertBusiness(handle.db, {
      status: 'approved',
      owner_user_id: bola,
      business_name: 'Bola Auto Electric',
    });
    const quiets = await insertBusiness(handle.db, { status: 'approved', owner_user_id: quiet });
    await addCounts(handle.db, [
      { listingId: garage.id, day: '2026-11-01', counts: { page_view: 400, call_tap: 30 } },
      {
        listingId: garage.id,
        day: '2026-11-30',
        counts: { page_view: 12, call_tap: 7, whatsapp_tap: 12 },
      },
      // Outside November: not counted.
      { listingId: garage.id, day: '2026-10-31', counts: { page_view: 1000 } },
      { listingId: garage.id, day: '2026-12-01', counts: { page_view: 1000 } },
      { listingId: bolas.id, day: '2026-11-15', counts: { page_view: 1, directions_tap: 2 } },
      { listingId: quiets.id, day: '2026-10-15', counts: { page_view: 5 } },
    ]);

    const first = await runFor('2026-11');
    expect(first).toEqual({ month: '2026-11-01', sent: 2, failed: 0, completed: true });

    const [toAda, ...moreToAda] = summariesTo('ada@summary.example.com');
    expect(moreToAda).toEqual([]);
    expect(toAda!.body.subject).toBe('Your 2 listings in November on Lagos Auto Hub');
    const text = content(toAda!, 'text/plain');
    expect(text).toContain('Ada Motors Ikeja: 412 views, 37 calls, 12 WhatsApp messages.');
    expect(text).toContain('Ada Tyres Yaba: no visits recorded.');
    expect(text).toContain(`/account/business/insights/?listing=${garage.id}&period=30`);
    expect(text).toContain(`/account/business/insights/?listing=${second.id}&period=30`);
    const html = content(toAda!, 'text/html');
    expect(html).toContain('Ada Motors Ikeja</a>: 412 views, 37 calls, 12 WhatsApp messages.');
    expect(html).toContain('Unsubscribe</a>');
    // RFC 8058 one-click headers, the token signed for this account.
    const token = unsubscribeToken(ada);
    expect(toAda!.body.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:4321/api/email/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(text).toContain(`/email/unsubscribe/?token=${token}`);

    const [toBola] = summariesTo('bola@summary.example.com');
    expect(toBola!.body.subject).toBe('Your listing in November: 1 view, 2 direction requests');
    expect(content(toBola!, 'text/plain')).toContain(
      'Here is what Bola Auto Electric earned on Lagos Auto Hub in November 2026: 1 view, 2 direction requests.',
    );
    // An owner whose listings had nothing in November gets nothing.
    expect(summariesTo('quiet@summary.example.com')).toEqual([]);
    // The log keeps no usable unsubscribe link.
    const logged = await handle.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('template', '=', 'monthly-summary')
      .execute();
    expect(logged.length).toBe(2);
    for (const row of logged) expect(`${row.text_body}${row.html_body}`).not.toMatch(/token=[^[]/);

    // Run again, and again from the start: nothing more is sent.
    expect(await runFor('2026-11')).toEqual({
      month: '2026-11-01',
      sent: 0,
      failed: 0,
      completed: true,
    });
    await handle.db.deleteFrom('monthly_summary_runs').execute();
    expect((await runFor('2026-11')).sent).toBe(0);
    expect(summariesTo('ada@summary.example.com')).toHaveLength(1);
    expect(await sendCounts(handle.db, '2026-11-01')).toEqual({ sent: 2 });
  });

  it('two runs at once, in pages of one owner, send each owner once', async () => {
    const owners = await Promise.all(['cy1', 'cy2', 'cy3'].map(account));
    for (const owner of owners) {
      const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
      await addCounts(handle.db, [
        { listingId: listing.id, day: '2027-01-10', counts: { call_tap: 3 } },
      ]);
    }
    const reports = await Promise.all([
      runFor('2027-01', { pageSize: 1 }),
      runFor('2027-01', { pageSize: 1 }),
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(3);
    for (const name of ['cy1', 'cy2', 'cy3'])
      expect(summariesTo(`${name}@summary.example.com`)).toHaveLength(1);
  });

  it('a failed send is retried by the next run, and the month completes only then', async () => {
    const owner = await account('retry');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
    await addCounts(handle.db, [
      { listingId: listing.id, day: '2027-02-03', counts: { website_tap: 1 } },
    ]);
    fake.fail(500);
    expect(await runFor('2027-02')).toMatchObject({ sent: 0, failed: 1, completed: false });
    fake.reset();
    expect(await runFor('2027-02')).toMatchObject({ sent: 1, failed: 0, completed: true });
    expect(await runFor('2027-02')).toMatchObject({ sent: 0, completed: true });
    expect(summariesTo('retry@summary.example.com')).toHaveLength(1);
  });

  it('a claim whose run died before sending is taken again after the lease, not before', async () => {
    const owner = await account('crashed');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
    await addCounts(handle.db, [
      { listingId: listing.id, day: '2027-06-03', counts: { call_tap: 1 } },
    ]);
    // A run claimed this owner's month and died.
    await handle.db
      .insertInto('monthly_summary_sends')
      .values({ user_id: owner, month: '2027-06-01', status: 'claimed' })
      .execute();
    expect(await runFor('2027-06')).toMatchObject({ sent: 0, failed: 0 });
    expect(summariesTo('crashed@summary.example.com')).toEqual([]);
    await handle.db
      .updateTable('monthly_summary_sends')
      .set({ claimed_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', owner)
      .execute();
    await handle.db.deleteFrom('monthly_summary_runs').execute();
    expect(await runFor('2027-06')).toMatchObject({ sent: 1, completed: true });
    expect(summariesTo('crashed@summary.example.com')).toHaveLength(1);
  });

  it('stops at its deadline and the next run carries on from the cursor', async () => {
    const owner = await account('late');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
    await addCounts(handle.db, [
      { listingId: listing.id, day: '2027-03-03', counts: { page_view: 2 } },
    ]);
    expect(await runFor('2027-03', { deadline: Date.now() - 1 })).toMatchObject({
      sent: 0,
      completed: false,
    });
    expect(await runFor('2027-03')).toMatchObject({ sent: 1, completed: true });
  });
});

describe('unsubscribing (issue 27.3)', () => {
  it('by the link: a confirmation read, then a POST; tampered tokens are refused with a clear message', async () => {
    const owner = await account('linky');
    const token = unsubscribeToken(owner);
    const read = await call(`/api/email/preferences?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ email: 'linky@summary.example.com', monthly_summary: true });

    const off = await call('/api/email/preferences', {
      method: 'POST',
      json: { token, monthly_summary: 'false' },
    });
    expect(off.status).toBe(200);
    expect(off.body.monthly_summary).toBe(false);
    const on = await call('/api/email/preferences', {
      method: 'POST',
      json: { token, monthly_summary: true },
    });
    expect(on.body.monthly_summary).toBe(true);

    const other = await account('other');
    const [encoded, mac] = token.split('.') as [string, string];
    const tampered = [
      `${Buffer.from(other).toString('base64url')}.${mac}`,
      `${encoded}.${mac.slice(0, -2)}AA`,
      encoded,
      `${token}.x`,
    ];
    for (const bad of tampered) {
      const refused = await call('/api/email/unsubscribe?token=' + encodeURIComponent(bad), {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(INVALID_UNSUBSCRIBE_LINK);
    }
    expect((await call(`/api/account/email-preferences`, { as: 'other' })).body).toEqual({
      email: 'other@summary.example.com',
      monthly_summary: true,
    });
  });

  it('by one-click POST (RFC 8058) at once; the owner is skipped, and can subscribe again from the dashboard', async () => {
    const owner = await account('oneclick');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
    await addCounts(handle.db, [
      { listingId: listing.id, day: '2027-04-02', counts: { page_view: 9 } },
      { listingId: listing.id, day: '2027-05-02', counts: { page_view: 9 } },
    ]);
    const token = unsubscribeToken(owner);
    const unsubscribed = await call(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body.monthly_summary).toBe(false);

    expect((await runFor('2027-04')).sent).toBe(0);
    expect(summariesTo('oneclick@summary.example.com')).toEqual([]);

    expect(
      (
        await call('/api/account/email-preferences', {
          method: 'POST',
          json: { monthly_summary: true },
        })
      ).status,
    ).toBe(401);
    const again = await call('/api/account/email-preferences', {
      method: 'POST',
      as: 'oneclick',
      json: { monthly_summary: true },
    });
    expect(again.body).toEqual({ email: 'oneclick@summary.example.com', monthly_summary: true });
    expect((await runFor('2027-05')).sent).toBe(1);
    expect(summariesTo('oneclick@summary.example.com')).toHaveLength(1);
  });

  it('on Netlify: the e-mail names the one-click function, whose POST unsubscribes at once', async () => {
    const owner = await account('netlify');
    const listing = await insertBusiness(handle.db, { status: 'approved', owner_user_id: owner });
    await addCounts(handle.db, [
      { listingId: listing.id, day: '2027-07-02', counts: { page_view: 3 } },
    ]);
    const scope = globalThis as { Netlify?: unknown };
    scope.Netlify = { env: {} };
    try {
      expect((await runFor('2027-07')).sent).toBe(1);
    } finally {
      delete scope.Netlify;
    }
    const token = unsubscribeToken(owner);
    const [mail] = summariesTo('netlify@summary.example.com');
    expect(mail!.body.headers).toMatchObject({
      'List-Unsubscribe': `<http://localhost:4321/.netlify/functions/one-click-unsubscribe?token=${token}>`,
    });

    const closed: string[] = [];
    const fn = oneClickUnsubscribe(async () => ({
      ...handle,
      close: async () => void closed.push('closed'),
    }));
    const url = `http://localhost/.netlify/functions/one-click-unsubscribe?token=${token}`;
    const init = {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    expect((await fn(new Request(url))).status).toBe(405);
    const refused = await fn(new Request(`${url.slice(0, -2)}xx`, init));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(INVALID_UNSUBSCRIBE_LINK);
    expect(closed).toEqual([]);
    const done = await fn(new Request(url, init));
    expect(done.status).toBe(200);
    expect(closed).toEqual(['closed']);
    expect((await call('/api/account/email-preferences', { as: 'netlify' })).body).toMatchObject({
      monthly_summary: false,
    });
  });
});
