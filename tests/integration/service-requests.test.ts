import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin's Find It requests (SPEC §2 Service Requests panel, §4 pending -> handled); the public
 * form is in public-forms.test.ts.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await signInAdmin(handle.db, call, {
    email: 'inbox-admin@example.com',
    password: 'inbox-pass-1',
  });
});
afterAll(() => handle?.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('service requests', () => {
  const insertRequests = () =>
    handle.db
      .insertInto('service_requests')
      .values(
        [3, 1, 2].map((age) => ({
          customer_name: `Customer ${age}`,
          customer_email: `customer${age}@example.com`,
          customer_phone: '0803 555 0101',
          customer_location: 'Yaba',
          services_requested: ['Tyre Services'],
          additional_info: null,
          created_at: minutesAgo(age),
        })),
      )
      .returningAll()
      .execute();

  it('lists newest first, marks handled once (409 the second time), deletes one and clears all', async () => {
    await insertRequests();
    const list = await call('/api/admin/service-requests', AS);
    expect(list.status).toBe(200);
    const requests = list.body.serviceRequests as {
      id: string;
      customer_name: string;
      status: string;
    }[];
    expect(requests.map((r) => r.customer_name)).toEqual([
      'Customer 1',
      'Customer 2',
      'Customer 3',
    ]);
    expect(requests.every((r) => r.status === 'pending')).toBe(true);

    const target = requests[1]!;
    const before = Date.now();
    const handled = await call(`/api/admin/service-requests/${target.id}/handle`, {
      method: 'POST',
      ...AS,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.serviceRequest).toMatchObject({ id: target.id, status: 'handled' });
    const handledAt = new Date(handled.body.serviceRequest.handled_at).getTime();
    expect(handledAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(handledAt).toBeLessThanOrEqual(Date.now() + 5_000);
    const stored = await handle.db
      .selectFrom('service_requests')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('handled');
    expect(stored.handled_at).not.toBeNull();

    const again = await call(`/api/admin/service-requests/${target.id}/handle`, {
      method: 'POST',
      ...AS,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', message: 'Already handled' });
    const storedAgain = await handle.db
      .selectFrom('service_requests')
      .select('handled_at')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(storedAgain.handled_at).toEqual(stored.handled_at);
    expect(
      (await call(`/api/admin/service-requests/${UNKNOWN_ID}/handle`, { method: 'POST', ...AS }))
        .status,
    ).toBe(404);

    // Delete works at any state.
    const deleted = await call(`/api/admin/service-requests/${target.id}`, {
      method: 'DELETE',
      ...AS,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect(
      (await call(`/api/admin/service-requests/${target.id}`, { method: 'DELETE', ...AS })).status,
    ).toBe(404);
    expect(
      (
        (await call('/api/admin/service-requests', AS)).body.serviceRequests as { id: string }[]
      ).map((r) => r.id),
    ).toEqual([requests[0]!.id, requests[2]!.id]);

    const cleared = await call('/api/admin/service-requests', { method: 'DELETE', ...AS });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ deleted: 2 });
    expect((await call('/api/admin/service-requests', AS)).body.serviceRequests).toEqual([]);
    expect(await handle.db.selectFrom('service_requests').select('id').execute()).toEqual([]);
  });
});
