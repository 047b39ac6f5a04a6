import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { MailMessage, MailTransport } from '../../functions/_lib/mail.ts';
import { CacheTags } from '../../functions/site/cache-tags.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Claim this business and owner edits (issue 16 points 1, 2 and 7; ADR 018): every state
 * transition of a claim and of a change, and who may do what.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const mail: MailMessage[] = [];
const users: Record<string, string> = {};

const capture: MailTransport = {
  name: 'capture',
  send: async (message) => void mail.push(message),
};

const ADMIN = { as: 'admin' } as const;
const ALICE = { as: 'alice' } as const;
const BOB = { as: 'bob' } as const;

/** The 6-digit code of the newest claim e-mail sent to `to`. */
function codeSentTo(to: string): string {
  const message = mail.findLast((m) => m.template === 'claim-code' && m.to.includes(to));
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no claim code was sent to ${to}`);
  return code;
}

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const listingRow = (id: string) =>
  handle.db
    .selectFrom('business_registrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const claimRow = (id: string) =>
  handle.db
    .selectFrom('business_claims')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db, { mailTransport: capture });
  call = api.call;
  await ensureAdmin(handle.db, { email: 'claims-admin@example.com', password: 'claims-pass-1' });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'claims-admin@example.com', password: 'claims-pass-1' },
  });
  expect(signIn.status).toBe(200);
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    const signUp = await call('/api/auth/sign-up', {
      method: 'POST',
      as: name,
      json: { email: `${name}@example.com`, password: `${name}-pass-12` },
    });
    expect(signUp.status).toBe(201);
    users[name] = signUp.body.user.id;
  }
});
afterAll(() => handle?.close());

describe('claim by e-mail code', () => {
  it('anonymous visitors cannot ask (401); unknown or unapproved listings are 404', async () => {
    const listing = await insertBusiness(handle.db, { slug: 'anon-claim-motors' });
    const anonymous = await call('/api/claims', { method: 'POST', json: { listing: listing.id } });
    expect(anonymous.status).toBe(401);
    const pending = await insertBusiness(handle.db, { status: 'pending', slug: 'pending-motors' });
    for (const key of [pending.id, 'no-such-slug']) {
      const res = await call('/api/claims', { method: 'POST', ...ALICE, json: { listing: key } });
      expect(res.status).toBe(404);
      expect((await call(`/api/listings/${key}/claim`, ALICE)).status).toBe(404);
    }
  });

  it('requested → wrong code → verified: the owner is set, pages purged, the contact never shown', async () => {
    const listing = await insertBusiness(handle.db, {
      slug: 'claim-by-code-motors',
      email: 'front-desk@claim-by-code.ng',
      contact_visibility: 'registered_users_only',
    });
    const before = await call(`/api/listings/claim-by-code-motors/claim`, ALICE);
    expect(before.status).toBe(200);
    expect(before.body.listing).toMatchObject({
      id: listing.id,
      claimed: false,
      owned_by_you: false,
      method: 'email',
    });
    expect(before.body.claim).toBeNull();

    const requested = await call('/api/claims', {
      method: 'POST',
      ...ALICE,
      json: { listing: 'claim-by-code-motors' },
    });
    expect(requested.status).toBe(201);
    expect(requested.body.claim).toMatchObject({
      listing_id: listing.id,
      method: 'email',
      status: 'pending',
      attempts_left: 5,
    });
    const expires = new Date(requested.body.claim.code_expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const code = codeSentTo('front-desk@claim-by-code.ng');
    // Neither the listing's e-mail nor the code reaches the claimant's API responses.
    for (const body of [before.text, requested.text]) {
      expect(body).not.toContain('front-desk@claim-by-code.ng');
      expect(body).not.toContain(code);
    }
    // Stored hashed; the outbox log has the code redacted.
    const stored = await claimRow(requested.body.claim.id);
    expect(stored.code_hash).toBeTruthy();
    expect(stored.code_hash).not.toContain(code);
    const logged = await handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('template', '=', 'claim-code')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.text_body).not.toContain(code);
    expect(logged.text_body).toContain('[redacted]');

    // Another user cannot use Alice's claim, even with the right code.
    const other = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...BOB,
      json: { code },
    });
    expect(other.status).toBe(404);

    const bad = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...ALICE,
      json: { code: wrong(code) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.code[0]).toBe('That code is not right. 4 attempts left.');
    const malformed = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...ALICE,
      json: { code: '12ab' },
    });
    expect(malformed.status).toBe(422);
    expect((await claimRow(requested.body.claim.id)).attempts).toBe(1);
    expect((await listingRow(listing.id)).owner_user_id).toBeNull();

    const purgesBefore = api.purges.length;
    const ok = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...ALICE,
      json: { code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.claim.status).toBe('verified');
    expect((await listingRow(listing.id)).owner_user_id).toBe(users.alice);
    expect(api.purges.slice(purgesBefore).flat()).toContain(CacheTags.listing(listing.id));
    const publicView = await call(`/api/listings/${listing.id}`);
    expect(publicView.body.business.claimed).toBe(true);
    expect(publicView.text).not.toContain(users.alice);

    // Claimed now: nobody else may claim, the code cannot be reused.
    const again = await call('/api/claims', {
      method: 'POST',
      ...BOB,
      json: { listing: listing.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This business has already been claimed.');
    const reuse = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...ALICE,
      json: { code },
    });
    expect(reuse.status).toBe(409);
    const after = await call(`/api/listings/${listing.id}/claim`, ALICE);
    expect(after.body.listing).toMatchObject({ claimed: true, owned_by_you: true });
  });

  it('expired: a code past 15 minutes is refused and the claim ends', async () => {
    const listing = await insertBusiness(handle.db, { email: 'expired@claims.ng' });
    const requested = await call('/api/claims', {
      method: 'POST',
      ...BOB,
      json: { listing: listing.id },
    });
    expect(requested.status).toBe(201);
    const code = codeSentTo('expired@claims.ng');
    await handle.db
      .updateTable('business_claims')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', requested.body.claim.id)
      .execute();
    const late = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...BOB,
      json: { code },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This code has expired. Please ask for a new code.');
    expect((await claimRow(requested.body.claim.id)).status).toBe('expired');
    expect((await listingRow(listing.id)).owner_user_id).toBeNull();

    // A new request sends a new code that works.
    const renewed = await call('/api/claims', {
      method: 'POST',
      ...BOB,
      json: { listing: listing.id },
    });
    expect(renewed.status).toBe(201);
    const ok = await call(`/api/claims/${renewed.body.claim.id}/verify`, {
      method: 'POST',
      ...BOB,
      json: { code: codeSentTo('expired@claims.ng') },
    });
    expect(ok.status).toBe(200);
    expect((await listingRow(listing.id)).owner_user_id).toBe(users.bob);
  });

  it('attempts exhausted: the fifth wrong code locks the claim, the right one no longer works', async () => {
    const listing = await insertBusiness(handle.db, { email: 'locked@claims.ng' });
    const requested = await call('/api/claims', {
      method: 'POST',
      as: 'carol',
      json: { listing: listing.id },
    });
    const id = requested.body.claim.id as string;
    const code = codeSentTo('locked@claims.ng');
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call(`/api/claims/${id}/verify`, {
        method: 'POST',
        as: 'carol',
        json: { code: wrong(code) },
      });
      expect(res.status).toBe(422);
      messages.push(res.body.error.message);
    }
    expect(messages[3]).toBe('That code is not right. 1 attempt left.');
    expect(messages[4]).toBe('Too many wrong codes. Please ask for a new code.');
    expect(await claimRow(id)).toMatchObject({ status: 'locked', attempts: 5 });
    const right = await call(`/api/claims/${id}/verify`, {
      method: 'POST',
      as: 'carol',
      json: { code },
    });
    expect(right.status).toBe(409);
    expect(right.body.error.message).toBe('Too many wrong codes. Please ask for a new code.');
    expect((await listingRow(listing.id)).owner_user_id).toBeNull();
  });

  it('rate limits claim requests: the sixth in an hour from one account is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const listing = await insertBusiness(handle.db);
      statuses.push(
        (await call('/api/claims', { method: 'POST', as: 'dave', json: { listing: listing.id } }))
          .status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('claim decided by the admin (listing without e-mail)', () => {
  it('asks for evidence, waits in the Claims tab, approved by the admin', async () => {
    const listing = await insertBusiness(handle.db, { email: null, slug: 'no-email-motors' });
    const target = await call('/api/listings/no-email-motors/claim', ALICE);
    expect(target.body.listing.method).toBe('manual');

    const missing = await call('/api/claims', {
      method: 'POST',
      ...ALICE,
      json: { listing: listing.id },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['phone', 'role']);

    const mailBefore = mail.length;
    const requested = await call('/api/claims', {
      method: 'POST',
      ...ALICE,
      json: { listing: listing.id, role: 'Manager', phone: '0803 555 0199', note: 'Since 2015' },
    });
    expect(requested.status).toBe(201);
    expect(requested.body.claim).toMatchObject({ method: 'manual', status: 'pending' });
    expect(mail.slice(mailBefore).map((m) => m.template)).toEqual(['claim-review']);
    const twice = await call('/api/claims', {
      method: 'POST',
      ...ALICE,
      json: { listing: listing.id, role: 'Manager', phone: '0803 555 0199' },
    });
    expect(twice.status).toBe(409);
    const byCode = await call(`/api/claims/${requested.body.claim.id}/verify`, {
      method: 'POST',
      ...ALICE,
      json: { code: '123456' },
    });
    expect(byCode.status).toBe(409);

    expect((await call('/api/admin/claims', ALICE)).status).toBe(403);
    const none = await call('/api/admin/claims?q=nobody-by-this-name', ADMIN);
    expect(none.status).toBe(200);
    expect(none.body.total).toBe(0);
    const all = await call('/api/admin/claims?q=alice@example', ADMIN);
    expect(all.body.total).toBe(1);
    const row = all.body.claims.find((c: { id: string }) => c.id === requested.body.claim.id);
    expect(row).toMatchObject({
      claimant_email: 'alice@example.com',
      role: 'Manager',
      phone: '0803 555 0199',
      note: 'Since 2015',
    });

    const approved = await call(`/api/admin/claims/${requested.body.claim.id}/approve`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.claim.status).toBe('approved');
    expect((await listingRow(listing.id)).owner_user_id).toBe(users.alice);
    expect(api.purges.at(-1)).toContain(CacheTags.listing(listing.id));
    const twiceApproved = await call(`/api/admin/claims/${requested.body.claim.id}/approve`, {
      method: 'POST',
      ...ADMIN,
    });
    expect(twiceApproved.status).toBe(409);
  });

  it('rejected by the admin: the listing stays unclaimed', async () => {
    const listing = await insertBusiness(handle.db, { email: null });
    const requested = await call('/api/claims', {
      method: 'POST',
      ...BOB,
      json: { listing: listing.id, role: 'Owner', phone: '0803 555 0100' },
    });
    expect(requested.status).toBe(201);
    const rejected = await call(`/api/admin/claims/${requested.body.claim.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.claim.status).toBe('rejected');
    expect((await listingRow(listing.id)).owner_user_id).toBeNull();
    const decided = await call('/api/admin/claims?status=rejected', ADMIN);
    expect(decided.body.claims.map((c: { id: string }) => c.id)).toContain(requested.body.claim.id);
  });
});

describe('owner edits', () => {
  let listingId: string;

  beforeAll(async () => {
    const listing = await insertBusiness(handle.db, {
      slug: 'owned-motors',
      description: 'Old description',
      website: null,
      owner_user_id: null,
    });
    listingId = listing.id;
    await handle.db
      .updateTable('business_registrations')
      .set({ owner_user_id: users.carol! })
      .where('id', '=', listingId)
      .execute();
  });

  const edit = (overrides: Record<string, unknown> = {}) => ({
    description: 'Open all week, quick diagnostics.',
    services: 'Engine repair, diagnostics',
    phone: '0803 555 0101',
    whatsapp: '2348035550101',
    website: 'owned-motors.ng',
    address: '12 Allen Avenue',
    area: 'Ikeja',
    opening_hours: { mo: '08:00-18:00', sa: '09:00-14:00' },
    contact_visibility: 'public',
    ...overrides,
  });

  it('only the owner may send a change; bad values are refused (422)', async () => {
    for (const who of [BOB, ADMIN]) {
      const res = await call(`/api/account/listings/${listingId}/changes`, {
        method: 'POST',
        ...who,
        json: edit(),
      });
      expect(res.status).toBe(404);
    }
    const anonymous = await call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      json: edit(),
    });
    expect(anonymous.status).toBe(401);
    for (const [field, value] of [
      ['website', 'javascript:alert(1)'],
      ['opening_hours', { mo: '18:00-08:00' }],
      ['contact_visibility', 'everyone'],
      ['area', 'Atlantis'],
    ] as const) {
      const res = await call(`/api/account/listings/${listingId}/changes`, {
        method: 'POST',
        as: 'carol',
        json: edit({ [field]: value }),
      });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.error.fields)[0]).toContain(field);
    }
  });

  it('pending → approved: applied on approval, pages purged, the owner sees the status', async () => {
    const sent = await call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      as: 'carol',
      json: edit(),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.change.status).toBe('pending');
    expect(sent.body.change.changes).toMatchObject({
      description: 'Open all week, quick diagnostics.',
      website: 'https://owned-motors.ng',
    });
    expect(sent.body.change.before.description).toBe('Old description');
    // Nothing live yet.
    expect((await listingRow(listingId)).description).toBe('Old description');
    const mine = await call('/api/account/listings', { as: 'carol' });
    expect(mine.body.listings).toHaveLength(1);
    expect(mine.body.listings[0]).toMatchObject({
      id: listingId,
      change: { status: 'pending' },
      fields: { description: 'Old description' },
    });
    expect((await call('/api/account/listings', { as: 'dave' })).body.listings).toEqual([]);

    const pending = await call('/api/admin/listing-changes', ADMIN);
    const row = pending.body.changes.find((c: { id: string }) => c.id === sent.body.change.id);
    expect(row).toMatchObject({
      listing_name: expect.any(String),
      owner_email: 'carol@example.com',
      before: { description: 'Old description' },
      current: { description: 'Old description' },
      changes: { opening_hours: { mo: '08:00-18:00', sa: '09:00-14:00' } },
    });
    expect((await call('/api/admin/listing-changes', { as: 'carol' })).status).toBe(403);

    const purgesBefore = api.purges.length;
    const approved = await call(`/api/admin/listing-changes/${sent.body.change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.body.change.status).toBe('approved');
    const live = await listingRow(listingId);
    expect(live).toMatchObject({
      description: 'Open all week, quick diagnostics.',
      website: 'https://owned-motors.ng',
      area: 'Ikeja',
      opening_hours: { mo: '08:00-18:00', sa: '09:00-14:00' },
    });
    expect(api.purges.slice(purgesBefore).flat()).toContain(CacheTags.listing(listingId));
    const publicView = await call(`/api/listings/${listingId}`);
    expect(publicView.body.business.opening_hours).toEqual({
      mo: '08:00-18:00',
      sa: '09:00-14:00',
    });
    const status = await call('/api/account/listings', { as: 'carol' });
    expect(status.body.listings[0].change.status).toBe('approved');
    const again = await call(`/api/admin/listing-changes/${sent.body.change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(again.status).toBe(409);

    const same = await call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      as: 'carol',
      json: edit(),
    });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toBe('Nothing has changed.');
  });

  it('pending → rejected: the listing keeps its values, the owner sees the reason', async () => {
    const first = await call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      as: 'carol',
      json: edit({ services: 'First try' }),
    });
    const second = await call(`/api/account/listings/${listingId}/changes`, {
      method: 'POST',
      as: 'carol',
      json: edit({ services: 'Second try', opening_hours: null }),
    });
    // One pending change per listing: the second replaces the first.
    expect(second.body.change.id).toBe(first.body.change.id);
    expect(second.body.change.changes).toEqual({ services: 'Second try', opening_hours: null });
    const rejected = await call(`/api/admin/listing-changes/${second.body.change.id}/reject`, {
      method: 'POST',
      ...ADMIN,
      json: { reason: 'Please keep the opening hours.' },
    });
    expect(rejected.status).toBe(200);
    expect((await listingRow(listingId)).services).toBe('Engine repair, diagnostics');
    const status = await call('/api/account/listings', { as: 'carol' });
    expect(status.body.listings[0].change).toMatchObject({
      status: 'rejected',
      reason: 'Please keep the opening hours.',
    });
    const decided = await call('/api/admin/listing-changes?status=rejected', ADMIN);
    expect(decided.body.total).toBe(1);
  });
});
