import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { QUOTE_KEY_HEADER } from '../../common/schemas/quotes.ts';
import { accessKeyOf } from '../../functions/service-requests/quotes.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Fair prices (issue 36.6, ADR 080) through the API: a job type's range appears from its fifth
 * quote (the middle half of the totals, widened to the ₦500 round them), follows hidden quotes, is never shown
 * from fewer than five, names no business, and purges the pages that show it.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
const requests: string[] = [];

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  await signInAdmin(handle.db, api.call, {
    email: 'fair-admin@example.com',
    password: 'fair-admin-1',
  });
  const json = { email: 'brakes@owners.example.ng', password: 'brakes-pass-1' };
  expect((await api.call('/api/auth/sign-up', { method: 'POST', json, as: 'owner' })).status).toBe(
    201,
  );
  const owner = (await api.call('/api/auth/session', { as: 'owner' })).body.user.id as string;
  await insertBusiness(handle.db, {
    business_name: 'Ikeja Brake Masters',
    area: 'Ikeja',
    business_categories: ['Mechanic / Repair Services'],
    owner_user_id: owner,
  });
});
afterAll(() => handle?.close());

const prices = async () =>
  (await api.call('/api/fair-prices?category=mechanic')).body.prices as { text: string }[];

async function requestAndQuote(n: number, total: number) {
  const response = await api.call('/api/service-requests', {
    method: 'POST',
    json: {
      name: `Driver ${n}`,
      email: `driver${n}@example.ng`,
      phone: '0803 111 2222',
      location: 'Allen Avenue, Ikeja',
      services: ['Mechanic / Repair Services'],
      job: 'Front brake pads worn, brakes squeal',
      carMake: 'Toyota',
    },
    ip: `198.51.100.${n}`,
  });
  expect(response.status).toBe(201);
  requests.push(response.body.id as string);
  const leads = (await api.call('/api/account/leads', { as: 'owner' })).body.leads as {
    id: string;
    quote: unknown;
  }[];
  const lead = leads.find((l) => l.quote === null)!;
  const quoted = await api.call(`/api/account/leads/${lead.id}/quote`, {
    method: 'POST',
    json: { kind: 'quote', labourNaira: total, parts: [] },
    as: 'owner',
  });
  expect(quoted.status).toBe(200);
}

describe('fair prices (issue 36.6)', () => {
  it('names the job type of a request from its words', async () => {
    await requestAndQuote(1, 10_000);
    const row = await handle.db
      .selectFrom('service_requests')
      .select('job_type')
      .where('id', '=', requests[0]!)
      .executeTakeFirstOrThrow();
    expect(row.job_type).toBe('brake-pads');
  });

  it('shows no range from four quotes, then the middle half from the fifth on', async () => {
    for (const [n, total] of [
      [2, 21_200],
      [3, 30_000],
      [4, 40_100],
    ] as const)
      await requestAndQuote(n, total);
    expect(await prices()).toEqual([]);
    const purgesBefore = api.purges.length;
    await requestAndQuote(5, 52_300);
    expect((await prices()).map((p) => p.text)).toEqual([
      'Brake pads replaced: ₦21,000–₦40,500, from 5 quotes in the last 90 days',
    ]);
    expect(api.purges.slice(purgesBefore).flat()).toContain('fair-prices');
    const stored = await handle.db.selectFrom('fair_prices').selectAll().execute();
    expect(stored.map((r) => r.car_class).sort()).toEqual(['all', 'standard']);
    expect(JSON.stringify(await prices())).not.toContain('Ikeja Brake Masters');
  });

  it("shows the range on the motorist's page of such a request", async () => {
    const id = requests[0]!;
    const view = await api.call(`/api/quote-requests/${id}`, {
      headers: { [QUOTE_KEY_HEADER]: accessKeyOf(id, 0) },
    });
    expect(view.body.fair_price.text).toBe(
      'Brake pads replaced: ₦21,000–₦40,500, from 5 quotes in the last 90 days',
    );
  });

  it('drops the range when a hidden quote leaves fewer than five', async () => {
    const quote = await handle.db
      .selectFrom('quotes')
      .select('id')
      .where('total_naira', '=', 52_300)
      .executeTakeFirstOrThrow();
    const hidden = await api.call(`/api/admin/quotes/${quote.id}/hidden`, {
      method: 'POST',
      json: { value: true },
      as: 'admin',
    });
    expect(hidden.status).toBe(200);
    expect(await prices()).toEqual([]);
    expect(await handle.db.selectFrom('fair_prices').selectAll().execute()).toEqual([]);
  });

  it('refuses an unknown category', async () => {
    expect((await api.call('/api/fair-prices?category=spaceships')).status).toBe(422);
  });
});
