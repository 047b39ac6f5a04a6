import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { listBusinessesPage } from '../../functions/directory/directory.service.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { ROADSIDE_CSV_COLUMNS } from '../../functions/imports/csv-import.ts';
import { BUSINESS_CSV_COLUMNS } from '../../common/schemas/csv.ts';
import { insertBusiness } from '../factories/business.ts';
import { MONDAY_10, MONDAY_21, SUNDAY_12, WEEKDAYS } from '../factories/hours.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 38.3 and 38.4 (ADR 081): what owners declare for a stranded motorist (open 24 hours,
 * comes to you and where, a call-out fee range) through the owner's reviewed edit, the admin's
 * edit and the CSV import; and the Open now filter, tested on the generated `open_week` for the
 * minute of the Lagos week, cached until the next quarter hour.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const ADMIN = { as: 'admin' } as const;
let ownerId = '';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await ensureAdmin(handle.db, {
    email: 'roadside-admin@example.com',
    password: 'roadside-pass-1',
  });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...ADMIN,
    json: { email: 'roadside-admin@example.com', password: 'roadside-pass-1' },
  });
  expect(signIn.status).toBe(200);
  const signUp = await call('/api/auth/sign-up', {
    method: 'POST',
    as: 'owner',
    json: { displayName: 'Ade', email: 'roadside-owner@example.com', password: 'owner-pass-12' },
  });
  expect(signUp.status).toBe(201);
  ownerId = signUp.body.user.id;
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.deleteFrom('listing_changes').execute();
  await handle.db.deleteFrom('business_registrations').execute();
});

const names = (page: { businesses: { business_name: string }[] }) =>
  page.businesses.map((b) => b.business_name).sort();

describe('Open now (issue 38.4)', () => {
  beforeEach(async () => {
    await insertBusiness(handle.db, { business_name: 'Weekday Motors', opening_hours: WEEKDAYS });
    await insertBusiness(handle.db, {
      business_name: 'Night Tow',
      opening_hours: JSON.stringify({ mo: '20:00-24:00', su: '10:00-16:00' }),
    });
    await insertBusiness(handle.db, { business_name: 'Always Tow', open_24_hours: true });
    await insertBusiness(handle.db, { business_name: 'No Hours Garage' });
    await insertBusiness(handle.db, {
      business_name: 'Bad Hours',
      opening_hours: JSON.stringify({ mo: '18:00-08:00', tu: 'all day' }),
    });
  });

  it('lists the listings open at the minute of the Lagos week asked', async () => {
    const db = handle.db;
    const at = async (now: Date) =>
      names(await listBusinessesPage(db, { open: 'now', limit: 24 }, now));
    expect(await at(MONDAY_10)).toEqual(['Always Tow', 'Weekday Motors']);
    expect(await at(MONDAY_21)).toEqual(['Always Tow', 'Night Tow']);
    expect(await at(SUNDAY_12)).toEqual(['Always Tow', 'Night Tow']);
    // Totals are counted with the filter; without it every listing shows.
    const page = await listBusinessesPage(db, { open: 'now', limit: 24 }, MONDAY_21);
    expect(page.total).toBe(2);
    expect((await listBusinessesPage(db, { limit: 24 }, MONDAY_21)).total).toBe(5);
  });

  it('keeps open_week in step with the hours and 24 hours as they change', async () => {
    const weekday = await handle.db
      .selectFrom('business_registrations')
      .select(['id', sql<string>`open_week::text`.as('week')])
      .where('business_name', '=', 'Weekday Motors')
      .executeTakeFirstOrThrow();
    expect(weekday.week).toBe('{[480,1080),[1920,2520),[3360,3960),[4800,5400),[6240,6840)}');
    await handle.db
      .updateTable('business_registrations')
      .set({ open_24_hours: true })
      .where('id', '=', weekday.id)
      .execute();
    const after = await handle.db
      .selectFrom('business_registrations')
      .select(sql<string>`open_week::text`.as('week'))
      .where('id', '=', weekday.id)
      .executeTakeFirstOrThrow();
    expect(after.week).toBe('{[0,10080)}');
  });

  it('GET /api/directory?open=now is cached until the next quarter hour only', async () => {
    const open = await call('/api/directory?category=mechanic&open=now');
    expect(open.status).toBe(200);
    const cdn = open.headers.get('netlify-cdn-cache-control') ?? '';
    const maxAge = Number(/s-maxage=(\d+)/.exec(cdn)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(900);
    expect(cdn).not.toContain('stale-while-revalidate');
    expect(open.headers.get('netlify-vary')).toContain('open');
    const all = await call('/api/directory?category=mechanic');
    expect(all.headers.get('netlify-cdn-cache-control')).toContain('s-maxage=86400');
    expect((await call('/api/directory?open=later')).status).toBe(422);
  });

  it('search answers open=now in both orders, cached until the next quarter hour', async () => {
    // At any moment: a 24-hour listing is open, one without hours never is.
    for (const sort of ['relevance', 'newest']) {
      const found = await call(`/api/directory/search?q=tow&open=now&sort=${sort}`);
      expect(found.status).toBe(200);
      const shown = found.body.businesses.map((b: { business_name: string }) => b.business_name);
      expect(shown, sort).toContain('Always Tow');
      expect(shown, sort).not.toContain('No Hours Garage');
      expect(found.body.total, sort).toBe(shown.length);
      expect(found.headers.get('netlify-cdn-cache-control')).not.toContain('s-maxage=86400');
      const all = await call(`/api/directory/search?q=test&sort=${sort}`);
      expect(all.body.total, sort).toBe(5);
      const open = await call(`/api/directory/search?q=test&open=now&sort=${sort}`);
      expect(open.body.businesses.length, sort).toBeLessThan(5);
      expect(
        open.body.businesses.map((b: { business_name: string }) => b.business_name),
        sort,
      ).toContain('Always Tow');
    }
  });

  it('uses the GiST index of open_week when open listings are few', async () => {
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from business_directory where open_week @> 500`.execute(handle.db);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /business_registrations_open_week|Seq Scan/,
    );
  });
});

describe('what owners declare (issue 38.3)', () => {
  it('carries the declarations to the public listing, within bounds the database keeps too', async () => {
    const listing = await insertBusiness(handle.db, {
      business_name: 'Mobile Fix',
      comes_to_you: true,
      coverage_areas: ['ikeja', 'yaba'],
      callout_fee_min: 5000,
      callout_fee_max: 15000,
    });
    const { business: body } = (await call(`/api/listings/${listing.id}`)).body;
    expect(body).toMatchObject({
      open_24_hours: false,
      comes_to_you: true,
      coverage_areas: ['ikeja', 'yaba'],
      callout_fee_min: 5000,
      callout_fee_max: 15000,
    });
    expect(body).not.toHaveProperty('open_week');
    await expect(
      insertBusiness(handle.db, { callout_fee_min: 20_000, callout_fee_max: 10_000 }),
    ).rejects.toThrow(/callout_fee_range/);
    await expect(
      insertBusiness(handle.db, { callout_fee_min: 0, callout_fee_max: 1_000_001 }),
    ).rejects.toThrow(/callout_fee_range/);
    await expect(insertBusiness(handle.db, { callout_fee_min: 100 })).rejects.toThrow(
      /callout_fee_range/,
    );
  });

  it("an owner's declarations wait for the admin like the other owner edits", async () => {
    const listing = await insertBusiness(handle.db, {
      business_name: 'Owned Tow',
      owner_user_id: ownerId,
    });
    const edit = (overrides: Record<string, unknown>) => ({
      description: listing.description,
      services: listing.services,
      phone: listing.phone,
      whatsapp: null,
      website: null,
      address: listing.address,
      area: '',
      opening_hours: null,
      contact_visibility: 'public',
      ...overrides,
    });
    const refused = await call(`/api/account/listings/${listing.id}/changes`, {
      method: 'POST',
      as: 'owner',
      json: edit({ callout_fee: { min: 15000, max: 5000 } }),
    });
    expect(refused.status).toBe(422);
    const fractional = await call(`/api/account/listings/${listing.id}/changes`, {
      method: 'POST',
      as: 'owner',
      json: edit({ callout_fee: { min: 5000.5, max: 6000 }, coverage_areas: ['atlantis'] }),
    });
    expect(fractional.status).toBe(422);
    const sent = await call(`/api/account/listings/${listing.id}/changes`, {
      method: 'POST',
      as: 'owner',
      json: edit({
        open_24_hours: true,
        comes_to_you: true,
        coverage_areas: ['ikeja', 'surulere', 'ikeja'],
        callout_fee: { min: 5000, max: 15000 },
      }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.change.changes).toEqual({
      open_24_hours: true,
      comes_to_you: true,
      coverage_areas: ['ikeja', 'surulere'],
      callout_fee: { min: 5000, max: 15000 },
    });
    expect(sent.body.change.before).toEqual({
      open_24_hours: false,
      comes_to_you: false,
      coverage_areas: [],
      callout_fee: null,
    });
    // Nothing is live before the admin approves.
    expect((await call(`/api/listings/${listing.id}`)).body.business.comes_to_you).toBe(false);
    const approved = await call(`/api/admin/listing-changes/${sent.body.change.id}/approve`, {
      method: 'POST',
      ...ADMIN,
      json: {},
    });
    expect(approved.status).toBe(200);
    expect((await call(`/api/listings/${listing.id}`)).body.business).toMatchObject({
      open_24_hours: true,
      comes_to_you: true,
      coverage_areas: ['ikeja', 'surulere'],
      callout_fee_min: 5000,
      callout_fee_max: 15000,
    });
    const owned = await call('/api/account/listings', { as: 'owner' });
    expect(owned.body.listings[0].fields).toMatchObject({
      open_24_hours: true,
      callout_fee: { min: 5000, max: 15000 },
    });
  });

  it("the admin's edit sets them, and leaves them as they are when not sent", async () => {
    const listing = await insertBusiness(handle.db, { business_name: 'Admin Edited' });
    const base = {
      business_name: 'Admin Edited',
      phone: listing.phone,
      contact_visibility: 'public',
    };
    const edited = await call(`/api/admin/listings/${listing.id}`, {
      method: 'PATCH',
      ...ADMIN,
      json: {
        ...base,
        roadside: {
          open_24_hours: false,
          comes_to_you: true,
          coverage_areas: ['lekki'],
          callout_fee: { min: 10000, max: 10000 },
        },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.registration).toMatchObject({
      comes_to_you: true,
      coverage_areas: ['lekki'],
      callout_fee_min: 10000,
      callout_fee_max: 10000,
    });
    const kept = await call(`/api/admin/listings/${listing.id}`, {
      method: 'PATCH',
      ...ADMIN,
      json: { ...base, description: 'Still mobile' },
    });
    expect(kept.body.registration).toMatchObject({ comes_to_you: true, callout_fee_max: 10000 });
    const bad = await call(`/api/admin/listings/${listing.id}`, {
      method: 'PATCH',
      ...ADMIN,
      json: { ...base, roadside: { callout_fee: { min: 0, max: 2_000_000 } } },
    });
    expect(bad.status).toBe(422);
  });

  it('the CSV import reads the optional roadside columns', async () => {
    // The SPEC §9 columns an export writes, then the optional roadside ones.
    const header = [...BUSINESS_CSV_COLUMNS, ...ROADSIDE_CSV_COLUMNS].join(',');
    const row = (name: string, roadside: string) =>
      `${name},,0803 555 0900,Towing Service,pending,Ikeja,Lagos,,,,,,No,public,,${roadside}`;
    const csv = [
      header,
      row('Roadside One', 'Yes,Yes,"Ikeja; Yaba, surulere; Third Mainland Bridge","₦5,000",15000'),
      row('Roadside Two', ',,,,'),
      row('Roadside Bad Fee', 'No,No,,20000,10000'),
      row('Roadside Bad Area', 'No,Yes,Atlantis,,'),
      row('Roadside Bad Flag', 'maybe,No,,,'),
    ].join('\r\n');
    const report = await call('/api/admin/imports/csv', {
      method: 'POST',
      ...ADMIN,
      json: { csv, commit: true },
    });
    expect(report.status).toBe(200);
    expect(report.body.rows, JSON.stringify(report.body)).toHaveLength(5);
    expect(report.body.imported, JSON.stringify(report.body)).toBe(2);
    const byName = Object.fromEntries(
      report.body.rows.map((r: { name: string; errors: string[] }) => [r.name, r.errors]),
    );
    expect(byName['Roadside Bad Fee']).toEqual([
      'Call-out fee: The lowest fee must not be more than the highest',
    ]);
    expect(byName['Roadside Bad Area']).toEqual(['Choose areas from the list']);
    expect(byName['Roadside Bad Flag']).toEqual(['Open 24 Hours must be Yes or No']);
    const rows = await handle.db
      .selectFrom('business_registrations')
      .select([
        'business_name',
        'open_24_hours',
        'comes_to_you',
        'coverage_areas',
        'callout_fee_min',
        'callout_fee_max',
      ])
      .where('business_name', 'like', 'Roadside%')
      .orderBy('business_name')
      .execute();
    expect(rows).toEqual([
      {
        business_name: 'Roadside One',
        open_24_hours: true,
        comes_to_you: true,
        coverage_areas: ['ikeja', 'yaba', 'surulere', 'third-mainland-bridge'],
        callout_fee_min: 5000,
        callout_fee_max: 15000,
      },
      {
        business_name: 'Roadside Two',
        open_24_hours: false,
        comes_to_you: false,
        coverage_areas: [],
        callout_fee_min: null,
        callout_fee_max: null,
      },
    ]);
  });
});
