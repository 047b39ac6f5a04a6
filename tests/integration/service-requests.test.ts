import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
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

describe('lead alerts (issue 27.4)', () => {
  it("e-mails a claimed listing's owner, lists the lead for them alone, and shows Contacted to the admin", async () => {
    const account = async (as: string) => {
      const json = { email: `${as}@leads.example.com`, password: `${as}-pass-1` };
      expect((await call('/api/auth/sign-up', { method: 'POST', json, as })).status).toBe(201);
      return (await call('/api/auth/session', { as })).body.user.id as string;
    };
    const ownerId = await account('lead-owner');
    await account('lead-stranger');
    const owned = await insertBusiness(handle.db, {
      business_name: 'Owned Tyre Centre',
      email: 'tyres@owned.example.ng',
      business_categories: ['Tyre Services'],
      owner_user_id: ownerId,
    });
    const unclaimed = await insertBusiness(handle.db, {
      business_name: 'Unclaimed Tyres',
      email: 'tyres@unclaimed.example.ng',
      business_categories: ['Tyre Services'],
    });
    const request = await handle.db
      .insertInto('service_requests')
      .values({
        customer_name: 'Kemi Adebayo',
        customer_email: 'kemi@example.ng',
        customer_phone: '+234 803 000 7777',
        customer_location: 'Yaba',
        services_requested: ['Tyre Services'],
        additional_info: 'Two tyres for a Corolla',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const forward = await call(`/api/admin/service-requests/${request.id}/forward`, {
      method: 'POST',
      json: { ids: [owned.id, unclaimed.id] },
      ...AS,
    });
    expect(forward.status).toBe(200);
    expect(forward.body.sent).toBe(2);

    // The owner's account gets the alert; the unclaimed listing's own address is told how to
    // claim it. Neither carries the customer's name, phone or e-mail (issue 36.2).
    const alerts = await handle.db
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'subject', 'text_body'])
      .where('template', '=', 'quote-request-alert')
      .orderBy('to_addresses')
      .execute();
    expect(alerts.map((a) => a.to_addresses)).toEqual([
      ['lead-owner@leads.example.com'],
      ['tyres@unclaimed.example.ng'],
    ]);
    expect(alerts[0]!.subject).toBe('New request for Owned Tyre Centre: Tyre Services in Yaba');
    expect(alerts[0]!.text_body).toContain('/account/business/leads/');
    expect(alerts[1]!.text_body).toContain('Claim this business: http');
    expect(alerts[1]!.text_body).toContain('/account/business/claim/');
    for (const alert of alerts)
      for (const secret of ['Kemi', 'kemi@example.ng', '803 000 7777'])
        expect(alert.text_body).not.toContain(secret);

    const mine = await call('/api/account/leads', { as: 'lead-owner' });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    const [lead] = mine.body.leads;
    expect(lead).toMatchObject({
      business_name: 'Owned Tyre Centre',
      customer_name: null,
      customer_phone: null,
      customer_email: null,
      job: { services_requested: ['Tyre Services'], additional_info: 'Two tyres for a Corolla' },
      contacted_at: null,
      quote: null,
    });
    const theirs = await call('/api/account/leads', { as: 'lead-stranger' });
    expect(theirs.body).toMatchObject({ total: 0, leads: [] });
    expect((await call('/api/account/leads')).status).toBe(401);

    // Only the owner marks it; a repeat changes nothing.
    const contacted = `/api/account/leads/${lead.id}/contacted`;
    expect((await call(contacted, { method: 'POST', as: 'lead-stranger' })).status).toBe(404);
    expect((await call(contacted, { method: 'POST', as: 'lead-owner' })).body).toEqual({
      contacted: true,
    });
    const first = (await call('/api/account/leads', { as: 'lead-owner' })).body.leads[0]
      .contacted_at;
    expect(first).not.toBeNull();
    expect((await call(contacted, { method: 'POST', as: 'lead-owner' })).status).toBe(200);
    expect(
      (await call('/api/account/leads', { as: 'lead-owner' })).body.leads[0].contacted_at,
    ).toBe(first);

    // The admin's forward list shows who did.
    const matches = await call(`/api/admin/service-requests/${request.id}/matches`, AS);
    const byName = Object.fromEntries(
      matches.body.businesses.map((b: { business_name: string; contacted_at: string | null }) => [
        b.business_name,
        b.contacted_at,
      ]),
    );
    expect(byName['Owned Tyre Centre']).toBe(first);
    expect(byName['Unclaimed Tyres']).toBeNull();
    expect(JSON.stringify(matches.body)).not.toContain('lead-owner@leads.example.com');
  });
});
