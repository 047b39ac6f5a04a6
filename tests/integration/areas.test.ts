import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rederiveAreas } from '../../functions/areas/rederive.ts';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { up as backfillAreas } from '../../functions/db/migrations/2026_11_23_0058_area_backfill.ts';
import { busiestAreas } from '../../functions/directory/directory.service.ts';
import { insertImported } from '../../functions/registrations/registrations.repository.ts';
import { distanceKm } from '../../functions/imports/lagos-areas.ts';
import { editRegistration } from '../../functions/registrations/registrations.service.ts';
import { createRegistration } from '../../functions/registrations/submission/submission.service.ts';
import { areaByName } from '../../common/config/lagos-areas.ts';
import { BusinessRegistrationSchema } from '../../common/schemas/forms.ts';
import type { NearbyPage } from '../../common/schemas/nearby.ts';
import { buildBusiness, insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 16.4/16.5 (ADR 020): areas derived on every write and by the backfill, the area filter of
 * the directory and search APIs, and near me, on PGlite and native PostgreSQL.
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

const areaOf = async (id: string) =>
  (
    await handle.db
      .selectFrom('business_registrations')
      .select('area')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).area;

describe('area on write', () => {
  it('derives the area of a registration from its address, of an import from its coordinates', async () => {
    const { id } = await createRegistration(
      handle.db,
      BusinessRegistrationSchema.parse({
        businessName: 'Allen Avenue Autos',
        serviceCategories: ['Mechanic / Repair Services'],
        serviceTags: [],
        email: 'allen@example.com',
        phone: '08012345678',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        description: 'Engine work.',
        services: 'Engine repair',
        contactVisibility: 'public',
      }),
    );
    expect(await areaOf(id)).toBe('Ikeja');

    const yaba = areaByName('Yaba')!;
    const imported = await insertImported(
      handle.db,
      buildBusiness({
        address: null,
        city: 'Lagos',
        latitude: yaba.lat + 0.003,
        longitude: yaba.lon,
        source: 'test',
        source_id: 'yaba-1',
      }),
    );
    expect(await areaOf(imported!)).toBe('Yaba');
    const nowhere = await insertImported(
      handle.db,
      buildBusiness({ address: null, city: 'Lagos', source: 'test', source_id: 'none-1' }),
    );
    expect(await areaOf(nowhere!)).toBeNull();
  });

  it('admin edit: a chosen area wins, "" derives again, a moved address derives again, else kept', async () => {
    const row = await insertBusiness(handle.db, {
      address: '3 Ladipo Street',
      city: 'Mushin',
      area: 'Mushin',
    });
    const edit = {
      business_name: row.business_name,
      phone: row.phone!,
      display_name: null,
      email: row.email,
      address: row.address,
      city: row.city,
      state: row.state,
      website: null,
      description: null,
      services: null,
      business_categories: [],
      additional_tags: [],
      contact_visibility: 'public' as const,
    };
    expect(
      (await editRegistration(handle.db, row.id, { ...edit, area: 'Ilupeju' })).after.area,
    ).toBe('Ilupeju');
    // Unchanged address, no area in the edit: kept.
    expect((await editRegistration(handle.db, row.id, edit)).after.area).toBe('Ilupeju');
    // Asked to derive again.
    expect((await editRegistration(handle.db, row.id, { ...edit, area: '' })).after.area).toBe(
      'Mushin',
    );
    // Moved.
    expect(
      (
        await editRegistration(handle.db, row.id, {
          ...edit,
          address: '9 Bode Thomas Street',
          city: 'Lagos',
        })
      ).after.area,
    ).toBe('Surulere');
  });

  it('the backfill fills unknown areas in batches and leaves unmatched rows null', async () => {
    const named = await insertBusiness(handle.db, { address: '4 Road, Festac Town', area: null });
    const wrong = await insertBusiness(handle.db, { city: 'Gbagada', area: 'Not An Area' });
    const kept = await insertBusiness(handle.db, { city: 'Yaba', area: 'Ikeja' });
    const none = await insertBusiness(handle.db, { address: null, city: 'Lagos', area: null });
    await backfillAreas(handle.db as never);
    expect(await areaOf(named.id)).toBe('Festac');
    expect(await areaOf(wrong.id)).toBe('Gbagada');
    expect(await areaOf(kept.id)).toBe('Ikeja');
    expect(await areaOf(none.id)).toBeNull();
  });
});

describe('rederiveAreas', () => {
  it('writes only the rows whose derived area changed, and the filter and search see them', async () => {
    const moved = await insertBusiness(handle.db, {
      address: '3 Allen Avenue, Ikeja',
      area: 'Yaba',
    });
    const same = await insertBusiness(handle.db, {
      address: '9 Herbert Macaulay Way, Yaba',
      area: 'Yaba',
    });
    const cleared = await insertBusiness(handle.db, { address: '2 Road, Festac Town', area: null });
    const none = await insertBusiness(handle.db, { address: null, city: 'Lagos', area: null });
    const version = async (id: string) =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text from business_registrations where id = ${id}`.execute(handle.db)
      ).rows[0]!.xmin;
    const sameBefore = await version(same.id);
    const noneBefore = await version(none.id);
    // A read batch of 2 and a bulk threshold of 1: several batches, and the GIN pending-list path.
    const result = await rederiveAreas(handle.db as never, { readBatch: 2, bulkRows: 1 });
    expect(result).toEqual({ read: 4, changed: 2, bulk: true });
    expect(await areaOf(moved.id)).toBe('Ikeja');
    expect(await areaOf(cleared.id)).toBe('Festac');
    // Unchanged rows are not written (same row version).
    expect(await version(same.id)).toBe(sameBefore);
    expect(await version(none.id)).toBe(noneBefore);
    // The GIN indexes are back to fastupdate = off, their pending lists merged.
    const { rows } = await sql<{ options: string | null }>`
      select array_to_string(c.reloptions, ',') as options from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indrelid = 'business_registrations'::regclass and am.amname = 'gin'`.execute(
      handle.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.options ?? '').not.toContain('gin_pending_list_limit');
    expect(rows.some((r) => (r.options ?? '').includes('fastupdate=off'))).toBe(true);
    const found = (await call('/api/directory/search?q=motors&area=ikeja')).body as {
      total: number;
    };
    expect(found.total).toBe(1);
    // Nothing left to change: a second run reads and writes nothing.
    expect(await rederiveAreas(handle.db as never)).toEqual({ read: 4, changed: 0, bulk: false });
    // A backfill reads only the unknown areas.
    expect(await rederiveAreas(handle.db as never, { onlyUnknown: true })).toEqual({
      read: 1,
      changed: 0,
      bulk: false,
    });
  });
});

describe('area filter', () => {
  it('GET /api/directory?category&area lists one area by slug or name, 422 for an unknown one', async () => {
    await insertBusiness(handle.db, { business_name: 'Ikeja Fix', area: 'Ikeja' });
    await insertBusiness(handle.db, { business_name: 'Yaba Fix', area: 'Yaba' });
    await insertBusiness(handle.db, { business_name: 'VI Fix', area: 'Victoria Island' });
    await insertBusiness(handle.db, {
      business_name: 'Pending Ikeja',
      area: 'Ikeja',
      status: 'pending',
    });
    const bySlug = await call('/api/directory?category=mechanic&area=ikeja');
    expect(bySlug.status).toBe(200);
    const page = bySlug.body as { businesses: { business_name: string }[]; total: number };
    expect(page.businesses.map((b) => b.business_name)).toEqual(['Ikeja Fix']);
    expect(page.total).toBe(1);
    const vi = (await call('/api/directory?area=victoria-island')).body as typeof page;
    expect(vi.businesses.map((b) => b.business_name)).toEqual(['VI Fix']);
    const byName = (await call('/api/directory?area=Victoria%20Island')).body as typeof page;
    expect(byName.total).toBe(1);
    const unknown = await call('/api/directory?area=atlantis');
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain('Unknown area');
  });

  it('GET /api/directory/search?area keeps only that area', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Tyre Ikeja',
      services: 'Tyre repair',
      area: 'Ikeja',
    });
    await insertBusiness(handle.db, {
      business_name: 'Tyre Yaba',
      services: 'Tyre repair',
      area: 'Yaba',
      city: 'Ikeja',
    });
    const { status, body } = await call('/api/directory/search?q=tyre&area=ikeja');
    expect(status).toBe(200);
    expect(
      (body as { businesses: { business_name: string }[] }).businesses.map((b) => b.business_name),
    ).toEqual(['Tyre Ikeja']);
    expect((await call('/api/directory/search?q=tyre')).body).toMatchObject({ total: 2 });
    expect((await call('/api/directory/search?q=tyre&area=mars')).status).toBe(400);
  });
});

describe('an LGA covers its neighbourhoods', () => {
  it('lists, counts and pages an LGA with the listings derived to its neighbourhoods; a neighbourhood alone', async () => {
    const names = ['Ikeja One', 'Opebi Two', 'Alausa Three', 'Ogba Four', 'Ojodu Five'];
    const areas = ['Ikeja', 'Opebi', 'Alausa', 'Ogba', 'Ojodu'];
    for (const [i, name] of names.entries()) {
      await insertBusiness(handle.db, {
        business_name: name,
        area: areas[i]!,
        created_at: new Date(Date.UTC(2026, 0, 10 - i)),
      });
    }
    await insertBusiness(handle.db, { business_name: 'Yaba Six', area: 'Yaba' });
    await insertBusiness(handle.db, {
      business_name: 'Pending Opebi',
      area: 'Opebi',
      status: 'pending',
    });
    type Page = {
      businesses: { business_name: string }[];
      total: number;
      nextCursor: string | null;
    };
    const all = (await call('/api/directory?category=mechanic&area=ikeja&limit=10')).body as Page;
    expect(all.total).toBe(5);
    expect(all.businesses.map((b) => b.business_name)).toEqual(names);
    // Numbered pages and the cursor walk the same order, each listing once.
    const page2 = (await call('/api/directory?category=mechanic&area=ikeja&limit=2&page=2'))
      .body as Page;
    expect(page2.businesses.map((b) => b.business_name)).toEqual(names.slice(2, 4));
    expect(page2.total).toBe(5);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = (
        await call(`/api/directory?area=ikeja&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).body as Page;
      walked.push(...next.businesses.map((b) => b.business_name));
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toEqual(names);
    const opebi = (await call('/api/directory?area=opebi')).body as Page;
    expect(opebi.businesses.map((b) => b.business_name)).toEqual(['Opebi Two']);
    expect(opebi.total).toBe(1);
  });

  it('search and near me with an LGA include its neighbourhoods', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Tyre Ikeja',
      services: 'Tyre repair',
      area: 'Ikeja',
    });
    await insertBusiness(handle.db, {
      business_name: 'Tyre Opebi',
      services: 'Tyre repair',
      area: 'Opebi',
    });
    await insertBusiness(handle.db, {
      business_name: 'Tyre Yaba',
      services: 'Tyre repair',
      area: 'Yaba',
    });
    const found = (await call('/api/directory/search?q=tyre&area=ikeja')).body as {
      businesses: { business_name: string }[];
    };
    expect(found.businesses.map((b) => b.business_name).sort()).toEqual([
      'Tyre Ikeja',
      'Tyre Opebi',
    ]);
    const near = (await call('/api/directory/near?lat=6.6&lng=3.35&area=ikeja')).body as NearbyPage;
    expect(near.businesses.map((b) => b.business_name).sort()).toEqual([
      'Tyre Ikeja',
      'Tyre Opebi',
    ]);
    const opebi = (await call('/api/directory/near?lat=6.6&lng=3.35&area=opebi'))
      .body as NearbyPage;
    expect(opebi.businesses.map((b) => b.business_name)).toEqual(['Tyre Opebi']);
  });

  it("the busiest areas count an LGA with its neighbourhoods, each count its page's total", async () => {
    for (const area of ['Opebi', 'Opebi', 'Alausa', 'Yaba', 'Yaba', 'Yaba']) {
      await insertBusiness(handle.db, { area });
    }
    expect(await busiestAreas(handle.db, 'mechanic', 3)).toEqual([
      { area: 'Ikeja', count: 3 },
      { area: 'Lagos Mainland', count: 3 },
      { area: 'Yaba', count: 3 },
    ]);
    expect(await busiestAreas(handle.db, 'mechanic', 12)).toContainEqual({
      area: 'Opebi',
      count: 2,
    });
  });
});

describe('GET /api/directory/near', () => {
  const origin = { lat: 6.6018, lng: 3.3515 }; // Ikeja
  const near = (params: Record<string, string | number>) =>
    call(
      `/api/directory/near?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    );

  it('orders by distance with km to one decimal, places unplaced and protected listings at their area centre', async () => {
    const a = await insertBusiness(handle.db, {
      business_name: 'Close',
      latitude: 6.605,
      longitude: 3.352,
      area: 'Ikeja',
    });
    await insertBusiness(handle.db, {
      business_name: 'Far',
      latitude: 6.4281,
      longitude: 3.4219,
      area: 'Victoria Island',
    });
    await insertBusiness(handle.db, {
      business_name: 'Yaba no coords',
      latitude: null,
      longitude: null,
      area: 'Yaba',
    });
    await insertBusiness(handle.db, {
      business_name: 'Protected Ogba',
      latitude: 6.6019,
      longitude: 3.3516,
      area: 'Ogba',
      contact_visibility: 'registered_users_only',
    });
    await insertBusiness(handle.db, {
      business_name: 'Nowhere',
      latitude: null,
      longitude: null,
      area: null,
    });
    await insertBusiness(handle.db, {
      business_name: 'Pending',
      latitude: 6.6018,
      longitude: 3.3515,
      status: 'pending',
    });
    const response = await near(origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = response.body as NearbyPage;
    expect(page.businesses.map((b) => b.business_name)).toEqual([
      'Close',
      'Protected Ogba',
      'Yaba no coords',
      'Far',
    ]);
    const [close, ogba, yaba] = page.businesses;
    expect(close!.distance_km).toBe(
      Math.round(distanceKm(origin.lat, origin.lng, 6.605, 3.352) * 10) / 10,
    );
    expect(close!.distance_from_area).toBe(false);
    expect(close!.id).toBe(a.id);
    // The protected listing's own position (10 m away) is never used or shown.
    const ogbaCentre = areaByName('Ogba')!;
    expect(ogba!.distance_from_area).toBe(true);
    expect(ogba!.distance_km).toBe(
      Math.round(distanceKm(origin.lat, origin.lng, ogbaCentre.lat, ogbaCentre.lon) * 10) / 10,
    );
    expect(ogba!.latitude).toBeNull();
    expect(yaba!.distance_from_area).toBe(true);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor through every listing once, nearest first, within category and area', async () => {
    for (let i = 0; i < 23; i += 1) {
      await insertBusiness(handle.db, {
        business_name: `Spot ${i}`,
        latitude: 6.6 + (i % 5) * 0.01 - 0.02,
        longitude: 3.35 + Math.floor(i / 5) * 0.02,
        area: i % 2 ? 'Ikeja' : 'Ogba',
      });
    }
    await insertBusiness(handle.db, {
      business_name: 'Parts shop',
      business_type: 'Auto Parts & Accessories',
      business_categories: ['Auto Parts & Accessories'],
      tags: ['Auto Parts & Accessories'],
      services: 'Spare parts',
      latitude: 6.6018,
      longitude: 3.3515,
    });
    const seen: NearbyPage['businesses'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: NearbyPage = (
        await near({ ...origin, category: 'mechanic', limit: 5, ...(cursor ? { cursor } : {}) })
      ).body as NearbyPage;
      seen.push(...page.businesses);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((b) => b.id)).size).toBe(23);
    const km = seen.map((b) => b.distance_km);
    expect(km).toEqual([...km].sort((x, y) => x - y));
    const ogba = (await near({ ...origin, category: 'mechanic', area: 'ogba', limit: 100 }))
      .body as NearbyPage;
    expect(ogba.businesses).toHaveLength(12);
    expect(ogba.businesses.every((b) => b.area === 'Ogba')).toBe(true);
    // The Ikeja LGA covers its neighbourhood Ogba.
    const ikeja = (await near({ ...origin, category: 'mechanic', area: 'ikeja', limit: 100 }))
      .body as NearbyPage;
    expect(ikeja.businesses).toHaveLength(23);
  });

  it('refuses positions outside Lagos, bad numbers, big limits and forged cursors', async () => {
    const abuja = await near({ lat: 9.0765, lng: 7.3986 });
    expect(abuja.status).toBe(422);
    expect(JSON.stringify(abuja.body)).toContain('Near me works for places in and around Lagos.');
    expect((await near({ lat: 'x', lng: 3.3 })).status).toBe(422);
    expect((await call('/api/directory/near?lng=3.3')).status).toBe(422);
    expect((await near({ ...origin, limit: 101 })).status).toBe(422);
    expect((await near({ ...origin, cursor: 'bm9wZQ' })).status).toBe(400);
  });
});
