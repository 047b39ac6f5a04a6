import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { AppError } from '../../functions/_lib/errors.ts';
import {
  GOOGLE_FIELD_MASK,
  googlePlacesProvider,
  overpassProvider,
  type PlacesProvider,
} from '../../functions/imports/places.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import type { ScrapedBusiness } from '../../common/schemas/imports.ts';
import { insertBusiness } from '../factories/business.ts';
import { start, type FakePlaces } from '../fakes/places.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Bulk import (SPEC §2 Bulk registration, §3 scraped result, §7 scrape + bulk write, §8 toasts'
 * server side): both places providers against a loopback fake in their wire formats, the search
 * API with duplicate hints, and the admin-only bulk register.
 */

let handle: DatabaseHandle;
let fake: FakePlaces;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
let google: PlacesProvider;
let overpass: PlacesProvider;
let current: PlacesProvider;

const MECHANIC = 'Mechanic / Repair Services';
const API_KEY = 'AIza-fake-key-123';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  [handle, fake] = await Promise.all([createTestDatabase(), start(0)]);
  google = googlePlacesProvider({ apiKey: API_KEY, baseUrl: fake.baseUrl, timeoutMs: 5000 });
  overpass = overpassProvider({ baseUrl: `${fake.baseUrl}/`, timeoutMs: 5000 });
  current = google;
  api = testApi(handle.db, { places: () => current });
  call = api.call;
  await ensureAdmin(handle.db, { email: 'importer@example.com', password: 'importer-pass-1' });
  expect(
    (
      await call('/api/auth/sign-in', {
        method: 'POST',
        as: 'admin',
        json: { email: 'importer@example.com', password: 'importer-pass-1' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('/api/auth/sign-up', {
        method: 'POST',
        as: 'user',
        json: { email: 'scout@example.com', password: 'scout-pass-1' },
      })
    ).status,
  ).toBe(201);
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});
beforeEach(() => {
  fake.reset();
  current = google;
});

async function providerError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const byName = (list: ScrapedBusiness[]) => Object.fromEntries(list.map((b) => [b.name, b]));

describe('Google Places provider (Text Search, loopback)', () => {
  it('sends the API key, the field mask and the text query', async () => {
    await google.search({ query: 'Toyota', location: 'Ikeja, Lagos', category: MECHANIC });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/places:searchText');
    expect(request!.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request!.headers['x-goog-fieldmask']).toBe(GOOGLE_FIELD_MASK);
    expect(request!.headers['content-type']).toContain('application/json');
    const body = request!.json as { textQuery: string };
    expect(body.textQuery).toContain('Toyota');
    expect(body.textQuery).toContain(MECHANIC);
    expect(body.textQuery).toContain('Ikeja, Lagos');
  });

  it('maps places to the SPEC §7 result shape and drops places without a name', async () => {
    const results = await google.search({
      query: 'mechanic',
      location: 'Lagos, Nigeria',
      category: MECHANIC,
    });
    expect(results.map((r) => r.name)).toEqual([
      'Ikeja Auto Clinic',
      'Yaba Tyre & Battery Centre',
      'Lekki Motors Service Centre',
      'Surulere Auto Electricals',
      'Festac Sparkle Car Wash',
    ]);
    const named = byName(results);
    expect(named['Ikeja Auto Clinic']).toEqual({
      name: 'Ikeja Auto Clinic',
      address: '12 Allen Ave, Ikeja 101233, Lagos, Nigeria',
      phone: '+234 801 234 5678',
      website: 'https://ikejaautoclinic.example.ng/',
      rating: 4.5,
      reviews: 87,
      source: 'google_places',
      source_id: 'ChIJfake-ikeja-auto-clinic',
      latitude: 6.6018,
      longitude: 3.3515,
    });
    // National number when there is no international one; nulls for missing fields.
    expect(named['Lekki Motors Service Centre']).toMatchObject({
      phone: '0803 333 4444',
      website: null,
    });
    expect(named['Surulere Auto Electricals']).toMatchObject({
      phone: null,
      website: null,
      rating: null,
      reviews: null,
    });
  });

  it('403 becomes a 400-class error naming HTTP 403 and the API key', async () => {
    fake.fail(403);
    const error = await providerError(
      google.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain('HTTP 403');
    expect(error.message).toContain('The provided API key is invalid.');
    expect(error.message).toMatch(/API key/);
  });

  it('429 names HTTP 429 and asks to try again later', async () => {
    fake.fail(429);
    const error = await providerError(
      google.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toMatch(/try again/i);
  });

  it('a body that is not JSON is an error; a body without `places` is no results', async () => {
    fake.malformed();
    const error = await providerError(
      google.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/not JSON/);
    fake.reply({});
    await expect(
      google.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    ).resolves.toEqual([]);
    fake.reply({ places: 'nope' });
    expect(
      (await providerError(google.search({ query: 'x', location: 'Lagos', category: MECHANIC })))
        .message,
    ).toBe('Invalid response format');
  });

  it('an unreachable server is a readable error', async () => {
    const dead = googlePlacesProvider({
      apiKey: API_KEY,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    const error = await providerError(
      dead.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    );
    expect(error.message).toMatch(/Google Places could not be reached/);
  });
});

describe('Overpass provider (OpenStreetMap, loopback)', () => {
  it('posts the Overpass QL as the form field `data`', async () => {
    await overpass.search({ query: 'mechanic', location: 'Lagos, Nigeria', category: MECHANIC });
    const [request] = fake.requests;
    expect(request!.path).toBe('/api/interpreter');
    expect(request!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request!.data).toContain('nwr["shop"="car_repair"]');
    expect(request!.data).toContain('(6.36,2.7,6.75,4.36)');
  });

  it('maps elements, skips unnamed and fuel, uses `center` for ways and keeps type/id ids', async () => {
    const results = await overpass.search({
      query: 'mechanic',
      location: 'Lagos, Nigeria',
      category: MECHANIC,
    });
    expect(results.map((r) => r.name).sort()).toEqual([
      'Allen Avenue Motor Works',
      'Ikeja Accident Repair Centre',
      'Ojota Mechanic Village',
    ]);
    const named = byName(results);
    expect(named['Allen Avenue Motor Works']).toEqual({
      name: 'Allen Avenue Motor Works',
      address: '14 Allen Avenue, Ikeja, Lagos',
      phone: '+234 805 111 2233',
      website: 'https://allenmotorworks.example.ng',
      rating: null,
      reviews: null,
      source: 'openstreetmap',
      source_id: 'node/9100000001',
      latitude: 6.6011,
      longitude: 3.3517,
    });
    expect(named['Ojota Mechanic Village']).toMatchObject({
      source_id: 'way/9100000004',
      latitude: 6.5863,
      longitude: 3.3792,
      address: 'Ojota, Lagos',
      phone: null,
    });
    expect(results.some((r) => /Filling Station/.test(r.name))).toBe(false);
  });

  it('reads contact:phone and other categories', async () => {
    const tyres = await overpass.search({
      query: 'tyre',
      location: 'Lagos',
      category: 'Tyre Services',
    });
    expect(tyres).toEqual([
      expect.objectContaining({
        name: 'Surulere Tyre Masters',
        phone: '0807 444 5566',
        source_id: 'node/9100000008',
      }),
    ]);
  });

  it("'Invalid response format' for a body without `elements`; HTTP errors name the status", async () => {
    fake.reply({ version: 0.6, remark: 'nothing' });
    expect(
      (await providerError(overpass.search({ query: 'x', location: 'Lagos', category: MECHANIC })))
        .message,
    ).toBe('Invalid response format');
    fake.fail(429, { remark: 'rate_limited' });
    const error = await providerError(
      overpass.search({ query: 'x', location: 'Lagos', category: MECHANIC }),
    );
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toContain('rate_limited');
    fake.malformed();
    expect(
      (await providerError(overpass.search({ query: 'x', location: 'Lagos', category: MECHANIC })))
        .message,
    ).toMatch(/not JSON/);
  });
});

describe('POST /api/imports/search', () => {
  it('answers a signed-in plain user with businesses, provider and attribution', async () => {
    current = overpass;
    const osm = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: 'mechanic' },
    });
    expect(osm.status).toBe(200);
    expect(osm.body.provider).toBe('openstreetmap');
    expect(osm.body.attribution).toBe('© OpenStreetMap contributors');
    expect(osm.body.businesses).toHaveLength(3);
    for (const b of osm.body.businesses) expect(b).toHaveProperty('duplicate', null);

    current = google;
    const g = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: 'mechanic', location: 'Ikeja', category: 'Auto Electrical' },
    });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({ provider: 'google_places', attribution: null });
    expect(g.body.businesses).toHaveLength(5);
    expect((fake.requests.at(-1)!.json as { textQuery: string }).textQuery).toContain(
      'Auto Electrical',
    );
  });

  it('GET /api/imports/provider names the provider for the banner', async () => {
    current = overpass;
    expect((await call('/api/imports/provider', { as: 'user' })).body).toEqual({
      provider: 'openstreetmap',
      attribution: '© OpenStreetMap contributors',
    });
    current = google;
    expect((await call('/api/imports/provider', { as: 'user' })).body).toEqual({
      provider: 'google_places',
      attribution: null,
    });
  });

  it('refuses visitors (401) and an empty query (422), and does not call the provider', async () => {
    const anonymous = await call('/api/imports/search', {
      method: 'POST',
      json: { query: 'mechanic' },
    });
    expect(anonymous.status).toBe(401);
    const empty = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: '  ' },
    });
    expect(empty.status).toBe(422);
    expect(fake.requests).toHaveLength(0);
  });

  it('passes provider failures on as 400 with the message', async () => {
    fake.fail(403);
    const res = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: 'mechanic' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('HTTP 403');
    expect(res.body.error.message).toContain('API key');
  });

  it('flags likely duplicates: same phone, same website host, similar name in the same city, same source id', async () => {
    const byPhone = await insertBusiness(handle.db, {
      business_name: 'Allen Avenue Garage',
      phone: '0801 234 5678',
      city: 'Ikeja',
      website: null,
    });
    const byWebsite = await insertBusiness(handle.db, {
      business_name: 'Herbert Macaulay Wheels',
      website: 'https://yabatyres.example.ng/contact',
      city: 'Yaba',
    });
    const byName = await insertBusiness(handle.db, {
      business_name: 'Lekki Motors Service Center',
      city: 'Lekki',
      website: null,
    });
    const bySource = await insertBusiness(handle.db, {
      business_name: 'Adeniran Ogunsanya Electrics',
      city: 'Surulere',
      website: null,
      source: 'google_places',
      source_id: 'ChIJfake-surulere-auto-electricals',
    });
    // Similar name but another city: not a duplicate.
    await insertBusiness(handle.db, {
      business_name: 'Festac Sparkle Car Wash',
      city: 'Ikorodu',
      website: null,
    });

    const res = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: 'mechanic' },
    });
    expect(res.status).toBe(200);
    const found = byNameOf(res.body.businesses);
    expect(found['Ikeja Auto Clinic']!.duplicate).toEqual({
      id: byPhone.id,
      business_name: 'Allen Avenue Garage',
      reason: 'same phone number',
    });
    expect(found['Yaba Tyre & Battery Centre']!.duplicate).toEqual({
      id: byWebsite.id,
      business_name: 'Herbert Macaulay Wheels',
      reason: 'same website',
    });
    expect(found['Lekki Motors Service Centre']!.duplicate).toEqual({
      id: byName.id,
      business_name: 'Lekki Motors Service Center',
      reason: 'similar name in the same city',
    });
    expect(found['Surulere Auto Electricals']!.duplicate).toEqual({
      id: bySource.id,
      business_name: 'Adeniran Ogunsanya Electrics',
      reason: 'already imported from the same source',
    });
    expect(found['Festac Sparkle Car Wash']!.duplicate).toBeNull();
  });

  it('matches a WhatsApp number and an E.164 phone stored with spaces', async () => {
    current = overpass;
    const viaWhatsapp = await insertBusiness(handle.db, {
      business_name: 'Obalende Car Care',
      city: 'Obalende',
      phone: null,
      whatsapp: '08051112233',
    });
    const res = await call('/api/imports/search', {
      method: 'POST',
      as: 'user',
      json: { query: 'mechanic' },
    });
    expect(byNameOf(res.body.businesses)['Allen Avenue Motor Works']!.duplicate).toEqual({
      id: viaWhatsapp.id,
      business_name: 'Obalende Car Care',
      reason: 'same phone number',
    });
  });
});

function byNameOf(list: ScrapedBusiness[]) {
  return byName(list);
}

describe('POST /api/admin/imports/register', () => {
  const rowsOf = (source: string, sourceId: string) =>
    handle.db
      .selectFrom('business_registrations')
      .selectAll()
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .execute();

  it('is for admins only: plain users get 403, visitors 401', async () => {
    const [first] = await overpass.search({
      query: 'mechanic',
      location: 'Lagos',
      category: MECHANIC,
    });
    const body = { category: MECHANIC, businesses: [first] };
    expect(
      (await call('/api/admin/imports/register', { method: 'POST', as: 'user', json: body }))
        .status,
    ).toBe(403);
    expect((await call('/api/admin/imports/register', { method: 'POST', json: body })).status).toBe(
      401,
    );
    expect(await rowsOf('openstreetmap', first!.source_id)).toHaveLength(0);
  });

  it("refuses an empty selection with 'No Businesses Selected'", async () => {
    const res = await call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: { category: MECHANIC, businesses: [] },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error)).toContain('No Businesses Selected');
  });

  it('writes pending rows by the SPEC §7 rules (Google results)', async () => {
    const results = await google.search({
      query: 'tyres',
      location: 'Lagos',
      category: 'Tyre Services',
    });
    const chosen = results.filter((r) =>
      ['Yaba Tyre & Battery Centre', 'Lekki Motors Service Centre'].includes(r.name),
    );
    const res = await call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: { category: 'Tyre Services', businesses: chosen },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registered: 2, failed: 0 });
    expect(res.body.results).toEqual([
      { name: 'Yaba Tyre & Battery Centre', ok: true, id: expect.any(String) },
      { name: 'Lekki Motors Service Centre', ok: true, id: expect.any(String) },
    ]);

    const [yaba] = await rowsOf('google_places', 'ChIJfake-yaba-tyre-battery');
    expect(yaba).toMatchObject({
      business_name: 'Yaba Tyre & Battery Centre',
      status: 'pending',
      business_type: 'Tyre Services',
      services: 'Tyre Services services',
      user_created: false,
      user_id: null,
      contact_visibility: 'public',
      city: 'Yaba',
      state: 'Lagos',
      address: '45 Herbert Macaulay Way, Yaba 101245, Lagos, Nigeria',
      phone: '+234 802 000 1111',
      website: 'http://www.yabatyres.example.ng/',
      email: null,
      source: 'google_places',
      source_id: 'ChIJfake-yaba-tyre-battery',
    });
    expect(yaba!.tags).toEqual(
      expect.arrayContaining(['Tyre Services', 'Google Search', 'Auto-imported']),
    );
    expect(yaba!.business_categories).toEqual(['Tyre Services']);
    expect(Number(yaba!.latitude)).toBeCloseTo(6.5095);
    expect(yaba!.slug).toMatch(/^yaba-tyre/);

    const [lekki] = await rowsOf('google_places', 'ChIJfake-lekki-motors');
    expect(lekki).toMatchObject({ city: 'Lekki', state: 'Lagos', status: 'pending' });
  });

  it('labels OpenStreetMap imports and falls back to Lagos for the state', async () => {
    const results = await overpass.search({
      query: 'mechanic',
      location: 'Lagos',
      category: MECHANIC,
    });
    const ojota = results.find((r) => r.name === 'Ojota Mechanic Village')!;
    const res = await call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: { category: MECHANIC, businesses: [ojota] },
    });
    expect(res.body).toMatchObject({ registered: 1, failed: 0 });
    const [row] = await rowsOf('openstreetmap', 'way/9100000004');
    expect(row).toMatchObject({
      business_type: MECHANIC,
      city: 'Ojota',
      state: 'Lagos',
      services: `${MECHANIC} services`,
      status: 'pending',
      user_created: false,
      contact_visibility: 'public',
    });
    expect(row!.tags).toEqual(expect.arrayContaining([MECHANIC, 'OpenStreetMap', 'Auto-imported']));
    expect(row!.tags).not.toContain('Google Search');
  });

  it("refuses the same source id again: 'Already imported', no second row", async () => {
    const results = await overpass.search({
      query: 'mechanic',
      location: 'Lagos',
      category: MECHANIC,
    });
    const allen = results.find((r) => r.name === 'Allen Avenue Motor Works')!;
    const first = await call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: { category: MECHANIC, businesses: [allen] },
    });
    expect(first.body).toMatchObject({ registered: 1, failed: 0 });
    const again = await call('/api/admin/imports/register', {
      method: 'POST',
      as: 'admin',
      json: {
        category: MECHANIC,
        businesses: [allen, { ...allen, name: 'Allen Avenue Motor Works (renamed)' }],
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ registered: 0, failed: 2 });
    expect(again.body.results).toEqual([
      { name: 'Allen Avenue Motor Works', ok: false, error: 'Already imported' },
      { name: 'Allen Avenue Motor Works (renamed)', ok: false, error: 'Already imported' },
    ]);
    expect(await rowsOf('openstreetmap', 'node/9100000001')).toHaveLength(1);

    // ... and a later search flags it.
    current = overpass;
    const search = await call('/api/imports/search', {
      method: 'POST',
      as: 'admin',
      json: { query: 'mechanic' },
    });
    expect(byNameOf(search.body.businesses)['Allen Avenue Motor Works']!.duplicate).toMatchObject({
      reason: 'already imported from the same source',
      id: first.body.results[0].id,
    });
  });

  it('shows the imports as pending in the admin list', async () => {
    const list = await call('/api/admin/listings', { as: 'admin' });
    const pending = list.body.registrations.filter(
      (r: { status: string; source: string | null }) => r.status === 'pending' && r.source !== null,
    );
    expect(pending.map((r: { business_name: string }) => r.business_name).sort()).toEqual(
      [
        'Allen Avenue Motor Works',
        'Lekki Motors Service Centre',
        'Ojota Mechanic Village',
        'Yaba Tyre & Battery Centre',
      ].sort(),
    );
  });
});
