import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

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

const names = (body: { businesses: { business_name: string }[] }) =>
  body.businesses.map((b) => b.business_name);

describe('GET /api/directory', () => {
  it('lists approved businesses only, featured first by display_order, then newest', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Old plain',
      created_at: '2026-01-01T00:00:00Z',
    });
    await insertBusiness(handle.db, {
      business_name: 'New plain',
      created_at: '2026-03-01T00:00:00Z',
    });
    await insertBusiness(handle.db, {
      business_name: 'Featured two',
      featured: true,
      display_order: 2,
    });
    await insertBusiness(handle.db, {
      business_name: 'Featured one',
      featured: true,
      display_order: 1,
    });
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      await insertBusiness(handle.db, { business_name: `Hidden ${status}`, status });
    }
    const { status, body } = await call('/api/directory');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Featured one', 'Featured two', 'New plain', 'Old plain']);
  });

  it('filters by type over business_type, services and tags, and by location', async () => {
    await insertBusiness(handle.db, {
      business_name: 'By type',
      business_type: 'Body Work & Paint',
      services: 'Paint',
    });
    await insertBusiness(handle.db, {
      business_name: 'By services',
      services: 'Full workshop with body work bay',
    });
    await insertBusiness(handle.db, { business_name: 'By tag', tags: ['Body Work'] });
    await insertBusiness(handle.db, {
      business_name: 'Other',
      business_type: 'Tyre Services',
      services: 'Tyres',
      tags: [],
    });
    await insertBusiness(handle.db, {
      business_name: 'In Lekki',
      business_type: 'Body Work & Paint',
      city: 'Lekki',
    });
    const typed = await call('/api/directory?type=body%20work');
    expect(names(typed.body).sort()).toEqual(['By services', 'By tag', 'By type', 'In Lekki']);
    const located = await call('/api/directory?type=Body%20Work&location=lekki');
    expect(names(located.body)).toEqual(['In Lekki']);
    const all = await call('/api/directory?type=all');
    expect(all.body.businesses).toHaveLength(5);
  });

  it('rejects bad parameters with the error envelope', async () => {
    const { status, body } = await call('/api/directory?limit=0');
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.limit).toBeDefined();
    expect(body.error.requestId).toBeTruthy();
  });
});

describe('GET /api/directory/search (SPEC §7)', () => {
  it('expands synonyms: "panel beating" finds body work', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Oshodi Sprayers',
      business_type: 'Body Work & Paint',
      services: 'Dent removal',
    });
    await insertBusiness(handle.db, {
      business_name: 'Unrelated',
      business_type: 'Tyre Services',
      services: 'Tyres',
      description: 'Tyres only',
    });
    const { body } = await call('/api/directory/search?q=Panel%20beating');
    expect(names(body)).toEqual(['Oshodi Sprayers']);
  });

  it('matches any of the search fields case-insensitively, newest first, approved only', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Alpha',
      description: 'We fix TOYOTA engines',
      created_at: '2026-01-01T00:00:00Z',
    });
    await insertBusiness(handle.db, {
      business_name: 'Bravo',
      general_location: 'Near Toyota bus stop',
      created_at: '2026-02-01T00:00:00Z',
    });
    await insertBusiness(handle.db, {
      business_name: 'Charlie',
      services: 'toyota parts',
      status: 'pending',
    });
    const { body } = await call('/api/directory/search?q=toyota');
    expect(names(body)).toEqual(['Bravo', 'Alpha']);
  });

  it('newest (the spec’s search): treats % and _ literally and never matches a phrase across two fields', async () => {
    await insertBusiness(handle.db, { business_name: 'Percent', description: 'Save 50% today' });
    await insertBusiness(handle.db, { business_name: 'Plain', description: 'Nothing special' });
    expect(names((await call('/api/directory/search?sort=newest&q=50%25')).body)).toEqual([
      'Percent',
    ]);
    expect(names((await call('/api/directory/search?sort=newest&q=%25')).body)).toEqual([
      'Percent',
    ]);
    expect(names((await call('/api/directory/search?sort=newest&q=_')).body)).toEqual([]);
    // Every word may match its own field (issue 11), but a multi-word synonym is one phrase.
    await insertBusiness(handle.db, {
      business_name: 'Split Spare',
      city: 'Ikeja',
      state: 'Lagos',
      description: 'Parts and more',
      services: 'Oil',
    });
    expect(names((await call('/api/directory/search?sort=newest&q=ikeja%0Aoil')).body)).toEqual([
      'Split Spare',
    ]);
    expect(names((await call('/api/directory/search?sort=newest&q=spare%20parts')).body)).toEqual(
      [],
    );
  });

  it('applies the type and location filters to the matches', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Garage Ikeja',
      services: 'garage',
      city: 'Ikeja',
      business_type: 'Mechanic / Repair Services',
    });
    await insertBusiness(handle.db, {
      business_name: 'Garage Yaba',
      services: 'garage',
      city: 'Yaba',
      business_type: 'Mechanic / Repair Services',
    });
    await insertBusiness(handle.db, {
      business_name: 'Garage Parts',
      services: 'garage',
      city: 'Ikeja',
      business_type: 'Auto Parts & Accessories',
      tags: [],
    });
    const { body } = await call('/api/directory/search?q=workshop&type=mechanic&location=ikeja');
    expect(names(body)).toEqual(['Garage Ikeja']);
  });

  it('returns nothing for a blank query', async () => {
    await insertBusiness(handle.db);
    expect((await call('/api/directory/search?q=%20%20')).body.businesses).toEqual([]);
  });
});

describe('contact protection in every public output', () => {
  it('removes e-mail, phone, WhatsApp, address and coordinates of registered_users_only listings', async () => {
    const secret = await insertBusiness(handle.db, {
      business_name: 'Secretive Autos',
      email: 'hidden-owner@example.com',
      phone: '+234 809 999 1234',
      whatsapp: '+234 809 999 1234',
      address: '77 Hidden Close',
      latitude: 6.5,
      longitude: 3.4,
      featured: true,
      display_order: 1,
      contact_visibility: 'registered_users_only',
    });
    const open = await insertBusiness(handle.db, {
      business_name: 'Open Autos',
      email: 'open@example.com',
      contact_visibility: 'public',
    });
    const responses = await Promise.all([
      call('/api/directory'),
      call('/api/directory/search?q=autos'),
      call('/api/directory/featured'),
      call(`/api/listings/${secret.id}`),
      call('/api/directory?category=mechanic&page=1'),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(200);
      for (const leaked of [
        'hidden-owner@example.com',
        '809 999 1234',
        '8099991234',
        '77 Hidden Close',
      ]) {
        expect(response.text).not.toContain(leaked);
      }
    }
    const one = responses[3]!.body.business;
    expect(one).toMatchObject({
      email: null,
      phone: null,
      whatsapp: null,
      address: null,
      latitude: null,
      contact_protected: true,
    });
    const list = responses[0]!.body.businesses;
    expect(list.find((b: { id: string }) => b.id === open.id)).toMatchObject({
      email: 'open@example.com',
      contact_protected: false,
    });
  });
});

describe('GET /api/listings/:id and /featured', () => {
  it('answers 404 for unknown or unapproved ids and 422 for malformed ones', async () => {
    const pending = await insertBusiness(handle.db, { status: 'pending' });
    expect((await call(`/api/listings/${pending.id}`)).status).toBe(404);
    expect(
      (await call('/api/directory/00000000-0000-4000-8000-000000000000')).body.error.code,
    ).toBe('NOT_FOUND');
    expect((await call('/api/directory/not-a-uuid')).status).toBe(422);
  });

  it('lists featured listings by display_order', async () => {
    await insertBusiness(handle.db, { business_name: 'Third', featured: true, display_order: 3 });
    await insertBusiness(handle.db, { business_name: 'First', featured: true, display_order: 1 });
    await insertBusiness(handle.db, { business_name: 'Not featured' });
    expect(names((await call('/api/directory/featured')).body)).toEqual(['First', 'Third']);
  });
});

describe('router', () => {
  it('answers unknown API paths with 404 and wrong methods with 405, in the envelope', async () => {
    const missing = await call('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const wrong = await call('/api/directory', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
