import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import {
  BUSINESS_CSV_COLUMNS,
  businessesCsv,
  type ExportableBusiness,
} from '../../src/browser/csv.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * CSV import in the admin (issue "Bulk import", SPEC §9 export columns): the file Export All
 * Businesses produces comes back in unchanged (preview first, then commit), and the real
 * OpenStreetMap extract of shared/data/osm imports its four in-scope Lagos points once.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

const OSM_FILE = '/work/shared/data/osm/nigeria-automotive-2019.csv';
const csvImport = (csv: string, commit: boolean, as = 'admin') =>
  call('/api/admin/imports/csv', { method: 'POST', as, json: { csv, commit } });

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await ensureAdmin(handle.db, { email: 'csv-admin@example.com', password: 'csv-admin-pass-1' });
  expect(
    (
      await call('/api/auth/sign-in', {
        method: 'POST',
        as: 'admin',
        json: { email: 'csv-admin@example.com', password: 'csv-admin-pass-1' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('/api/auth/sign-up', {
        method: 'POST',
        as: 'user',
        json: { email: 'csv-user@example.com', password: 'csv-user-pass-1' },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => handle?.close());

const iso = (value: unknown) => new Date(value as string).toISOString();

describe('POST /api/admin/imports/csv access', () => {
  it('is for admins only', async () => {
    expect((await csvImport('Business Name\nX', false, 'user')).status).toBe(403);
    expect(
      (await call('/api/admin/imports/csv', { method: 'POST', json: { csv: 'a', commit: false } }))
        .status,
    ).toBe(401);
  });

  it('refuses an empty file', async () => {
    const res = await csvImport('', false);
    expect(res.status).toBe(422);
  });
});

describe('export → import round trip', () => {
  const originals = [
    {
      business_name: 'Round Trip Motors, Ikeja',
      email: 'round.trip@example.com',
      phone: '+234 801 777 0001',
      business_type: 'Mechanic / Repair Services',
      city: 'Ikeja',
      state: 'Lagos',
      address: '7 "Old" Allen Avenue, Ikeja',
      website: 'https://roundtrip.example.ng',
      services: 'Engine repair, servicing\nand diagnostics',
      description: '=1+1',
      display_name: 'Tunde Bakare',
      contact_visibility: 'registered_users_only' as const,
      status: 'approved' as const,
      featured: true,
      created_at: '2024-03-05T10:20:30.000Z',
    },
    {
      business_name: 'Ọjà Tyres & Wheels',
      email: null,
      phone: '0802 777 0002',
      business_type: 'Tyre Services',
      city: 'Yaba',
      state: 'Lagos',
      address: null,
      website: null,
      services: '-20% on alignment',
      description: 'Wheel alignment and balancing in Yaba.',
      display_name: null,
      contact_visibility: 'public' as const,
      status: 'rejected' as const,
      featured: false,
      created_at: '2023-11-30T23:59:59.000Z',
    },
  ];
  let exported: ExportableBusiness[] = [];
  let csv = '';

  it('exports the registrations (GET /api/admin/listings → businessesCsv)', async () => {
    for (const o of originals) await insertBusiness(handle.db, o);
    const list = await call('/api/admin/listings', { as: 'admin' });
    exported = list.body.registrations.filter((r: ExportableBusiness) =>
      originals.some((o) => o.business_name === r.business_name),
    );
    expect(exported).toHaveLength(2);
    csv = businessesCsv(exported);
    expect(csv.split('\r\n')[0]).toBe(BUSINESS_CSV_COLUMNS.join(','));
    expect(csv).toContain("'=1+1");
    expect(csv).toContain("'+234 801 777 0001");
    expect(csv).toContain("'-20% on alignment");
  });

  it('previews valid rows and reports a broken row with its line and reasons, writing nothing', async () => {
    const broken = businessesCsv([
      {
        ...exported[0]!,
        business_name: 'X',
        email: 'not-an-email',
        business_type: '',
        contact_visibility: 'everyone',
        created_at: 'yesterday',
      },
    ]).split('\r\n')[1];
    const before = await handle.db
      .selectFrom('business_registrations')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await csvImport(`${csv}\r\n${broken}`, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      format: 'export',
      valid: 2,
      invalid: 1,
      imported: 0,
      skipped: {},
    });
    expect(
      res.body.rows.slice(0, 2).map((r: { ok: boolean; errors: string[] }) => [r.ok, r.errors]),
    ).toEqual([
      [true, []],
      [true, []],
    ]);
    const bad = res.body.rows[2];
    expect(bad).toMatchObject({ line: 4, name: 'X', ok: false });
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        'Business name must be at least 2 characters',
        'Invalid email address',
        'Business Type is required',
        'Contact Visibility must be public or registered_users_only',
      ]),
    );
    const after = await handle.db
      .selectFrom('business_registrations')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a row whose e-mail already exists on commit', async () => {
    const res = await csvImport(csv, true);
    expect(res.status).toBe(200);
    const round = res.body.rows.find(
      (r: { name: string }) => r.name === 'Round Trip Motors, Ikeja',
    );
    expect(round).toMatchObject({
      ok: false,
      errors: ['A business with this email already exists.'],
    });
    // Clean up what did get in (the row without e-mail) so the next commit starts over.
    await handle.db.deleteFrom('business_registrations').where('source', '=', 'csv').execute();
  });

  it('commits: every exported field survives, rows are pending and formula guards are undone', async () => {
    await handle.db
      .deleteFrom('business_registrations')
      .where(
        'business_name',
        'in',
        originals.map((o) => o.business_name),
      )
      .execute();
    const res = await csvImport(csv, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'export', valid: 2, invalid: 0, imported: 2 });

    const rows = await handle.db
      .selectFrom('business_registrations')
      .selectAll()
      .where('source', '=', 'csv')
      .execute();
    expect(rows).toHaveLength(2);
    for (const original of originals) {
      const row = rows.find((r) => r.business_name === original.business_name)!;
      expect(row, original.business_name).toBeDefined();
      expect(row).toMatchObject({
        email: original.email,
        phone: original.phone,
        business_type: original.business_type,
        city: original.city,
        state: original.state,
        address: original.address,
        website: original.website,
        services: original.services,
        description: original.description,
        display_name: original.display_name,
        contact_visibility: original.contact_visibility,
        status: 'pending',
        featured: false,
        user_created: false,
      });
      expect(iso(row.created_at)).toBe(original.created_at);
      expect(row.tags).toContain(original.business_type);
    }
    expect(rows.find((r) => r.description === '=1+1')).toBeDefined();
    expect(rows.find((r) => r.services === '-20% on alignment')).toBeDefined();
  });

  it('reads a file with a BOM and CRLF line ends from a spreadsheet', async () => {
    const res = await csvImport(`\uFEFF${csv.replace(/round\.trip@/, 'round.trip2@')}`, false);
    expect(res.body).toMatchObject({ format: 'export', valid: 2, invalid: 0 });
  });
});

describe('the real OpenStreetMap extract (shared/data/osm, 674 rows)', () => {
  const file = readFileSync(OSM_FILE, 'utf8');

  it('previews 4 valid Lagos rows and counts what the mapping skipped', async () => {
    const res = await csvImport(file, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      format: 'osm',
      valid: 4,
      invalid: 0,
      imported: 0,
      skipped: { unnamed: 2, outOfScope: 86, outsideLagos: 582, duplicate: 0 },
    });
    expect(res.body.rows.map((r: { name: string }) => r.name).sort()).toEqual(
      [
        'Landrover repairs',
        'Makoko R/A Taxi Park',
        'Popoola Battery Clinic',
        'Procuremax Autocare',
      ].sort(),
    );
    expect(4 + 2 + 86 + 582).toBe(674);
    expect(
      await handle.db
        .selectFrom('business_registrations')
        .select('id')
        .where('source', '=', 'openstreetmap')
        .execute(),
    ).toHaveLength(0);
  });

  it('commits 4 pending, categorised rows labelled OpenStreetMap', async () => {
    const res = await csvImport(file, true);
    expect(res.body).toMatchObject({ format: 'osm', valid: 4, imported: 4 });
    const rows = await handle.db
      .selectFrom('business_registrations')
      .selectAll()
      .where('source', '=', 'openstreetmap')
      .execute();
    expect(rows).toHaveLength(4);
    const type = Object.fromEntries(rows.map((r) => [r.business_name, r.business_type]));
    expect(type).toEqual({
      'Makoko R/A Taxi Park': 'Car Rental',
      'Landrover repairs': 'Mechanic / Repair Services',
      'Popoola Battery Clinic': 'Mechanic / Repair Services',
      'Procuremax Autocare': 'Mechanic / Repair Services',
    });
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'pending',
        state: 'Lagos',
        user_created: false,
        contact_visibility: 'public',
        source: 'openstreetmap',
      });
      expect(row.source_id).toMatch(/^node\/\d+$/);
      expect(row.tags).toEqual(
        expect.arrayContaining([row.business_type, 'OpenStreetMap', 'Auto-imported']),
      );
      expect(row.city).toBeTruthy();
      expect(Number(row.latitude)).toBeGreaterThan(6.36);
    }
    expect(rows.find((r) => r.business_name === 'Makoko R/A Taxi Park')!.source_id).toBe(
      'node/4313425389',
    );
  });

  it("committing again imports nothing: every row 'Already imported'", async () => {
    const res = await csvImport(file, true);
    expect(res.body).toMatchObject({ format: 'osm', imported: 0, valid: 0, invalid: 4 });
    for (const row of res.body.rows) expect(row.errors).toEqual(['Already imported']);
    expect(
      await handle.db
        .selectFrom('business_registrations')
        .select('id')
        .where('source', '=', 'openstreetmap')
        .execute(),
    ).toHaveLength(4);
  });
});
