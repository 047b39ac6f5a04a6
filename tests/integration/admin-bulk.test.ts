import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { sendgridTransport } from '../../functions/_lib/mail.ts';
import { BULK_LISTING_TAG_LIMIT } from '../../functions/site/cache-tags.ts';
import { BUSINESS_CSV_COLUMNS, USER_CSV_COLUMNS } from '../../common/schemas/csv.ts';
import { MAX_FORWARDED_BUSINESSES } from '../../common/schemas/service-requests.ts';
import { insertBusiness } from '../factories/business.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { start, type FakeSendGrid } from '../fakes/sendgrid.ts';
import { createTestDatabase, signInAdmin, TEST_ORIGIN, testApi } from '../setup/test-db.ts';

/**
 * Bulk moderation, Find It forwarding and the streamed CSV exports (ADR 014; issue 11.5, 12.7):
 * bulk actions follow the SPEC §4 rules of the single actions (illegal rows skipped and counted),
 * change exactly the number the confirmation showed, purge once, and send welcome e-mails in
 * SendGrid batches; forwarding e-mails at most 50 matching businesses per request, each recorded.
 */

let handle: DatabaseHandle;
let fake: FakeSendGrid;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;
const MECHANIC = 'Mechanic / Repair Services';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  [handle, fake] = await Promise.all([createTestDatabase(), start({ apiKey: 'SG.bulk-key' })]);
  api = testApi(handle.db, {
    mailTransport: sendgridTransport({
      apiKey: 'SG.bulk-key',
      baseUrl: fake.baseUrl,
      timeoutMs: 1500,
    }),
  });
  call = api.call;
  await signInAdmin(handle.db, call, { email: 'bulk-admin@example.com', password: 'bulk-pass-1' });
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});
beforeEach(async () => {
  fake.reset();
  api.purges.length = 0;
  await handle.db.deleteFrom('business_registrations').execute();
});

const post = (path: string, json: unknown) => call(path, { method: 'POST', json, ...AS });
const statusOf = async (id: string) =>
  (
    await handle.db
      .selectFrom('business_registrations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status;

describe('bulk actions (SPEC §4 rules)', () => {
  it('Approve selected: changes the legal rows, skips and counts the others, e-mails in one batch', async () => {
    const pending = await Promise.all(
      ['Ade Motors', 'Bola Autos', 'Chi Repairs'].map((name, i) =>
        insertBusiness(handle.db, {
          business_name: name,
          status: 'pending',
          email: i === 2 ? null : `${name.split(' ')[0]!.toLowerCase()}@owner.ng`,
          display_name: i === 0 ? 'Ade <Owner>' : null,
          slug: `${name.toLowerCase().replace(' ', '-')}`,
        }),
      ),
    );
    const approved = await insertBusiness(handle.db, { status: 'approved' });
    const rejected = await insertBusiness(handle.db, { status: 'rejected', email: null });
    const ids = [...pending.map((b) => b.id), approved.id, rejected.id];
    const unknown = '00000000-0000-4000-8000-000000000000';

    const preview = await post('/api/admin/listings/bulk/preview', {
      action: 'approve',
      selection: { ids: [...ids, unknown] },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ action: 'approve', matched: 5, willChange: 4, skipped: 1 });
    expect(fake.requests).toHaveLength(0);

    const result = await post('/api/admin/listings/bulk', {
      action: 'approve',
      selection: { ids: [...ids, unknown] },
      expected: preview.body.willChange,
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      action: 'approve',
      changed: 4,
      skipped: 1,
      notFound: 1,
      welcomeEmails: { sent: 2, failed: 0, skipped: 2 },
    });
    for (const b of [...pending, rejected]) expect(await statusOf(b.id)).toBe('approved');
    expect(await statusOf(approved.id)).toBe('approved');

    // One SendGrid request for every welcome e-mail, one personalization per business with its
    // own subject and values; the HTML body gets escaped values.
    expect(fake.requests).toHaveLength(1);
    const mail = fake.requests[0]!.body;
    expect(mail.categories).toEqual(['welcome']);
    const personalizations = mail.personalizations as unknown as {
      to: { email: string }[];
      subject: string;
      substitutions: Record<string, string>;
    }[];
    expect(personalizations.map((p) => p.to[0]!.email).sort()).toEqual([
      'ade@owner.ng',
      'bola@owner.ng',
    ]);
    const ade = personalizations.find((p) => p.to[0]!.email === 'ade@owner.ng')!;
    expect(ade.subject).toBe('Ade Motors is now listed on Lagos Auto Hub');
    expect(ade.substitutions['{{greeting}}']).toBe('Ade <Owner>');
    expect(ade.substitutions['{{html:greeting}}']).toBe('Ade &lt;Owner&gt;');
    expect(ade.substitutions['{{listing_url}}']).toMatch(/^http:\/\/\S+\/business\/ade-motors\/$/);
    const text = mail.content.find((c) => c.type === 'text/plain')!.value;
    const html = mail.content.find((c) => c.type === 'text/html')!.value;
    expect(text).toContain('Hello {{greeting}},');
    expect(text).toContain('See your listing: {{listing_url}}');
    expect(html).toContain('{{html:greeting}}');
    expect(html).not.toContain('{{greeting}}');

    // One purge for the whole action: the union of every listing's tags.
    expect(api.purges).toHaveLength(1);
    expect(api.purges[0]!.sort()).toEqual(
      [
        ...[...pending, rejected].map((b) => `listing-${b.id}`),
        'directory',
        'category-mechanic',
        'home',
        'sitemap',
      ].sort(),
    );
  });

  it('Reject selected and Delete selected follow the same rules (delete never touches pending)', async () => {
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    const approved = await insertBusiness(handle.db, {
      status: 'approved',
      featured: true,
      display_order: 1,
    });
    const suspended = await insertBusiness(handle.db, { status: 'suspended' });
    const ids = [pending.id, approved.id, suspended.id];

    const reject = await post('/api/admin/listings/bulk', {
      action: 'reject',
      selection: { ids },
      expected: 2,
    });
    expect(reject.body).toMatchObject({ changed: 2, skipped: 1, notFound: 0 });
    expect(await statusOf(pending.id)).toBe('rejected');
    expect(await statusOf(suspended.id)).toBe('suspended');
    const row = await handle.db
      .selectFrom('business_registrations')
      .select(['status', 'featured'])
      .where('id', '=', approved.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', featured: false });
    expect(api.purges).toEqual([
      [`listing-${approved.id}`, 'directory', 'category-mechanic', 'home', 'featured', 'sitemap'],
    ]);
    expect(fake.requests).toHaveLength(0);

    const fresh = await insertBusiness(handle.db, { status: 'pending' });
    const preview = await post('/api/admin/listings/bulk/preview', {
      action: 'delete',
      selection: { ids: [...ids, fresh.id] },
    });
    expect(preview.body).toMatchObject({ matched: 4, willChange: 3, skipped: 1 });
    const removed = await post('/api/admin/listings/bulk', {
      action: 'delete',
      selection: { ids: [...ids, fresh.id] },
      expected: 3,
    });
    expect(removed.body).toMatchObject({ changed: 3, skipped: 1 });
    expect(await statusOf(fresh.id)).toBe('pending');
    for (const id of ids) expect(await statusOf(id)).toBeUndefined();
    // Deleting listings that were not public purges nothing more.
    expect(api.purges).toHaveLength(1);
  });

  it('changes nothing (409) when the number changed since the confirmation', async () => {
    const rows = await Promise.all(
      [1, 2, 3].map(() => insertBusiness(handle.db, { status: 'pending' })),
    );
    const selection = { match: { status: 'pending', q: '' } };
    const preview = await post('/api/admin/listings/bulk/preview', {
      action: 'approve',
      selection,
    });
    expect(preview.body.willChange).toBe(3);
    await insertBusiness(handle.db, { status: 'pending' });
    const stale = await post('/api/admin/listings/bulk', {
      action: 'approve',
      selection,
      expected: 3,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/4 businesses would change now, not 3/);
    for (const b of rows) expect(await statusOf(b.id)).toBe('pending');
    expect(api.purges).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('"all matching the current search" covers the whole tab search, beyond one page', async () => {
    for (let i = 0; i < 30; i += 1)
      await insertBusiness(handle.db, {
        business_name: `Ikorodu Import ${i}`,
        status: 'pending',
        email: null,
      });
    await insertBusiness(handle.db, { business_name: 'Other Pending', status: 'pending' });
    await insertBusiness(handle.db, { business_name: 'Ikorodu Approved', status: 'approved' });
    const selection = { match: { status: 'pending', q: 'ikorodu import' } };
    const preview = await post('/api/admin/listings/bulk/preview', {
      action: 'reject',
      selection,
    });
    expect(preview.body).toEqual({ action: 'reject', matched: 30, willChange: 30, skipped: 0 });
    const result = await post('/api/admin/listings/bulk', {
      action: 'reject',
      selection,
      expected: 30,
    });
    expect(result.body).toMatchObject({ changed: 30, skipped: 0, notFound: 0 });
    const counts = await call('/api/admin/counts', AS);
    expect(counts.body.counts).toMatchObject({ pending: 1, rejected: 30, approved: 1 });
    // Rejecting pending listings shows on no public page: nothing to purge.
    expect(api.purges).toEqual([]);
  });

  it(`past ${BULK_LISTING_TAG_LIMIT} changes purges category, home and sitemap tags, not every new listing tag`, async () => {
    await insertSyntheticListings(handle.db, BULK_LISTING_TAG_LIMIT + 20, {
      approvedShare: 0,
      seed: 77,
    });
    await handle.db.updateTable('business_registrations').set({ email: null }).execute();
    const live = await insertBusiness(handle.db, { status: 'approved' });
    const preview = await post('/api/admin/listings/bulk/preview', {
      action: 'approve',
      selection: { match: { status: 'pending' } },
    });
    expect(preview.body.willChange).toBe(BULK_LISTING_TAG_LIMIT + 20);
    const result = await post('/api/admin/listings/bulk', {
      action: 'approve',
      selection: { match: { status: 'pending' } },
      expected: BULK_LISTING_TAG_LIMIT + 20,
    });
    expect(result.body).toMatchObject({
      changed: BULK_LISTING_TAG_LIMIT + 20,
      welcomeEmails: { sent: 0, skipped: BULK_LISTING_TAG_LIMIT + 20 },
    });
    expect(api.purges).toHaveLength(1);
    const tags = api.purges[0]!;
    expect(tags.filter((t) => t.startsWith('listing-'))).toEqual([]);
    expect(tags).toEqual(expect.arrayContaining(['home', 'sitemap', 'category-mechanic']));
    expect(tags.length).toBeLessThan(15);

    // Rejecting them all again: their pages were public, so each keeps its own tag.
    api.purges.length = 0;
    const back = await post('/api/admin/listings/bulk', {
      action: 'reject',
      selection: { match: { status: 'approved', q: '' } },
      expected: BULK_LISTING_TAG_LIMIT + 21,
    });
    expect(back.status).toBe(200);
    expect(api.purges[0]!.filter((t) => t.startsWith('listing-'))).toHaveLength(
      BULK_LISTING_TAG_LIMIT + 21,
    );
    expect(api.purges[0]).toContain(`listing-${live.id}`);
  });

  it('refuses malformed selections (422) and answers in the envelope', async () => {
    for (const body of [
      { action: 'approve', selection: {}, expected: 1 },
      { action: 'approve', selection: { ids: [] }, expected: 0 },
      { action: 'approve', selection: { ids: ['not-a-uuid'] }, expected: 1 },
      { action: 'feature', selection: { ids: [crypto.randomUUID()] }, expected: 1 },
      { action: 'approve', selection: { match: { status: 'gone' } }, expected: 1 },
      { action: 'approve', selection: { ids: [crypto.randomUUID()] } },
      {
        action: 'approve',
        selection: { ids: Array.from({ length: 2001 }, () => crypto.randomUUID()) },
        expected: 1,
      },
    ]) {
      const { status, body: answer } = await post('/api/admin/listings/bulk', body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('a SendGrid failure never undoes the approvals; it is counted for the Warning toast', async () => {
    const rows = await Promise.all(
      [1, 2].map(() => insertBusiness(handle.db, { status: 'pending' })),
    );
    fake.fail(500);
    const result = await post('/api/admin/listings/bulk', {
      action: 'approve',
      selection: { ids: rows.map((r) => r.id) },
      expected: 2,
    });
    expect(result.status).toBe(200);
    expect(result.body.welcomeEmails).toMatchObject({ sent: 0, failed: 2, skipped: 0 });
    expect(result.body.welcomeEmails.error).toMatch(/HTTP 500/);
    for (const r of rows) expect(await statusOf(r.id)).toBe('approved');
  });
});

describe('Forward to matching businesses (issue 12.7)', () => {
  const insertRequest = (services: string[]) =>
    handle.db
      .insertInto('service_requests')
      .values({
        customer_name: 'Tunde Bakare',
        customer_email: 'tunde@example.ng',
        customer_phone: '+234 802 000 1234',
        customer_location: 'Lekki Phase 1',
        services_requested: services,
        additional_info: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('lists matches by relevance (bounded, with the total), then e-mails the chosen ones once', async () => {
    const both = await insertBusiness(handle.db, {
      business_name: 'Both Services',
      email: 'both@match.ng',
      business_categories: [MECHANIC, 'Tyre Services'],
    });
    const featured = await insertBusiness(handle.db, {
      business_name: 'Featured Mechanic',
      email: 'featured@match.ng',
      featured: true,
      display_order: 1,
    });
    const plain = await insertBusiness(handle.db, {
      business_name: 'Plain Mechanic',
      email: 'plain@match.ng',
    });
    const byTag = await insertBusiness(handle.db, {
      business_name: 'Tagged Tyres',
      email: 'tag@match.ng',
      business_categories: ['Auto Electrical'],
      tags: ['Tyre Services'],
    });
    await insertBusiness(handle.db, { business_name: 'No Email', email: null });
    await insertBusiness(handle.db, { business_name: 'Pending One', status: 'pending' });
    await insertBusiness(handle.db, {
      business_name: 'Other Trade',
      business_categories: ['Car Rental'],
      tags: [],
    });
    const request = await insertRequest([MECHANIC, 'Tyre Services']);

    const matches = await call(`/api/admin/service-requests/${request.id}/matches`, AS);
    expect(matches.status).toBe(200);
    expect(matches.body).toMatchObject({ total: 4, remaining: MAX_FORWARDED_BUSINESSES });
    expect(matches.body.businesses.map((b: { business_name: string }) => b.business_name)).toEqual([
      'Both Services',
      'Featured Mechanic',
      'Tagged Tyres',
      'Plain Mechanic',
    ]);
    expect(matches.body.businesses[0]).toMatchObject({ matched_services: 2, forwarded: false });
    expect(fake.requests).toHaveLength(0);

    const other = await insertBusiness(handle.db, {
      business_name: 'Not A Match',
      email: 'nomatch@x.ng',
      business_categories: ['Car Rental'],
      tags: [],
    });
    const forward = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: [both.id, featured.id, byTag.id, other.id],
    });
    expect(forward.status).toBe(200);
    expect(forward.body).toMatchObject({ sent: 3, failed: 0, skipped: 1 });
    expect(forward.body.serviceRequest.forwarded_count).toBe(3);
    expect(fake.requests.map((r) => r.body.personalizations[0]!.to[0]!.email).sort()).toEqual([
      'both@match.ng',
      'featured@match.ng',
      'tag@match.ng',
    ]);
    // The job, never the customer's contacts (issue 36.2); an unclaimed listing is told to claim.
    for (const mail of fake.requests) {
      expect(mail.body).toMatchObject({ categories: ['quote-request-alert'] });
      expect(mail.body.subject).toMatch(
        new RegExp(`^New request for .+: ${MECHANIC}, Tyre Services in Lekki Phase 1$`),
      );
      expect(mail.body.reply_to).toBeUndefined();
      expect(JSON.stringify(mail.body)).not.toContain('tunde@example.ng');
      expect(JSON.stringify(mail.body)).toContain('Claim this business');
    }
    const recorded = await handle.db
      .selectFrom('service_request_notifications')
      .select(['business_registration_id', 'email', 'status', 'error'])
      .where('service_request_id', '=', request.id)
      .orderBy('email')
      .execute();
    expect(recorded).toEqual([
      { business_registration_id: both.id, email: 'both@match.ng', status: 'sent', error: null },
      {
        business_registration_id: featured.id,
        email: 'featured@match.ng',
        status: 'sent',
        error: null,
      },
      { business_registration_id: byTag.id, email: 'tag@match.ng', status: 'sent', error: null },
    ]);

    // Forwarding again never e-mails a business twice.
    fake.reset();
    const again = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: [both.id, plain.id],
    });
    expect(again.body).toMatchObject({ sent: 1, skipped: 1 });
    expect(fake.requests.map((r) => r.body.personalizations[0]!.to[0]!.email)).toEqual([
      'plain@match.ng',
    ]);
    const after = await call(`/api/admin/service-requests/${request.id}/matches`, AS);
    expect(after.body.remaining).toBe(MAX_FORWARDED_BUSINESSES - 4);
    expect(after.body.businesses.every((b: { forwarded: boolean }) => b.forwarded)).toBe(true);
  });

  it(`shows the first ${MAX_FORWARDED_BUSINESSES} of many matches and never e-mails more than that per request`, async () => {
    await insertSyntheticListings(handle.db, 400, { seed: 5 });
    const request = await insertRequest([MECHANIC]);
    const matches = await call(`/api/admin/service-requests/${request.id}/matches`, AS);
    expect(matches.body.businesses).toHaveLength(MAX_FORWARDED_BUSINESSES);
    expect(matches.body.total).toBeGreaterThan(MAX_FORWARDED_BUSINESSES);
    const ids = matches.body.businesses.map((b: { id: string }) => b.id) as string[];
    const forward = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: ids.slice(0, 40),
    });
    expect(forward.body).toMatchObject({ sent: 40, failed: 0 });
    // Only 10 more fit, whatever is chosen.
    const rest = (await call(`/api/admin/service-requests/${request.id}/matches`, AS)).body;
    expect(rest.remaining).toBe(10);
    const fresh = rest.businesses.filter((b: { forwarded: boolean }) => !b.forwarded);
    fake.reset();
    const capped = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: fresh.map((b: { id: string }) => b.id),
    });
    expect(capped.body.sent).toBe(10);
    expect(fake.requests).toHaveLength(10);
    const none = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: fresh.map((b: { id: string }) => b.id),
    });
    expect(none.body).toMatchObject({ sent: 0, skipped: fresh.length });
    expect(
      (await post(`/api/admin/service-requests/${request.id}/forward`, { ids: ids.concat(ids) }))
        .status,
    ).toBe(422);
  });

  it('records a failed e-mail per business and answers 404 for an unknown request', async () => {
    const business = await insertBusiness(handle.db, { email: 'fails@match.ng' });
    const request = await insertRequest([MECHANIC]);
    fake.fail(500);
    const forward = await post(`/api/admin/service-requests/${request.id}/forward`, {
      ids: [business.id],
    });
    expect(forward.body).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await handle.db
      .selectFrom('service_request_notifications')
      .selectAll()
      .where('service_request_id', '=', request.id)
      .execute();
    expect(row).toMatchObject({ status: 'failed', business_registration_id: business.id });
    expect(row!.error).toMatch(/HTTP 500/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(`/api/admin/service-requests/${unknown}/matches`, AS)).status).toBe(404);
    expect(
      (await post(`/api/admin/service-requests/${unknown}/forward`, { ids: [business.id] })).status,
    ).toBe(404);
  });
});

describe('streamed CSV exports (SPEC §9)', () => {
  /** Reads a download chunk by chunk, as a browser does. */
  async function download(path: string) {
    const response = await api.api(new Request(`${TEST_ORIGIN}${path}`, { headers: cookie() }));
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(chunks));
    return { response, chunks: chunks.length, text };
  }
  let jar = '';
  const cookie = () => ({ cookie: jar });

  beforeAll(async () => {
    const signIn = await api.api(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: 'bulk-admin@example.com', password: 'bulk-pass-1' }),
      }),
    );
    jar = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  });

  it('streams every registration of the search a thousand rows at a time, with the SPEC §9 columns', async () => {
    await insertSyntheticListings(handle.db, 2_500, { approvedShare: 0.8, seed: 9 });
    await insertBusiness(handle.db, {
      business_name: '=HYPERLINK("x") Motors',
      status: 'approved',
      display_name: 'Ada',
      featured: true,
    });
    const { response, chunks, text } = await download('/api/admin/listings/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="business_registrations_\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-total-count')).toBe('2501');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // Header + three pages of rows: streamed, not one string.
    expect(chunks).toBeGreaterThanOrEqual(4);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trim());
    expect(parsed.data[0]).toEqual([...BUSINESS_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(2502);
    const ids = new Set(parsed.data.slice(1).map((row) => `${row[0]}|${row[2]}`));
    expect(ids.size).toBe(2501);
    const guarded = parsed.data.find((row) => row[0]!.includes('HYPERLINK'))!;
    expect(guarded[0]).toBe(`'=HYPERLINK("x") Motors`);
    expect(guarded[11]).toBe('Ada');
    expect(guarded[12]).toBe('Yes');
    const dates = parsed.data.slice(1).map((row) => Date.parse(row[14]!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const pending = await download('/api/admin/listings/export.csv?status=pending&q=a');
    const rows = Papa.parse<string[]>(pending.text.replace(/^\uFEFF/, '').trim()).data.slice(1);
    expect(rows.length).toBe(Number(pending.response.headers.get('x-total-count')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[4]).toBe('pending');
  });

  it('streams the users export and refuses visitors', async () => {
    const { response, text } = await download('/api/admin/users/export.csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /filename="users_\d{4}-\d\d-\d\d\.csv"/,
    );
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trim()).data;
    expect(rows[0]).toEqual([...USER_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => r[1])).toContain('admin');
    expect((await call('/api/admin/listings/export.csv')).status).toBe(401);
    expect((await call('/api/admin/users/export.csv')).status).toBe(401);
  });
});
