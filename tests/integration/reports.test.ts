import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { REPORTS_PER_HOUR } from '../../functions/reports/reports.service.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { CacheTags } from '../../functions/site/cache-tags.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, TEST_DB, testApi } from '../setup/test-db.ts';

/**
 * Issue 16.3 "Report this listing" (ADR 019): a visitor's report, its dedupe and rate limit, the
 * admin Reports tab (open → resolved / dismissed / listing suspended), the "Reported closed" flag
 * of the Approved tab at three distinct reporters, and who may do what.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
let adminId: string;

const ADMIN = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never blocks another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

const report = (id: string, body: unknown, init: { ip?: string; as?: string } = {}) =>
  call(`/api/listings/${id}/reports`, { method: 'POST', json: body, ...init });

const openRows = (listingId: string) =>
  handle.db
    .selectFrom('listing_reports')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('status', '=', 'open')
    .execute();

async function approvedCard(id: string) {
  const name = (await handle.db
    .selectFrom('business_registrations')
    .select('business_name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow())!.business_name;
  const { status, body } = await call(
    `/api/admin/listings?status=approved&q=${encodeURIComponent(name)}`,
    ADMIN,
  );
  expect(status).toBe(200);
  return body.registrations.find((r: { id: string }) => r.id === id);
}

async function groupOf(id: string) {
  const { status, body } = await call('/api/admin/reports?limit=100', ADMIN);
  expect(status).toBe(200);
  return body.groups.find((g: { business: { id: string } }) => g.business.id === id);
}

/**
 * An admin action on a listing's reports as the Reports tab sends it: `through` is the newest
 * report the admin's page showed (the group's first report).
 */
async function act(id: string, action: 'resolve' | 'dismiss' | 'suspend', through?: string) {
  const shown = through ?? (await groupOf(id))?.reports[0]?.id ?? UNKNOWN_ID;
  return call(`/api/admin/reports/${id}/${action}`, {
    method: 'POST',
    ...ADMIN,
    json: { through: shown },
  });
}

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  adminId = (
    await ensureAdmin(handle.db, { email: 'reports-admin@example.com', password: 'reports-pass-1' })
  ).userId;
  expect(
    (
      await call('/api/auth/sign-in', {
        method: 'POST',
        ...ADMIN,
        json: { email: 'reports-admin@example.com', password: 'reports-pass-1' },
      })
    ).status,
  ).toBe(200);
  for (const name of ['ada', 'bola', 'chidi']) {
    const signUp = await call('/api/auth/sign-up', {
      method: 'POST',
      as: name,
      ip: nextIp(),
      json: { email: `${name}@example.com`, password: `${name}-pass-12` },
    });
    expect(signUp.status).toBe(201);
  }
});
afterAll(() => handle?.close());

describe('POST /api/listings/:id/reports', () => {
  it('stores an anonymous report as open, without the address, and a repeat counts once', async () => {
    const business = await insertBusiness(handle.db);
    const ip = nextIp();
    const first = await report(
      business.id,
      { reason: 'wrong_phone', details: '  The number rings a bakery.  ' },
      { ip },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ received: true });
    const again = await report(business.id, { reason: 'wrong_phone' }, { ip });
    expect(again.status).toBe(201);
    const rows = await openRows(business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'wrong_phone',
      details: 'The number rings a bakery.',
      reporter_user_id: null,
      status: 'open',
    });
    expect(rows[0]!.reporter_key).toMatch(/^ip:/);
    expect(rows[0]!.reporter_key).not.toContain(ip);
    // Another reason from the same address is another report.
    expect((await report(business.id, { reason: 'other' }, { ip })).status).toBe(201);
    expect(await openRows(business.id)).toHaveLength(2);
  });

  it('records the signed-in account', async () => {
    const business = await insertBusiness(handle.db);
    expect(
      (await report(business.id, { reason: 'duplicate' }, { ip: nextIp(), as: 'ada' })).status,
    ).toBe(201);
    const [row] = await openRows(business.id);
    expect(row!.reporter_user_id).toBeTruthy();
    expect(row!.reporter_key).toBe(`user:${row!.reporter_user_id}`);
  });

  it.each([
    ['a reason not in the list', { reason: 'rude staff' }, 'reason'],
    ['no reason', { details: 'closed' }, 'reason'],
    ['details over 500 characters', { reason: 'other', details: 'x'.repeat(501) }, 'details'],
  ])('refuses %s with 422 in the envelope', async (_what, body, field) => {
    const business = await insertBusiness(handle.db);
    const { status, body: answer } = await report(business.id, body, { ip: nextIp() });
    expect(status).toBe(422);
    expect(answer.error.code).toBe('VALIDATION_FAILED');
    expect(answer.error.fields[field]).toBeDefined();
    expect(answer.error.requestId).toBeTruthy();
    expect(await openRows(business.id)).toHaveLength(0);
  });

  it('accepts details of exactly 500 characters', async () => {
    const business = await insertBusiness(handle.db);
    const ok = await report(
      business.id,
      { reason: 'other', details: 'y'.repeat(500) },
      { ip: nextIp() },
    );
    expect(ok.status).toBe(201);
  });

  it('answers 404 for a listing that is not public, and for none at all', async () => {
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    const ip = nextIp();
    expect((await report(pending.id, { reason: 'spam' }, { ip })).status).toBe(404);
    expect((await report(UNKNOWN_ID, { reason: 'spam' }, { ip })).status).toBe(404);
    expect((await report('not-a-uuid', { reason: 'spam' }, { ip })).status).toBe(422);
  });

  it(`answers 429 past ${REPORTS_PER_HOUR} reports an hour from one address`, async () => {
    const business = await insertBusiness(handle.db);
    const ip = nextIp();
    const reasons = ['closed', 'wrong_phone', 'wrong_address', 'duplicate', 'spam', 'other'];
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) {
      const ok = await report(business.id, { reason: reasons[i % reasons.length] }, { ip });
      expect(ok.status).toBe(201);
    }
    const blocked = await report(business.id, { reason: 'other' }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not blocked.
    expect((await report(business.id, { reason: 'other' }, { ip: nextIp() })).status).toBe(201);
  });

  it('drops a honeypot submission silently', async () => {
    const business = await insertBusiness(handle.db);
    const bot = await report(business.id, { reason: 'spam', hp: 'x' }, { ip: nextIp() });
    expect(bot.status).toBe(201);
    expect(await openRows(business.id)).toHaveLength(0);
  });
});

describe('"Reported closed" on the Approved tab', () => {
  it('flags a listing at three distinct reporters (accounts or addresses)', async () => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'closed' }, { ip: nextIp() });
    await report(business.id, { reason: 'closed' }, { ip: nextIp(), as: 'ada' });
    expect((await approvedCard(business.id)).reported_closed).toBe(false);
    expect((await groupOf(business.id)).closed_reporters).toBe(2);
    await report(business.id, { reason: 'closed' }, { ip: nextIp(), as: 'bola' });
    expect((await approvedCard(business.id)).reported_closed).toBe(true);
    expect(await groupOf(business.id)).toMatchObject({
      count: 3,
      closed_reporters: 3,
      reported_closed: true,
      reasons: [{ reason: 'closed', count: 3 }],
    });
  });

  it('does not flag three reports from one reporter, nor other reasons', async () => {
    const business = await insertBusiness(handle.db);
    const ip = nextIp();
    for (let i = 0; i < 3; i += 1) await report(business.id, { reason: 'closed' }, { ip });
    for (let i = 0; i < 3; i += 1)
      await report(business.id, { reason: 'closed' }, { ip: nextIp(), as: 'chidi' });
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    await report(business.id, { reason: 'wrong_phone' }, { ip: nextIp() });
    expect((await approvedCard(business.id)).reported_closed).toBe(false);
    expect(await groupOf(business.id)).toMatchObject({ count: 4, closed_reporters: 2 });
  });

  it('drops the flag once the reports are dismissed', async () => {
    const business = await insertBusiness(handle.db);
    for (const as of ['ada', 'bola', 'chidi'])
      await report(business.id, { reason: 'closed' }, { ip: nextIp(), as });
    expect((await approvedCard(business.id)).reported_closed).toBe(true);
    const dismissed = await act(business.id, 'dismiss');
    expect(dismissed.status).toBe(200);
    expect((await approvedCard(business.id)).reported_closed).toBe(false);
  });
});

describe('the Reports tab', () => {
  it('groups open reports by listing, most recently reported first, with paging', async () => {
    const older = await insertBusiness(handle.db, { business_name: 'Paging Older Motors' });
    const newer = await insertBusiness(handle.db, { business_name: 'Paging Newer Motors' });
    await report(older.id, { reason: 'spam', details: 'Fake reviews' }, { ip: nextIp() });
    await report(older.id, { reason: 'spam' }, { ip: nextIp(), as: 'ada' });
    await report(older.id, { reason: 'other' }, { ip: nextIp() });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await report(newer.id, { reason: 'duplicate' }, { ip: nextIp() });

    const first = await call('/api/admin/reports?q=paging&limit=1', ADMIN);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(first.body.groups.map((g: { business: { id: string } }) => g.business.id)).toEqual([
      newer.id,
    ]);
    const second = await call('/api/admin/reports?q=paging&limit=1&page=2', ADMIN);
    const group = second.body.groups[0];
    expect(group.business).toMatchObject({ id: older.id, status: 'approved' });
    expect(group.count).toBe(3);
    expect(group.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'other', count: 1 },
    ]);
    expect(group.reports).toHaveLength(3);
    expect(group.reports.filter((r: { signed_in: boolean }) => r.signed_in)).toHaveLength(1);
    expect(group.reports.some((r: { details: string }) => r.details === 'Fake reviews')).toBe(true);
    // Nothing about the reporter leaves the server but whether an account sent it.
    expect(JSON.stringify(second.body)).not.toMatch(/reporter_key|reporter_user_id|198\.51/);

    expect((await call('/api/admin/reports?limit=101', ADMIN)).status).toBe(422);
  });

  it('Resolve closes every open report of the listing as resolved, by the admin', async () => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'wrong_address' }, { ip: nextIp() });
    await report(business.id, { reason: 'wrong_phone' }, { ip: nextIp() });
    const purgesBefore = api.purges.length;
    const seen = (await groupOf(business.id)).reports[0].id;
    const { status, body } = await act(business.id, 'resolve', seen);
    expect(status).toBe(200);
    expect(body).toEqual({ closed: 2, status: 'resolved', business_status: 'approved' });
    expect(api.purges.length).toBe(purgesBefore);
    const rows = await handle.db
      .selectFrom('listing_reports')
      .selectAll()
      .where('listing_id', '=', business.id)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    expect(rows.every((r) => r.handled_by === adminId && r.handled_at)).toBe(true);
    expect(await groupOf(business.id)).toBeUndefined();
    // Twice: nothing is open any more.
    const again = await act(business.id, 'resolve', seen);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    // A new report after the resolution opens a new group (the dedupe is over open reports).
    await report(business.id, { reason: 'wrong_phone' }, { ip: nextIp() });
    expect((await groupOf(business.id)).count).toBe(1);
  });

  it('Dismiss closes them as dismissed and leaves the listing alone', async () => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    const { status, body } = await act(business.id, 'dismiss');
    expect(status).toBe(200);
    expect(body).toEqual({ closed: 1, status: 'dismissed', business_status: 'approved' });
    const row = await handle.db
      .selectFrom('listing_reports')
      .select('status')
      .where('listing_id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('dismissed');
  });

  it('Suspend listing suspends it through the status rules, purges its pages, closes the reports', async () => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'closed' }, { ip: nextIp() });
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    const purgesBefore = api.purges.length;
    const { status, body } = await act(business.id, 'suspend');
    expect(status).toBe(200);
    expect(body).toEqual({ closed: 2, status: 'suspended', business_status: 'suspended' });
    const listing = await handle.db
      .selectFrom('business_registrations')
      .select(['status', 'featured'])
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe('suspended');
    expect(api.purges.slice(purgesBefore).flat()).toContain(CacheTags.listing(business.id));
    // Gone from the public directory: a new report is a 404.
    expect((await report(business.id, { reason: 'other' }, { ip: nextIp() })).status).toBe(404);
  });

  it('refuses to suspend a listing the status rules do not allow, changing nothing', async () => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    await handle.db
      .updateTable('business_registrations')
      .set({ status: 'rejected' })
      .where('id', '=', business.id)
      .execute();
    const { status, body } = await act(business.id, 'suspend');
    expect(status).toBe(409);
    expect(body.error.code).toBe('CONFLICT');
    expect(await openRows(business.id)).toHaveLength(1);
  });

  // PostgreSQL only: the test holds the listing's row lock in a second connection (PGlite has one).
  it.runIf(TEST_DB === 'postgres')(
    'two admins acting at once on the same reports: one action wins whole, the other gets 409',
    async () => {
      const business = await insertBusiness(handle.db);
      await report(business.id, { reason: 'closed' }, { ip: nextIp() });
      await report(business.id, { reason: 'spam' }, { ip: nextIp() });
      const through = (await groupOf(business.id)).reports[0].id as string;
      // Hold the listing row while both actions arrive, so neither finishes before the other
      // has read the reports as open.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const holder = handle.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('business_registrations')
          .select('id')
          .where('id', '=', business.id)
          .forUpdate()
          .execute();
        taken();
        await released;
      });
      await lockTaken;
      const both = Promise.all([
        act(business.id, 'suspend', through),
        act(business.id, 'dismiss', through),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await holder;
      const [suspend, dismiss] = await both;
      expect([suspend.status, dismiss.status].sort()).toEqual([200, 409]);
      const loser = suspend.status === 409 ? suspend : dismiss;
      expect(loser.body.error.code).toBe('CONFLICT');
      const rows = await handle.db
        .selectFrom('listing_reports')
        .select('status')
        .where('listing_id', '=', business.id)
        .execute();
      const listing = await handle.db
        .selectFrom('business_registrations')
        .select('status')
        .where('id', '=', business.id)
        .executeTakeFirstOrThrow();
      // The winner's outcome, and nothing of the loser's: closed as it said, listing as it left it.
      const won = suspend.status === 200 ? 'suspended' : 'dismissed';
      expect(rows.map((r) => r.status)).toEqual([won, won]);
      expect(listing.status).toBe(won === 'suspended' ? 'suspended' : 'approved');
    },
  );

  it('answers 404 for an unknown listing and 422 for a malformed id', async () => {
    const unknown = await act(UNKNOWN_ID, 'resolve', UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    const malformed = await call('/api/admin/reports/nope/dismiss', {
      method: 'POST',
      ...ADMIN,
      json: { through: UNKNOWN_ID },
    });
    expect(malformed.status).toBe(422);
  });

  it('closes only the reports the admin saw: one arriving after the page loaded stays open', async () => {
    const business = await insertBusiness(handle.db, { business_name: 'Late Report Motors' });
    await report(business.id, { reason: 'wrong_phone' }, { ip: nextIp() });
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    // The admin's page: two open reports, the newest first.
    const shown = await groupOf(business.id);
    expect(shown.count).toBe(2);
    // A visitor reports while the admin reads.
    await report(business.id, { reason: 'closed', details: 'Shutters down' }, { ip: nextIp() });
    const resolved = await act(business.id, 'resolve', shown.reports[0].id);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ closed: 2, status: 'resolved' });
    const open = await openRows(business.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ reason: 'closed', details: 'Shutters down' });
    const after = await groupOf(business.id);
    expect(after).toMatchObject({ count: 1, reasons: [{ reason: 'closed', count: 1 }] });
    // The same page's action again: nothing it showed is open any more.
    const stale = await act(business.id, 'dismiss', shown.reports[0].id);
    expect(stale.status).toBe(409);
    expect(await openRows(business.id)).toHaveLength(1);
    // Suspend from the stale page: refused before the listing is touched.
    expect((await act(business.id, 'suspend', shown.reports[0].id)).status).toBe(409);
    expect(
      (
        await handle.db
          .selectFrom('business_registrations')
          .select('status')
          .where('id', '=', business.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('approved');
  });

  it('requires the newest report the admin saw, of that listing', async () => {
    const business = await insertBusiness(handle.db);
    const other = await insertBusiness(handle.db);
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    await report(other.id, { reason: 'spam' }, { ip: nextIp() });
    const missing = await call(`/api/admin/reports/${business.id}/resolve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.through).toBeDefined();
    const foreign = await act(business.id, 'resolve', (await groupOf(other.id)).reports[0].id);
    expect(foreign.status).toBe(404);
    expect(await openRows(business.id)).toHaveLength(1);
    expect(await openRows(other.id)).toHaveLength(1);
  });
});

describe('closed reports (Resolved, Dismissed, Listing suspended)', () => {
  it('pages the closed reports of each kind, most recently closed first, with who closed them and when', async () => {
    const admin = await handle.db
      .selectFrom('user')
      .select(['name', 'email'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    const first = await insertBusiness(handle.db, { business_name: 'Closedview First Motors' });
    const second = await insertBusiness(handle.db, { business_name: 'Closedview Second Motors' });
    const third = await insertBusiness(handle.db, { business_name: 'Closedview Third Motors' });
    await report(first.id, { reason: 'wrong_phone', details: 'Rings a bakery' }, { ip: nextIp() });
    await report(second.id, { reason: 'spam' }, { ip: nextIp(), as: 'bola' });
    await report(third.id, { reason: 'duplicate' }, { ip: nextIp() });
    expect((await act(first.id, 'resolve')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await act(second.id, 'resolve')).status).toBe(200);
    expect((await act(third.id, 'dismiss')).status).toBe(200);

    const page1 = await call(
      '/api/admin/reports/closed?status=resolved&q=closedview&limit=1',
      ADMIN,
    );
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page1.body.reports).toHaveLength(1);
    expect(page1.body.reports[0]).toMatchObject({
      status: 'resolved',
      reason: 'spam',
      signed_in: true,
      business: { id: second.id, business_name: 'Closedview Second Motors', status: 'approved' },
      handled_by: admin.name || admin.email,
    });
    expect(Date.parse(page1.body.reports[0].handled_at)).toBeGreaterThan(Date.now() - 60_000);
    const page2 = await call(
      '/api/admin/reports/closed?status=resolved&q=closedview&limit=1&page=2',
      ADMIN,
    );
    expect(page2.body.reports[0]).toMatchObject({
      business: { id: first.id },
      details: 'Rings a bakery',
      signed_in: false,
    });
    // Never who sent a report.
    expect(JSON.stringify(page1.body) + JSON.stringify(page2.body)).not.toMatch(
      /reporter_key|reporter_user_id|198\.51/,
    );
    const dismissed = await call('/api/admin/reports/closed?status=dismissed&q=closedview', ADMIN);
    expect(dismissed.body.reports.map((r: { business: { id: string } }) => r.business.id)).toEqual([
      third.id,
    ]);
    // The default is Resolved; open reports are the groups' list, not this one.
    const byDefault = await call('/api/admin/reports/closed?q=closedview', ADMIN);
    expect(byDefault.body.total).toBe(2);
    expect((await call('/api/admin/reports/closed?status=open', ADMIN)).status).toBe(422);
    expect((await call('/api/admin/reports/closed?limit=101', ADMIN)).status).toBe(422);
  });

  it('shows a suspension as "suspended" with the listing now suspended', async () => {
    const business = await insertBusiness(handle.db, {
      business_name: 'Closedview Suspended Motors',
    });
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    expect((await act(business.id, 'suspend')).status).toBe(200);
    const { body } = await call('/api/admin/reports/closed?status=suspended&q=closedview', ADMIN);
    expect(body.reports).toHaveLength(1);
    expect(body.reports[0]).toMatchObject({
      status: 'suspended',
      business: { id: business.id, status: 'suspended' },
    });
  });
});

describe('the Reports tab count', () => {
  it('counts listings with open reports (not reports), filtered by the search', async () => {
    const before = (await call('/api/admin/counts', ADMIN)).body.counts.reports;
    const one = await insertBusiness(handle.db, { business_name: 'Tabcount Alpha Motors' });
    const two = await insertBusiness(handle.db, { business_name: 'Tabcount Beta Motors' });
    await report(one.id, { reason: 'spam' }, { ip: nextIp() });
    await report(one.id, { reason: 'other' }, { ip: nextIp() });
    await report(two.id, { reason: 'closed' }, { ip: nextIp() });
    const all = await call('/api/admin/counts', ADMIN);
    expect(all.status).toBe(200);
    expect(all.body.counts.reports).toBe(before + 2);
    const alpha = await call('/api/admin/counts?q=tabcount alpha', ADMIN);
    expect(alpha.body.counts.reports).toBe(1);
    // The count is the total of the tab's list with the same search.
    const list = await call('/api/admin/reports?q=tabcount', ADMIN);
    expect((await call('/api/admin/counts?q=tabcount', ADMIN)).body.counts.reports).toBe(
      list.body.total,
    );
    expect((await act(one.id, 'resolve')).status).toBe(200);
    expect((await call('/api/admin/counts', ADMIN)).body.counts.reports).toBe(before + 1);
  });
});

describe('authorization', () => {
  it.each([
    ['GET', '/api/admin/reports'],
    ['POST', `/api/admin/reports/${UNKNOWN_ID}/resolve`],
    ['POST', `/api/admin/reports/${UNKNOWN_ID}/dismiss`],
    ['POST', `/api/admin/reports/${UNKNOWN_ID}/suspend`],
    ['GET', '/api/admin/reports/closed'],
  ])('%s %s: 401 for visitors, 403 for users', async (method, path) => {
    const business = await insertBusiness(handle.db);
    await report(business.id, { reason: 'spam' }, { ip: nextIp() });
    const target = path.replace(UNKNOWN_ID, business.id);
    const anonymous = await call(target, { method });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const user = await call(target, { method, as: 'ada' });
    expect(user.status).toBe(403);
    expect(user.body.error.code).toBe('FORBIDDEN');
    // Nothing changed for them.
    expect(await openRows(business.id)).toHaveLength(1);
  });

  it('refuses a cross-site report', async () => {
    const business = await insertBusiness(handle.db);
    const { status } = await call(`/api/listings/${business.id}/reports`, {
      method: 'POST',
      json: { reason: 'spam' },
      headers: { origin: 'https://evil.example' },
      ip: nextIp(),
    });
    expect(status).toBe(403);
    expect(await openRows(business.id)).toHaveLength(0);
  });
});
