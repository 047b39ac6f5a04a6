import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Service cards (SPEC §2 Service Card Management, §4, §7 service_cards), with the cached pages
 * they purge (ADR 011).
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];

const AS = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  await signInAdmin(handle.db, call, { email: 'editor@example.com', password: 'editor-pass-1' });
});
afterAll(() => handle?.close());
beforeEach(() => {
  api.purges.length = 0;
});

describe('service cards', () => {
  const titles = ['Car Dealers', 'Parts', 'Mechanic', 'Body Work'];
  const types = [
    'Car Dealership / Sales',
    'Auto Parts & Accessories',
    'Mechanic / Repair Services',
    'Body Work & Paint',
  ];
  let ids: string[];

  const orderOf = async () => {
    const rows = await handle.db
      .selectFrom('service_cards')
      .select(['id', 'display_order'])
      .execute();
    return Object.fromEntries(rows.map((r) => [r.id, r.display_order]));
  };
  const adminCards = async () =>
    (await call('/api/admin/service-cards', AS)).body.serviceCards as Record<string, unknown>[];

  beforeAll(async () => {
    const rows = await handle.db
      .insertInto('service_cards')
      .values(
        titles.map((title, i) => ({
          title,
          description: `${title} in Lagos`,
          button_text: `Browse ${title}`,
          business_type: types[i]!,
          route_path: `/${title.toLowerCase().replace(/ /g, '-')}`,
          enabled: true,
          display_order: (i + 1) * 10,
        })),
      )
      .returning('id')
      .execute();
    ids = rows.map((r) => r.id);
    // Two approved mechanics (one by services text, one by tag), one pending that must not count.
    await insertBusiness(handle.db, {
      status: 'approved',
      business_type: 'Mechanic / Repair Services',
      tags: [],
    });
    await insertBusiness(handle.db, {
      status: 'approved',
      business_type: 'Tyre Services',
      services: 'Tyres',
      tags: ['Mechanic / Repair Services'],
    });
    await insertBusiness(handle.db, {
      status: 'approved',
      business_type: 'Car Dealership / Sales',
      services: 'Sales',
      tags: [],
    });
    await insertBusiness(handle.db, {
      status: 'pending',
      business_type: 'Mechanic / Repair Services',
    });
  });

  it('GET /api/admin/service-cards lists all cards by order with business_count', async () => {
    const cards = await adminCards();
    expect(cards.map((c) => c.title)).toEqual(titles);
    expect(Object.fromEntries(cards.map((c) => [c.title, c.business_count]))).toEqual({
      'Car Dealers': 1,
      Parts: 0,
      Mechanic: 2,
      'Body Work': 0,
    });
    expect(cards[0]).toMatchObject({
      description: 'Car Dealers in Lagos',
      button_text: 'Browse Car Dealers',
      enabled: true,
      route_path: '/car-dealers',
      display_order: 10,
    });
  });

  it('PATCH disables and enables a card; the public list hides disabled cards', async () => {
    const off = await call(`/api/admin/service-cards/${ids[1]}`, {
      method: 'PATCH',
      json: { enabled: false },
      ...AS,
    });
    expect(off.status).toBe(200);
    expect(off.body.serviceCard).toMatchObject({ id: ids[1], enabled: false, title: 'Parts' });
    expect(api.purges).toEqual([['home']]);

    const pub = (await call('/api/service-cards')).body.serviceCards as {
      title: string;
      business_count: number;
    }[];
    expect(pub.map((c) => c.title)).toEqual(['Car Dealers', 'Mechanic', 'Body Work']);
    expect(pub.find((c) => c.title === 'Mechanic')!.business_count).toBe(2);
    expect((await adminCards()).map((c) => c.title)).toEqual(titles);

    const on = await call(`/api/admin/service-cards/${ids[1]}`, {
      method: 'PATCH',
      json: { enabled: true },
      ...AS,
    });
    expect(on.body.serviceCard.enabled).toBe(true);
    expect(
      ((await call('/api/service-cards')).body.serviceCards as { title: string }[]).map(
        (c) => c.title,
      ),
    ).toEqual(titles);
  });

  it('PATCH edits title, description and button text', async () => {
    const { status, body } = await call(`/api/admin/service-cards/${ids[3]}`, {
      method: 'PATCH',
      json: {
        title: '  Panel Beaters ',
        description: 'Dents and paint',
        button_text: 'Find panel beaters',
      },
      ...AS,
    });
    expect(status).toBe(200);
    expect(body.serviceCard).toMatchObject({
      title: 'Panel Beaters',
      description: 'Dents and paint',
      button_text: 'Find panel beaters',
      enabled: true,
      business_type: 'Body Work & Paint',
    });
    const stored = await handle.db
      .selectFrom('service_cards')
      .selectAll()
      .where('id', '=', ids[3]!)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe('Panel Beaters');
    titles[3] = 'Panel Beaters';

    const empty = await call(`/api/admin/service-cards/${ids[3]}`, {
      method: 'PATCH',
      json: { title: '' },
      ...AS,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('Title is required');
    expect(
      (await call(`/api/admin/service-cards/${ids[3]}`, { method: 'PATCH', json: {}, ...AS }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(`/api/admin/service-cards/${UNKNOWN_ID}`, {
          method: 'PATCH',
          json: { enabled: false },
          ...AS,
        })
      ).status,
    ).toBe(404);
  });

  it('PUT /api/admin/service-cards/order renumbers 1..n in list order', async () => {
    const order = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    const { status, body } = await call('/api/admin/service-cards/order', {
      method: 'PUT',
      json: { ids: order },
      ...AS,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    const stored = await orderOf();
    expect(order.map((id) => stored[id])).toEqual([1, 2, 3, 4]);
    expect(api.purges).toEqual([['home']]);
    expect((await adminCards()).map((c) => c.id)).toEqual(order);
    expect(
      ((await call('/api/service-cards')).body.serviceCards as { id: string }[]).map((c) => c.id),
    ).toEqual(order);
  });

  it('an unknown id in the order answers 409 "Failed to update N cards" and changes nothing', async () => {
    const before = await orderOf();
    const order = [ids[0]!, ids[1]!, UNKNOWN_ID];
    const { status, body } = await call('/api/admin/service-cards/order', {
      method: 'PUT',
      json: { ids: order },
      ...AS,
    });
    expect(status).toBe(409);
    expect(body.error.code).toBe('CONFLICT');
    expect(body.error.message).toBe('Failed to update 3 cards');
    expect(await orderOf()).toEqual(before);
    expect(api.purges).toEqual([]);
    expect(
      (await call('/api/admin/service-cards/order', { method: 'PUT', json: { ids: ['x'] }, ...AS }))
        .status,
    ).toBe(422);
  });
});
