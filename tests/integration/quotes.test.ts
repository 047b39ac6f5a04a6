import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { MailMessage, MailTransport } from '../../functions/_lib/mail.ts';
import { QUOTE_KEY_HEADER } from '../../common/schemas/quotes.ts';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { flushCounts } from '../../functions/insights/insights.service.ts';
import { createMailer } from '../../functions/_lib/mail.ts';
import {
  FOLLOW_UP_AFTER_MS,
  sendJobFollowUps,
} from '../../functions/service-requests/follow-up.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Find It quotes (issue 36, ADR 079) through the API: a request matched at once to the nearest
 * claimed listings, itemised quotes from their owners, the motorist's private page opened by the
 * key in their e-mail, acceptance once, and the contacts each side gets only then.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const mail: MailMessage[] = [];
/** Set to make every e-mail fail (SendGrid down): nothing may be lost. */
let mailDown = false;
const capture: MailTransport = {
  name: 'capture',
  send: async (message) => {
    if (mailDown) throw new Error('SendGrid is down');
    mail.push(message);
  },
};
const owners: Record<string, string> = {};

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db, { mailTransport: capture }).call;
  await signInAdmin(handle.db, call, { email: 'quotes-admin@example.com', password: 'q-admin-1' });
  for (const name of ['yaba', 'surulere', 'ikeja', 'lekki', 'stranger']) {
    const json = { email: `${name}@owners.example.ng`, password: `${name}-pass-1` };
    expect((await call('/api/auth/sign-up', { method: 'POST', json, as: name })).status).toBe(201);
    owners[name] = (await call('/api/auth/session', { as: name })).body.user.id as string;
  }
  const claimed = (name: string, area: string, owner: string, categories = ['Body Work & Paint']) =>
    insertBusiness(handle.db, {
      business_name: name,
      area,
      business_categories: categories,
      owner_user_id: owners[owner]!,
    });
  await claimed('Yaba Panel Works', 'Yaba', 'yaba');
  await claimed('Surulere Body Shop', 'Surulere', 'surulere');
  await claimed('Ikeja Spray Centre', 'Ikeja', 'ikeja');
  await claimed('Lekki Panel & Paint', 'Lekki', 'lekki');
  await claimed('Yaba Tyres', 'Yaba', 'stranger', ['Tyre Services']);
  await insertBusiness(handle.db, {
    business_name: 'Unclaimed Yaba Body Shop',
    area: 'Yaba',
    business_categories: ['Body Work & Paint'],
  });
  for (let i = 0; i < 4; i++)
    await insertBusiness(handle.db, {
      business_name: `Far Body Shop ${i}`,
      area: 'Badagry',
      business_categories: ['Body Work & Paint'],
      owner_user_id: owners.stranger!,
    });
});
afterAll(() => handle?.close());

const REQUEST = {
  name: 'Tunde Bakare',
  email: 'tunde@example.ng',
  phone: '0803 111 2222',
  location: 'Herbert Macaulay Way, Yaba',
  services: ['Body Work & Paint'],
  carMake: 'Toyota',
  carModel: 'Corolla',
  carYear: '2012',
  job: 'Rear bumper dented, needs panel beating and spraying',
  area: 'yaba',
  urgency: 'this_week',
  contactMethods: ['whatsapp', 'call'],
};

async function submit(overrides: Record<string, unknown> = {}, ip = '198.51.100.20') {
  const response = await call('/api/service-requests', {
    method: 'POST',
    json: { ...REQUEST, ...overrides },
    ip,
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

/** The key of the newest link e-mailed to `to` (the delivered e-mail; the log has it redacted). */
function keyMailedTo(to: string): string {
  const message = mail.findLast((m) => m.to.includes(to) && /quotes\/\?key=/.test(m.text));
  const key = /quotes\/\?key=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  if (!key) throw new Error(`no quotes link was mailed to ${to}`);
  return key;
}

const leadsOf = async (owner: string) =>
  (await call('/api/account/leads', { as: owner })).body.leads as {
    id: string;
    business_name: string;
    customer_phone: string | null;
    customer_email: string | null;
    quote: { status: string; total_naira: number | null } | null;
  }[];

const QUOTE = {
  kind: 'quote',
  labourNaira: '25,000',
  parts: [
    { name: 'Rear bumper', grade: 'used', priceNaira: 40000 },
    { name: 'Bumper clips', grade: 'new_aftermarket', priceNaira: '₦3,500' },
  ],
  warranty: '3 months on the spraying',
  available: 'Tomorrow from 9am',
  note: 'Colour matched',
};

describe('Find It quotes (issue 36)', () => {
  let requestId: string;
  let key: string;

  it('matches at once the claimed listings of the trade, nearest area first, without an admin', async () => {
    requestId = await submit();
    const matched = await handle.db
      .selectFrom('service_request_notifications as n')
      .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
      .select(['b.business_name', 'n.matched_by'])
      .where('n.service_request_id', '=', requestId)
      .execute();
    const names = matched.map((m) => m.business_name);
    expect(names).toHaveLength(5);
    // Yaba itself, then its nearest neighbours; never the unclaimed shop or another trade.
    expect(names.slice(0, 4).sort()).toEqual(
      [
        'Ikeja Spray Centre',
        'Lekki Panel & Paint',
        'Surulere Body Shop',
        'Yaba Panel Works',
      ].sort(),
    );
    expect(names).not.toContain('Unclaimed Yaba Body Shop');
    expect(names).not.toContain('Yaba Tyres');
    expect(matched.every((m) => m.matched_by === 'auto')).toBe(true);
    const stored = await handle.db
      .selectFrom('service_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      area: 'Yaba',
      car_make: 'Toyota',
      car_year: 2012,
      urgency: 'this_week',
      contact_methods: ['whatsapp', 'call'],
    });
    expect(stored.matched_at).not.toBeNull();
    // The alerts carry the job, never the motorist's contacts; the log holds no usable key.
    const alert = mail.find(
      (m) => m.template === 'quote-request-alert' && m.to.includes('yaba@owners.example.ng'),
    );
    expect(alert?.text).toContain('Car: Toyota Corolla 2012');
    for (const secret of ['Tunde', 'tunde@example.ng', '0803 111 2222'])
      expect(alert?.text).not.toContain(secret);
    key = keyMailedTo('tunde@example.ng');
    expect(stored.access_key_hash).not.toContain(key);
    const logged = await handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('template', '=', 'service-request-customer')
      .execute();
    expect(logged.map((l) => l.text_body).join('')).not.toContain(key);
  });

  it('shows an owner the job without contacts and refuses bad amounts with clear messages', async () => {
    const [lead] = await leadsOf('yaba');
    expect(lead).toMatchObject({ customer_phone: null, customer_email: null, quote: null });
    const path = `/api/account/leads/${lead!.id}/quote`;
    const refused = async (json: unknown) => {
      const response = await call(path, { method: 'POST', json, as: 'yaba' });
      expect(response.status).toBe(422);
      return JSON.stringify(response.body.error.fields);
    };
    expect(await refused({ ...QUOTE, labourNaira: -5 })).toContain('cannot be negative');
    expect(await refused({ ...QUOTE, labourNaira: 1500.5 })).toContain('whole amount');
    expect(await refused({ ...QUOTE, labourNaira: '60,000,000' })).toContain('₦50,000,000');
    expect(
      await refused({ ...QUOTE, parts: [{ name: 'Bumper', grade: 'chinese', priceNaira: 1 }] }),
    ).toContain('grade');
    // Another business's lead is not theirs to answer.
    expect((await call(path, { method: 'POST', json: QUOTE, as: 'stranger' })).status).toBe(404);
    expect((await call(path, { method: 'POST', json: QUOTE })).status).toBe(401);
  });

  it('takes one itemised quote per business, editable, and mails the motorist the link', async () => {
    const [lead] = await leadsOf('yaba');
    const path = `/api/account/leads/${lead!.id}/quote`;
    const first = await call(path, { method: 'POST', json: QUOTE, as: 'yaba' });
    expect(first.status).toBe(200);
    expect(first.body.quote).toMatchObject({
      status: 'quoted',
      labour_naira: 25000,
      total_naira: 68500,
    });
    const edited = await call(path, {
      method: 'POST',
      json: { ...QUOTE, labourNaira: 20000 },
      as: 'yaba',
    });
    expect(edited.body.quote.total_naira).toBe(63500);
    expect(
      await handle.db
        .selectFrom('quotes')
        .select('id')
        .where('service_request_id', '=', requestId)
        .execute(),
    ).toHaveLength(1);
    const [surulere] = await leadsOf('surulere');
    await call(`/api/account/leads/${surulere!.id}/quote`, {
      method: 'POST',
      json: {
        kind: 'quote',
        labourNaira: 30000,
        parts: [{ name: 'Rear bumper', grade: 'new_genuine', priceNaira: 95000 }],
      },
      as: 'surulere',
    });
    const [ikeja] = await leadsOf('ikeja');
    const declined = await call(`/api/account/leads/${ikeja!.id}/quote`, {
      method: 'POST',
      json: { kind: 'decline', reason: 'busy' },
      as: 'ikeja',
    });
    expect(declined.body.quote).toMatchObject({ status: 'declined', total_naira: null });
    const quoteMail = mail.filter((m) => m.template === 'quote-new');
    expect(quoteMail.map((m) => m.subject)).toContain(
      'Yaba Panel Works changed its quote: ₦63,500',
    );
    expect(keyMailedTo('tunde@example.ng')).toBe(key);
  });

  it('opens the private page with the key only, quotes lowest total first, no contacts yet', async () => {
    const opened = await call('/api/quote-requests/open', { method: 'POST', json: { key } });
    expect(opened.body).toEqual({ id: requestId });
    expect(
      (
        await call('/api/quote-requests/open', {
          method: 'POST',
          json: { key: `${key.slice(1)}x` },
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/quote-requests/${requestId}`)).status).toBe(404);
    const view = await call(`/api/quote-requests/${requestId}`, {
      headers: { [QUOTE_KEY_HEADER]: key },
    });
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('private, no-store');
    // A forwarded link opened by another signed-in account does not become theirs.
    await call(`/api/quote-requests/${requestId}`, {
      headers: { [QUOTE_KEY_HEADER]: key },
      as: 'yaba',
    });
    expect((await call('/api/account/quote-requests', { as: 'yaba' })).body.requests).toEqual([]);
    expect(view.body).toMatchObject({ businesses_reached: 5, declined: 1 });
    expect(
      view.body.quotes.map((q: { listing: { business_name: string } }) => q.listing.business_name),
    ).toEqual(['Yaba Panel Works', 'Surulere Body Shop']);
    expect(view.body.quotes[0].parts[0]).toEqual({
      name: 'Rear bumper',
      grade: 'used',
      price_naira: 40000,
    });
    expect(
      view.body.quotes.every((q: { listing: { phone: unknown } }) => q.listing.phone === null),
    ).toBe(true);
  });

  it('accepts once: contacts to each side, the others told, a replay answers the same', async () => {
    const view = await call(`/api/quote-requests/${requestId}`, {
      headers: { [QUOTE_KEY_HEADER]: key },
    });
    const [cheapest, other] = view.body.quotes as { id: string }[];
    const accept = (quoteId: string) =>
      call(`/api/quote-requests/${requestId}/accept`, {
        method: 'POST',
        json: { quoteId },
        headers: { [QUOTE_KEY_HEADER]: key },
      });
    const accepted = await accept(cheapest!.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.quotes[0]).toMatchObject({ status: 'accepted' });
    expect(accepted.body.quotes[0].listing.phone).not.toBeNull();
    expect((await accept(cheapest!.id)).status).toBe(200);
    expect((await accept(other!.id)).status).toBe(409);
    expect(mail.filter((m) => m.template === 'quote-accepted-business')).toHaveLength(1);
    const toBusiness = mail.find((m) => m.template === 'quote-accepted-business')!;
    expect(toBusiness.to).toEqual(['yaba@owners.example.ng']);
    expect(toBusiness.text).toContain('0803 111 2222');
    expect(toBusiness.text).toContain('WhatsApp or a phone call');
    expect(mail.filter((m) => m.template === 'quote-not-chosen').map((m) => m.to)).toEqual([
      ['surulere@owners.example.ng'],
    ]);
    const [yabaLead] = await leadsOf('yaba');
    expect(yabaLead).toMatchObject({
      customer_phone: '0803 111 2222',
      quote: { status: 'accepted' },
    });
    const [surulereLead] = await leadsOf('surulere');
    expect(surulereLead).toMatchObject({ customer_phone: null, quote: { status: 'not_chosen' } });
    // An accepted quote no longer changes.
    const changed = await call(`/api/account/leads/${yabaLead!.id}/quote`, {
      method: 'POST',
      json: QUOTE,
      as: 'yaba',
    });
    expect(changed.status).toBe(409);
  });

  it('shares the contacts with one business before choosing, when the motorist asks', async () => {
    const id = await submit({ email: 'share@example.ng' }, '198.51.100.95');
    const shareKey = keyMailedTo('share@example.ng');
    const lead = (await leadsOf('lekki')).find((l) => l.quote === null)!;
    await call(`/api/account/leads/${lead.id}/quote`, { method: 'POST', json: QUOTE, as: 'lekki' });
    const view = await call(`/api/quote-requests/${id}`, {
      headers: { [QUOTE_KEY_HEADER]: shareKey },
    });
    const quoteId = view.body.quotes[0].id as string;
    expect(view.body.quotes[0].contacts_shared).toBe(false);
    const share = () =>
      call(`/api/quote-requests/${id}/share`, {
        method: 'POST',
        json: { quoteId },
        headers: { [QUOTE_KEY_HEADER]: shareKey },
      });
    expect((await share()).body.quotes[0].contacts_shared).toBe(true);
    expect((await share()).status).toBe(200);
    expect(mail.filter((m) => m.template === 'quote-contacts-shared')).toHaveLength(1);
    const shared = (await leadsOf('lekki')).find((l) => l.id === lead.id)!;
    expect(shared.customer_phone).toBe('0803 111 2222');
    // Another business of the request still sees no contact.
    const other = (await leadsOf('surulere')).find(
      (l) => l.quote === null && l.customer_phone === null,
    );
    expect(other).toBeDefined();
    // Without the key, nothing is shared.
    expect(
      (await call(`/api/quote-requests/${id}/share`, { method: 'POST', json: { quoteId } })).status,
    ).toBe(404);
  });

  it("lists a signed-in sender's requests under their account, which opens them without a key", async () => {
    const sent = await call('/api/service-requests', {
      method: 'POST',
      json: { ...REQUEST, email: 'signed-in@example.ng' },
      ip: '198.51.100.96',
      as: 'stranger',
    });
    expect(sent.status).toBe(201);
    const mine = await call('/api/account/quote-requests', { as: 'stranger' });
    expect(mine.body.requests[0]).toMatchObject({ id: sent.body.id, place: 'Yaba', quotes: 0 });
    expect((await call(`/api/quote-requests/${sent.body.id}`, { as: 'stranger' })).status).toBe(
      200,
    );
    // Another account, and no account, are refused.
    expect((await call(`/api/quote-requests/${sent.body.id}`, { as: 'yaba' })).status).toBe(404);
    expect((await call('/api/account/quote-requests')).status).toBe(401);
  });

  it('a new link revokes the old one', async () => {
    const renew = await call(`/api/quote-requests/${requestId}/renew`, {
      method: 'POST',
      headers: { [QUOTE_KEY_HEADER]: key },
    });
    expect(renew.body).toEqual({ ok: true });
    const fresh = keyMailedTo('tunde@example.ng');
    expect(fresh).not.toBe(key);
    const headers = (k: string) => ({ headers: { [QUOTE_KEY_HEADER]: k } });
    expect((await call(`/api/quote-requests/${requestId}`, headers(key))).status).toBe(404);
    expect((await call(`/api/quote-requests/${requestId}`, headers(fresh))).status).toBe(200);
  });

  it('holds a request whose words carry a phone number or a link for the admin', async () => {
    const id = await submit({
      email: 'held@example.ng',
      job: 'Call my guy on 0803 444 5555 for the bumper',
    });
    const row = await handle.db
      .selectFrom('service_requests')
      .select(['held_reasons', 'matched_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ held_reasons: ['phone'], matched_at: null });
    const reached = await handle.db
      .selectFrom('service_request_notifications')
      .select('id')
      .where('service_request_id', '=', id)
      .execute();
    expect(reached).toHaveLength(0);
  });

  it('keeps one e-mail from flooding businesses: the sixth request of a day is refused', async () => {
    for (let i = 0; i < 5; i++) await submit({ email: 'flood@example.ng' }, `198.51.100.${40 + i}`);
    const sixth = await call('/api/service-requests', {
      method: 'POST',
      json: { ...REQUEST, email: 'flood@example.ng' },
      ip: '198.51.100.60',
    });
    expect(sixth.status).toBe(429);
  });

  it('a mail failure loses neither the request, its matches nor a quote', async () => {
    mailDown = true;
    try {
      const response = await call('/api/service-requests', {
        method: 'POST',
        json: { ...REQUEST, email: 'down@example.ng' },
        ip: '198.51.100.80',
      });
      expect(response.status).toBe(201);
      const id = response.body.id as string;
      const reached = await handle.db
        .selectFrom('service_request_notifications')
        .select(['error'])
        .where('service_request_id', '=', id)
        .execute();
      expect(reached).toHaveLength(5);
      expect(reached.every((r) => r.error !== null)).toBe(true);
      const lead = (await leadsOf('lekki')).find((l) => l.quote === null)!;
      const quoted = await call(`/api/account/leads/${lead.id}/quote`, {
        method: 'POST',
        json: QUOTE,
        as: 'lekki',
      });
      expect(quoted.status).toBe(200);
    } finally {
      mailDown = false;
    }
  });
});

describe('response time, public (issue 36.5)', () => {
  it('shows how soon and how often a business answers, from three requests on', async () => {
    const listing = async (name: string) => {
      const row = await handle.db
        .selectFrom('business_registrations')
        .select(['id', 'quote_requests_90d', 'quote_answered_90d'])
        .where('business_name', '=', name)
        .executeTakeFirstOrThrow();
      const page = await call(`/api/listings/${row.id}`);
      return { ...row, business: page.body.business ?? page.body };
    };
    const yaba = await listing('Yaba Panel Works');
    expect(yaba.quote_requests_90d).toBeGreaterThanOrEqual(3);
    expect(yaba.quote_answered_90d).toBeGreaterThanOrEqual(1);
    expect(yaba.business.answers_within_hours).toBe(1);
    expect(yaba.business.answer_rate).toBe(
      Math.round((100 * yaba.quote_answered_90d) / yaba.quote_requests_90d),
    );
    // Ikeja answered (declined) once: counted, but shown only from three requests on.
    const far = await listing('Far Body Shop 0');
    expect(far.quote_answered_90d).toBe(0);
    expect(far.business.answers_within_hours ?? null).toBeNull();
  });
});

describe('the admin and the owner insights (issue 36.8)', () => {
  const AS = { as: 'admin' } as const;

  it('shows each business reached and its quote; hides a quote; withdraws; blocks quoting', async () => {
    const id = await submit({ email: 'admin-view@example.ng' }, '198.51.100.90');
    const [lead] = await leadsOf('surulere');
    const quoted = await call(`/api/account/leads/${lead!.id}/quote`, {
      method: 'POST',
      json: QUOTE,
      as: 'surulere',
    });
    expect(quoted.status).toBe(200);
    const list = await call('/api/admin/service-requests?q=admin-view', AS);
    expect(list.body.serviceRequests[0]).toMatchObject({
      car_make: 'Toyota',
      quote_count: 1,
      accepted_business: null,
      held_reasons: [],
    });
    const view = await call(`/api/admin/service-requests/${id}/quotes`, AS);
    expect(view.status).toBe(200);
    const surulere = view.body.businesses.find(
      (b: { business_name: string }) => b.business_name === 'Surulere Body Shop',
    );
    expect(surulere).toMatchObject({
      matched_by: 'auto',
      withdrawn: false,
      quote: { total_naira: 68500, hidden: false },
    });
    expect(
      (await call(`/api/admin/service-requests/${id}/quotes`, { as: 'surulere' })).status,
    ).toBe(403);

    // Hidden: gone from the motorist's page.
    await call(`/api/admin/quotes/${surulere.quote.id}/hidden`, {
      method: 'POST',
      json: { value: true },
      ...AS,
    });
    const key = keyMailedTo('admin-view@example.ng');
    const motorist = await call(`/api/quote-requests/${id}`, {
      headers: { [QUOTE_KEY_HEADER]: key },
    });
    expect(motorist.body.quotes).toEqual([]);

    // Withdrawn: gone from the owner's leads.
    const yaba = view.body.businesses.find(
      (b: { business_name: string }) => b.business_name === 'Yaba Panel Works',
    );
    await call(`/api/admin/service-requests/${id}/withdraw`, {
      method: 'POST',
      json: { listingId: yaba.listing_id },
      ...AS,
    });
    const yabaLeads = (await call('/api/account/leads', { as: 'yaba' })).body.leads as {
      id: string;
    }[];
    expect(yabaLeads.map((l) => l.id)).not.toContain(yaba.lead_id);

    // Blocked: its answers are refused and it is matched to no new request.
    await call(`/api/admin/listings/${surulere.listing_id}/quotes-blocked`, {
      method: 'POST',
      json: { value: true },
      ...AS,
    });
    const refused = await call(`/api/account/leads/${lead!.id}/quote`, {
      method: 'POST',
      json: QUOTE,
      as: 'surulere',
    });
    expect(refused.status).toBe(403);
    const next = await submit({ email: 'after-block@example.ng' }, '198.51.100.91');
    const reached = await call(`/api/admin/service-requests/${next}/quotes`, AS);
    expect(
      reached.body.businesses.map((b: { business_name: string }) => b.business_name),
    ).not.toContain('Surulere Body Shop');
    await call(`/api/admin/listings/${surulere.listing_id}/quotes-blocked`, {
      method: 'POST',
      json: { value: false },
      ...AS,
    });
  });

  it('sends a held request to businesses when the admin releases it', async () => {
    const id = await submit(
      { email: 'release@example.ng', job: 'see www.cheap-bumpers.ng' },
      '198.51.100.92',
    );
    expect((await call(`/api/admin/service-requests/${id}/quotes`, AS)).body.businesses).toEqual(
      [],
    );
    const released = await call(`/api/admin/service-requests/${id}/release`, {
      method: 'POST',
      ...AS,
    });
    expect(released.body.matched).toBeGreaterThan(0);
    expect(
      (await call(`/api/admin/service-requests/${id}/quotes`, AS)).body.businesses.length,
    ).toBe(released.body.matched);
  });

  it("counts requests received, quotes sent and quotes accepted on the owner's listing", async () => {
    const listing = await handle.db
      .selectFrom('business_registrations')
      .select('id')
      .where('business_name', '=', 'Yaba Panel Works')
      .executeTakeFirstOrThrow();
    await flushCounts(handle.db);
    const row = await handle.db
      .selectFrom('listing_stats_daily')
      .select((eb) => [
        eb.fn.sum<number>('find_it_forwards').as('received'),
        eb.fn.sum<number>('quotes_sent').as('sent'),
        eb.fn.sum<number>('quotes_accepted').as('accepted'),
      ])
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.sent)).toBe(1);
    expect(Number(row.accepted)).toBe(1);
    expect(Number(row.received)).toBeGreaterThanOrEqual(3);
  });
});

describe('after the job (issue 36.7)', () => {
  it('asks a week later, once; a part said not genuine is flagged; the review says it was booked', async () => {
    // The reviewer's e-mail confirmed, from the link mailed at sign-up.
    const confirm = mail.findLast(
      (m) => m.to.includes('stranger@owners.example.ng') && /verify-email\?token=/.test(m.text),
    );
    const link = /\/api\/auth\/verify-email\?token=[^\s>"]+/.exec(confirm!.text)![0];
    expect((await call(link)).status).toBe(303);
    const sent = await call('/api/service-requests', {
      method: 'POST',
      json: { ...REQUEST, email: 'after-job@example.ng' },
      ip: '198.51.100.97',
      as: 'stranger',
    });
    const id = sent.body.id as string;
    const lead = (await leadsOf('lekki')).find((l) => l.quote === null)!;
    const genuine = {
      kind: 'quote',
      labourNaira: 20000,
      parts: [{ name: 'Tail lamp', grade: 'new_genuine', priceNaira: 45000 }],
    };
    expect(
      (
        await call(`/api/account/leads/${lead.id}/quote`, {
          method: 'POST',
          json: genuine,
          as: 'lekki',
        })
      ).status,
    ).toBe(200);
    const view = await call(`/api/quote-requests/${id}`, { as: 'stranger' });
    const quoteId = view.body.quotes.find(
      (q: { listing: { business_name: string } }) =>
        q.listing.business_name === 'Lekki Panel & Paint',
    ).id;
    const accepted = await call(`/api/quote-requests/${id}/accept`, {
      method: 'POST',
      json: { quoteId },
      as: 'stranger',
    });
    expect(accepted.status).toBe(200);

    // Not before a week; then once, whatever the number of runs.
    const mailer = createMailer(handle.db, capture);
    expect(await sendJobFollowUps(handle.db, mailer)).toEqual({ sent: 0, failed: 0 });
    const inAWeek = new Date(Date.now() + FOLLOW_UP_AFTER_MS + 60_000);
    const first = await sendJobFollowUps(handle.db, mailer, inAWeek);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(await sendJobFollowUps(handle.db, mailer, inAWeek)).toEqual({ sent: 0, failed: 0 });
    const asked = mail.filter(
      (m) => m.template === 'quote-follow-up' && m.to.includes('after-job@example.ng'),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subject).toBe('How did the job with Lekki Panel & Paint go?');

    const answered = await call(`/api/quote-requests/${id}/follow-up`, {
      method: 'POST',
      json: { jobDone: 'yes', genuine: 'no' },
      as: 'stranger',
    });
    expect(answered.status).toBe(200);
    const mine = answered.body.quotes.find((q: { id: string }) => q.id === quoteId);
    expect(mine).toMatchObject({ job_done: true, genuine_answer: 'no' });
    expect(mail.filter((m) => m.template === 'quote-genuine-dispute')).toHaveLength(1);

    const listing = await handle.db
      .selectFrom('business_registrations')
      .select('id')
      .where('business_name', '=', 'Lekki Panel & Paint')
      .executeTakeFirstOrThrow();
    const review = await call(`/api/listings/${listing.id}/reviews`, {
      method: 'POST',
      as: 'stranger',
      ip: '198.51.100.98',
      json: {
        rating: 4,
        title: 'Bumper fixed',
        body: 'They fixed the bumper in a day and the colour matches, fair price for the work done.',
        service: 'Body Work & Paint',
        visit_month: lagosMonth(),
        author_name: 'Stranger',
      },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    const reviews = await call(`/api/listings/${listing.id}/reviews`);
    expect(reviews.body.reviews[0]).toMatchObject({ author_name: 'Stranger', booked: true });
  });
});
