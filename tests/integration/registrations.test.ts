import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { sendgridTransport } from '../../functions/_lib/mail.ts';
import type { BusinessRegistration, RegistrationStatus } from '../../functions/db/database.ts';
import { STAR_RATINGS, STATUS_TRANSITIONS } from '../../common/schemas/registrations.ts';
import { insertBusiness } from '../factories/business.ts';
import { start, type FakeSendGrid } from '../fakes/sendgrid.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Admin business listings (SPEC §2 Admin dashboard, §4 states, §5 admin edit, §7 calls) over HTTP:
 * the status state machine, welcome e-mail through a loopback SendGrid, featured and its order,
 * verification, rating, edit, delete, and what the public directory shows afterwards.
 */

let handle: DatabaseHandle;
let fake: FakeSendGrid;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];

const AS = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  [handle, fake] = await Promise.all([createTestDatabase(), start({ apiKey: 'SG.admin-key' })]);
  api = testApi(handle.db, {
    mailTransport: sendgridTransport({
      apiKey: 'SG.admin-key',
      baseUrl: fake.baseUrl,
      timeoutMs: 1500,
    }),
  });
  call = api.call;
  await signInAdmin(handle.db, call, {
    email: 'registrar@example.com',
    password: 'registrar-pass-1',
  });
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});
beforeEach(() => {
  fake.reset();
  api.purges.length = 0;
});

const row = (id: string) =>
  handle.db
    .selectFrom('business_registrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
const post = (path: string, json: unknown) => call(path, { method: 'POST', json, ...AS });
const setStatus = (id: string, status: string) =>
  post(`/api/admin/listings/${id}/status`, { status });
const setFeatured = (id: string, featured: boolean) =>
  post(`/api/admin/listings/${id}/featured`, { featured });
const directoryIds = async () =>
  ((await call('/api/directory')).body.businesses as { id: string }[]).map((b) => b.id);

describe('GET /api/admin/listings', () => {
  it('lists every status newest first, without the generated search columns', async () => {
    const base = Date.now() - 3_600_000;
    const made: BusinessRegistration[] = [];
    for (const [i, status] of (
      ['pending', 'approved', 'rejected', 'suspended'] as const
    ).entries()) {
      made.push(
        await insertBusiness(handle.db, { status, created_at: new Date(base + i * 60_000) }),
      );
    }
    const { status, body } = await call('/api/admin/listings', AS);
    expect(status).toBe(200);
    const list = body.registrations as Record<string, unknown>[];
    const ours = list.filter((r) => made.some((m) => m.id === r.id));
    expect(ours.map((r) => r.status)).toEqual(['suspended', 'rejected', 'approved', 'pending']);
    const dates = list.map((r) => new Date(r.created_at as string).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const r of list) {
      expect(r).not.toHaveProperty('search_text');
      expect(r).not.toHaveProperty('type_text');
      expect(r).not.toHaveProperty('location_text');
    }
    expect(ours[0]).toMatchObject({
      business_name: made[3]!.business_name,
      featured: false,
      verification_status: 'not_verified',
    });
  });
});

describe('status state machine (SPEC §4)', () => {
  const FROM: RegistrationStatus[] = ['pending', 'approved', 'rejected', 'suspended'];
  const TO = ['approved', 'rejected', 'suspended'] as const;
  const pairs = FROM.flatMap((from) =>
    TO.map(
      (to) => [from, to, (STATUS_TRANSITIONS[from] as readonly string[]).includes(to)] as const,
    ),
  );

  it('allows exactly the six SPEC transitions', () => {
    expect(
      pairs
        .filter(([, , ok]) => ok)
        .map(([f, t]) => `${f}->${t}`)
        .sort(),
    ).toEqual(
      [
        'approved->rejected',
        'approved->suspended',
        'pending->approved',
        'pending->rejected',
        'rejected->approved',
        'suspended->approved',
      ].sort(),
    );
  });

  it.each(pairs)('%s -> %s (allowed: %s)', async (from, to, allowed) => {
    // No e-mail, so approvals do not reach the fake.
    const business = await insertBusiness(handle.db, { status: from, email: null });
    const before = await row(business.id);
    const { status, body } = await setStatus(business.id, to);
    if (allowed) {
      expect(status).toBe(200);
      expect(body.registration).toMatchObject({ id: business.id, status: to });
      expect(body.registration).not.toHaveProperty('search_text');
      expect((await row(business.id))!.status).toBe(to);
      // Only transitions into or out of the public directory purge cached pages (ADR 011).
      expect(api.purges).toEqual(
        from === 'approved' || to === 'approved'
          ? [[`listing-${business.id}`, 'directory', 'category-mechanic', 'home', 'sitemap']]
          : [],
      );
    } else {
      expect(status).toBe(409);
      expect(body.error.code).toBe('CONFLICT');
      expect(body.error.message).toBe(`A ${from} business cannot become ${to}.`);
      expect(await row(business.id)).toEqual(before);
      expect(api.purges).toEqual([]);
    }
  });

  it('answers 404 for an unknown id, 422 for a malformed id or status', async () => {
    expect((await setStatus(UNKNOWN_ID, 'approved')).status).toBe(404);
    expect((await setStatus('not-a-uuid', 'approved')).status).toBe(422);
    const business = await insertBusiness(handle.db, { status: 'pending' });
    expect((await setStatus(business.id, 'pending')).status).toBe(422);
    expect((await row(business.id))!.status).toBe('pending');
  });
});

describe('welcome e-mail on approval', () => {
  it('sends one SendGrid request to the business with the listed subject', async () => {
    const business = await insertBusiness(handle.db, {
      status: 'pending',
      email: 'owner-welcome@example.com',
      business_name: 'Welcome Motors',
    });
    const { status, body } = await setStatus(business.id, 'approved');
    expect(status).toBe(200);
    expect(body.welcomeEmail).toEqual({ status: 'sent' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v3/mail/send');
    expect(request!.body.personalizations[0]!.to[0]!.email).toBe('owner-welcome@example.com');
    expect(request!.body.subject).toBe('Welcome Motors is now listed on Lagos Auto Hub');
    expect(api.purges).toEqual([
      [`listing-${business.id}`, 'directory', 'category-mechanic', 'home', 'sitemap'],
    ]);
  });

  it('keeps the approval when SendGrid answers 500 and reports the failure', async () => {
    fake.fail(500);
    const business = await insertBusiness(handle.db, {
      status: 'pending',
      email: 'owner-fail@example.com',
    });
    const { status, body } = await setStatus(business.id, 'approved');
    expect(status).toBe(200);
    expect(body.registration.status).toBe('approved');
    expect(body.welcomeEmail.status).toBe('failed');
    expect(body.welcomeEmail.error).toMatch(/HTTP 500/);
    expect(fake.requests).toHaveLength(1);
    expect((await row(business.id))!.status).toBe('approved');
    expect(api.purges).toHaveLength(1);
  });

  it('skips the e-mail for a business without an address, and for non-approvals', async () => {
    const noEmail = await insertBusiness(handle.db, { status: 'pending', email: null });
    expect((await setStatus(noEmail.id, 'approved')).body.welcomeEmail).toEqual({
      status: 'skipped',
    });
    expect((await setStatus(noEmail.id, 'suspended')).body.welcomeEmail).toEqual({
      status: 'skipped',
    });
    const withEmail = await insertBusiness(handle.db, { status: 'pending' });
    expect((await setStatus(withEmail.id, 'rejected')).body.welcomeEmail).toEqual({
      status: 'skipped',
    });
    expect(fake.requests).toHaveLength(0);
    // pending -> rejected never was public: nothing to purge.
    expect(api.purges).toEqual([
      [`listing-${noEmail.id}`, 'directory', 'category-mechanic', 'home', 'sitemap'],
      [`listing-${noEmail.id}`, 'directory', 'category-mechanic', 'home', 'sitemap'],
    ]);
  });

  it('Test Welcome Email works for approved businesses only', async () => {
    const approved = await insertBusiness(handle.db, {
      status: 'approved',
      email: 'test-welcome@example.com',
    });
    const ok = await post(`/api/admin/listings/${approved.id}/test-welcome`, {});
    expect(ok.status).toBe(200);
    expect(ok.body.welcomeEmail).toEqual({ status: 'sent' });
    expect(fake.requests.map((r) => r.body.personalizations[0]!.to[0]!.email)).toEqual([
      'test-welcome@example.com',
    ]);
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const other = await insertBusiness(handle.db, { status });
      const refused = await post(`/api/admin/listings/${other.id}/test-welcome`, {});
      expect(refused.status, status).toBe(409);
      expect(refused.body.error.code).toBe('CONFLICT');
    }
    const noEmail = await insertBusiness(handle.db, { status: 'approved', email: null });
    expect((await post(`/api/admin/listings/${noEmail.id}/test-welcome`, {})).status).toBe(409);
    expect(fake.requests).toHaveLength(1);
    expect(api.purges).toEqual([]);
  });
});

describe('featured (SPEC §4)', () => {
  beforeEach(async () => {
    await handle.db
      .updateTable('business_registrations')
      .set({ featured: false, display_order: 0 })
      .execute();
  });

  it('featuring sets display_order to max featured + 1 (1 when none); off clears featured only', async () => {
    const a = await insertBusiness(handle.db, { status: 'approved' });
    const b = await insertBusiness(handle.db, { status: 'approved' });
    // A non-featured business with a high order does not count.
    await insertBusiness(handle.db, { status: 'approved', display_order: 40 });

    const first = await setFeatured(a.id, true);
    expect(first.status).toBe(200);
    expect(first.body.registration).toMatchObject({ featured: true, display_order: 1 });
    await handle.db
      .updateTable('business_registrations')
      .set({ display_order: 7 })
      .where('id', '=', a.id)
      .execute();
    const second = await setFeatured(b.id, true);
    expect(second.body.registration).toMatchObject({ featured: true, display_order: 8 });

    const off = await setFeatured(a.id, false);
    expect(off.status).toBe(200);
    expect(off.body.registration).toMatchObject({
      featured: false,
      display_order: 7,
      status: 'approved',
    });
    expect(api.purges).toEqual([
      [`listing-${a.id}`, 'directory', 'category-mechanic', 'home', 'featured'],
      [`listing-${b.id}`, 'directory', 'category-mechanic', 'home', 'featured'],
      [`listing-${a.id}`, 'directory', 'category-mechanic', 'home', 'featured'],
    ]);
    const featured = (await call('/api/directory/featured')).body.businesses as { id: string }[];
    expect(featured.map((f) => f.id)).toEqual([b.id]);
  });

  it('refuses to feature a pending business (409) and leaves it unchanged', async () => {
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const business = await insertBusiness(handle.db, { status });
      const before = await row(business.id);
      const refused = await setFeatured(business.id, true);
      expect(refused.status, status).toBe(409);
      expect(refused.body.error.code).toBe('CONFLICT');
      expect(await row(business.id)).toEqual(before);
    }
    expect(api.purges).toEqual([]);
    expect((await setFeatured(UNKNOWN_ID, true)).status).toBe(404);
  });

  it('suspending or rejecting a featured business clears featured', async () => {
    for (const to of ['suspended', 'rejected'] as const) {
      const business = await insertBusiness(handle.db, { status: 'approved' });
      expect((await setFeatured(business.id, true)).status).toBe(200);
      const { body } = await setStatus(business.id, to);
      expect(body.registration).toMatchObject({ status: to, featured: false });
      expect((await row(business.id))!.featured).toBe(false);
    }
  });
});

describe('PUT /api/admin/featured-order', () => {
  const orderOf = async (ids: string[]) => {
    const rows = await handle.db
      .selectFrom('business_registrations')
      .select(['id', 'display_order'])
      .where('id', 'in', ids)
      .execute();
    return ids.map((id) => rows.find((r) => r.id === id)!.display_order);
  };

  it('renumbers 1..n in list order', async () => {
    const ids: string[] = [];
    for (const order of [5, 9, 12])
      ids.push(
        (
          await insertBusiness(handle.db, {
            status: 'approved',
            featured: true,
            display_order: order,
          })
        ).id,
      );
    const reversed = [...ids].reverse();
    const { status, body } = await call('/api/admin/featured-order', {
      method: 'PUT',
      json: { ids: reversed },
      ...AS,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(await orderOf(reversed)).toEqual([1, 2, 3]);
    expect(api.purges).toEqual([['home', 'featured']]);
  });

  it('changes nothing when one id is unknown or not featured (409, one transaction)', async () => {
    const ids: string[] = [];
    for (const order of [3, 4])
      ids.push(
        (
          await insertBusiness(handle.db, {
            status: 'approved',
            featured: true,
            display_order: order,
          })
        ).id,
      );
    const notFeatured = (
      await insertBusiness(handle.db, { status: 'approved', featured: false, display_order: 77 })
    ).id;
    for (const bad of [UNKNOWN_ID, notFeatured]) {
      const { status, body } = await call('/api/admin/featured-order', {
        method: 'PUT',
        json: { ids: [ids[1], ids[0], bad] },
        ...AS,
      });
      expect(status).toBe(409);
      expect(body.error.code).toBe('CONFLICT');
      expect(body.error.message).toBe('Failed to update business order');
      expect(await orderOf([...ids, notFeatured])).toEqual([3, 4, 77]);
    }
    expect(api.purges).toEqual([]);
    expect(
      (await call('/api/admin/featured-order', { method: 'PUT', json: { ids: [] }, ...AS })).status,
    ).toBe(422);
  });
});

describe('verification and star rating', () => {
  it('changes verification for approved and suspended only', async () => {
    for (const status of ['approved', 'suspended'] as const) {
      const business = await insertBusiness(handle.db, { status });
      const { status: code, body } = await post(`/api/admin/listings/${business.id}/verification`, {
        verification_status: 'verified',
      });
      expect(code, status).toBe(200);
      expect(body.registration).toMatchObject({ verification_status: 'verified', verified: true });
      const back = await post(`/api/admin/listings/${business.id}/verification`, {
        verification_status: 'verification_pending',
      });
      expect(back.body.registration).toMatchObject({
        verification_status: 'verification_pending',
        verified: false,
      });
    }
    for (const status of ['pending', 'rejected'] as const) {
      const business = await insertBusiness(handle.db, { status });
      const refused = await post(`/api/admin/listings/${business.id}/verification`, {
        verification_status: 'verified',
      });
      expect(refused.status, status).toBe(409);
      expect((await row(business.id))!.verification_status).toBe('not_verified');
    }
    const any = await insertBusiness(handle.db, { status: 'approved' });
    expect(
      (
        await post(`/api/admin/listings/${any.id}/verification`, {
          verification_status: 'pending',
        })
      ).status,
    ).toBe(422);
  });

  it('records the checks behind Verified with the date and the admin, and clears them after (issue 24.6)', async () => {
    const business = await insertBusiness(handle.db, { status: 'approved' });
    const before = Date.now();
    const { status, body } = await post(`/api/admin/listings/${business.id}/verification`, {
      verification_status: 'verified',
      checks: ['cac', 'phone'],
    });
    expect(status).toBe(200);
    expect(body.registration.verification_checks).toEqual(['cac', 'phone']);
    const stored = (await handle.db
      .selectFrom('business_registrations')
      .select(['verification_checks', 'verified_at', 'verified_by'])
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow())!;
    expect(stored.verified_by).toBeTruthy();
    expect(new Date(stored.verified_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await handle.db
      .selectFrom('business_directory')
      .select(['verification_checks', 'verified_at'])
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(listed.verification_checks).toEqual(['cac', 'phone']);

    expect(
      (
        await post(`/api/admin/listings/${business.id}/verification`, {
          verification_status: 'verified',
          checks: ['fingerprint'],
        })
      ).status,
    ).toBe(422);
    await post(`/api/admin/listings/${business.id}/verification`, {
      verification_status: 'not_verified',
    });
    expect(
      await handle.db
        .selectFrom('business_registrations')
        .select(['verification_checks', 'verified_at', 'verified_by'])
        .where('id', '=', business.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verification_checks: [], verified_at: null, verified_by: null });
  });

  it('accepts the SPEC star steps and refuses others (422)', async () => {
    const business = await insertBusiness(handle.db, { status: 'approved' });
    expect([...STAR_RATINGS]).toEqual([0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    for (const star_rating of STAR_RATINGS) {
      const { status, body } = await post(`/api/admin/listings/${business.id}/rating`, {
        star_rating,
      });
      expect(status, String(star_rating)).toBe(200);
      expect(Number(body.registration.star_rating)).toBe(star_rating);
      expect(Number((await row(business.id))!.star_rating)).toBe(star_rating);
    }
    for (const star_rating of [3.3, 0.5, -1, 5.5, '4']) {
      const refused = await post(`/api/admin/listings/${business.id}/rating`, { star_rating });
      expect(refused.status, String(star_rating)).toBe(422);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(Number((await row(business.id))!.star_rating)).toBe(5);
    expect(
      (await post(`/api/admin/listings/${business.id}/rating`, { star_rating: 3.3 })).body.error
        .message,
    ).toBe('Rating must be 0 or 1 to 5 in half steps');
  });
});

describe('PATCH /api/admin/listings/:id (SPEC §5 admin edit)', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    business_name: 'Edited Motors',
    phone: '0803 555 0000',
    display_name: 'Ada Obi',
    email: 'edited@example.com',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    website: 'https://edited.example.com',
    description: 'Edited description of the business.',
    services: 'Panel beating and tyres',
    business_categories: ['Body Work & Paint', 'Tyre Services'],
    additional_tags: ['Toyota specialist', 'Mechanic / Repair Services', 'Open Sundays'],
    contact_visibility: 'registered_users_only',
    ...overrides,
  });
  const patch = (id: string, json: unknown) =>
    call(`/api/admin/listings/${id}`, { method: 'PATCH', json, ...AS });

  it('saves the fields, type = first category, tags = non-standard tags + categories', async () => {
    const business = await insertBusiness(handle.db, {
      status: 'approved',
      tags: ['Mechanic / Repair Services', 'Toyota specialist', 'Open Sundays'],
    });
    const { status, body } = await patch(business.id, form());
    expect(status).toBe(200);
    expect(body.registration).toMatchObject({
      business_name: 'Edited Motors',
      phone: '0803 555 0000',
      display_name: 'Ada Obi',
      email: 'edited@example.com',
      city: 'Ikeja',
      business_categories: ['Body Work & Paint', 'Tyre Services'],
      business_type: 'Body Work & Paint',
      tags: ['Toyota specialist', 'Open Sundays', 'Body Work & Paint', 'Tyre Services'],
      contact_visibility: 'registered_users_only',
      status: 'approved',
    });
    expect(body.registration).not.toHaveProperty('search_text');
    const stored = (await row(business.id))!;
    expect(stored.business_type).toBe('Body Work & Paint');
    expect(stored.tags).toEqual([
      'Toyota specialist',
      'Open Sundays',
      'Body Work & Paint',
      'Tyre Services',
    ]);
    // Body Work & Paint + Tyre Services: it leaves the mechanic pages for the body work ones.
    expect(api.purges).toEqual([
      [`listing-${business.id}`, 'directory', 'category-mechanic', 'category-bodywork', 'home'],
    ]);
  });

  it('stores empty contact name and e-mail as null; keeps the type when no category is selected', async () => {
    const business = await insertBusiness(handle.db, {
      status: 'suspended',
      business_type: 'Car Rental',
    });
    const { status, body } = await patch(
      business.id,
      form({ display_name: '  ', email: '', business_categories: [], additional_tags: [] }),
    );
    expect(status).toBe(200);
    expect(body.registration).toMatchObject({
      display_name: null,
      email: null,
      business_type: 'Car Rental',
      tags: [],
    });
    const stored = (await row(business.id))!;
    expect(stored.display_name).toBeNull();
    expect(stored.email).toBeNull();
    // Not approved: no public page changes.
    expect(api.purges).toEqual([]);
  });

  it('requires business name and phone (422 with the messages)', async () => {
    const business = await insertBusiness(handle.db, { status: 'rejected' });
    const before = await row(business.id);
    const noName = await patch(business.id, form({ business_name: '   ' }));
    expect(noName.status).toBe(422);
    expect(noName.body.error.message).toBe('Business name is required');
    expect(noName.body.error.fields.business_name).toEqual(['Business name is required']);
    // One character is refused by the form, as the database would (found by the fuzzer, issue 12.6).
    const short = await patch(business.id, form({ business_name: '!' }));
    expect(short.status).toBe(422);
    expect(short.body.error.fields.business_name).toEqual([
      'Business name must be at least 2 characters',
    ]);
    const noPhone = await patch(business.id, form({ phone: '' }));
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.error.message).toBe('Phone is required');
    expect(noPhone.body.error.fields.phone).toEqual(['Phone is required']);
    const badEmail = await patch(business.id, form({ email: 'not-an-email' }));
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.error.fields.email).toEqual(['Invalid email address']);
    expect(await row(business.id)).toEqual(before);
  });

  it('refuses to edit a pending business (409)', async () => {
    const business = await insertBusiness(handle.db, { status: 'pending' });
    const before = await row(business.id);
    const { status, body } = await patch(business.id, form());
    expect(status).toBe(409);
    expect(body.error.code).toBe('CONFLICT');
    expect(await row(business.id)).toEqual(before);
    expect((await patch(UNKNOWN_ID, form())).status).toBe(404);
  });

  it("answers 409 with the SPEC §8 duplicate message for another listing's e-mail, changing nothing (issue 12.6)", async () => {
    const other = await insertBusiness(handle.db, { email: 'taken@example.com' });
    const business = await insertBusiness(handle.db, { status: 'approved' });
    const before = await row(business.id);
    for (const email of ['taken@example.com', 'TAKEN@Example.com']) {
      const { status, body } = await patch(business.id, form({ email }));
      expect(status).toBe(409);
      expect(body.error).toMatchObject({
        code: 'CONFLICT',
        message: 'A business with this email already exists.',
      });
    }
    expect(await row(business.id)).toEqual(before);
    expect((await row(other.id))!.email).toBe('taken@example.com');
    expect(api.purges).toEqual([]);
  });
});

describe('DELETE /api/admin/listings/:id', () => {
  const del = (id: string) => call(`/api/admin/listings/${id}`, { method: 'DELETE', ...AS });

  it('refuses pending (409), deletes rejected, then answers 404', async () => {
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    expect((await del(pending.id)).status).toBe(409);
    expect(await row(pending.id)).toBeDefined();

    const rejected = await insertBusiness(handle.db, { status: 'rejected' });
    const { status, body } = await del(rejected.id);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(await row(rejected.id)).toBeUndefined();
    expect((await del(rejected.id)).status).toBe(404);
    expect(api.purges).toEqual([]);
  });

  it('deleting an approved business removes it from the directory and purges its pages', async () => {
    const approved = await insertBusiness(handle.db, { status: 'approved' });
    expect(await directoryIds()).toContain(approved.id);
    expect((await del(approved.id)).status).toBe(200);
    expect(await directoryIds()).not.toContain(approved.id);
    expect(api.purges).toEqual([
      [`listing-${approved.id}`, 'directory', 'category-mechanic', 'home', 'sitemap'],
    ]);
  });
});

describe('public directory follows the admin', () => {
  it('shows a business after approval and hides it after suspension', async () => {
    const business = await insertBusiness(handle.db, { status: 'pending', email: null });
    expect(await directoryIds()).not.toContain(business.id);
    expect((await call(`/api/listings/${business.id}`)).status).toBe(404);

    await setStatus(business.id, 'approved');
    expect(await directoryIds()).toContain(business.id);
    expect((await call(`/api/listings/${business.id}`)).status).toBe(200);

    await setStatus(business.id, 'suspended');
    expect(await directoryIds()).not.toContain(business.id);
    expect((await call(`/api/listings/${business.id}`)).status).toBe(404);

    await setStatus(business.id, 'approved');
    expect(await directoryIds()).toContain(business.id);
  });
});
