import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin's contact messages (SPEC §2 Contacts panel, §4 pending -> handled); the public form is
 * in public-forms.test.ts.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];
let adminId: string;
const AS = { as: 'admin' } as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  adminId = await signInAdmin(handle.db, call, {
    email: 'inbox-admin@example.com',
    password: 'inbox-pass-1',
  });
});
afterAll(() => handle?.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('contacts', () => {
  const insertContacts = () =>
    handle.db
      .insertInto('contacts')
      .values(
        [2, 3, 1].map((age) => ({
          name: `Sender ${age}`,
          email: `sender${age}@example.com`,
          phone: null,
          subject: 'A question about listings',
          message: 'How do I update my business listing?',
          created_at: minutesAgo(age),
        })),
      )
      .returningAll()
      .execute();

  it('lists newest first, records the admin on handle, 409 twice, deletes one and clears all', async () => {
    await insertContacts();
    const list = await call('/api/admin/contacts', AS);
    expect(list.status).toBe(200);
    const contacts = list.body.contacts as {
      id: string;
      name: string;
      status: string;
      handled_by: string | null;
    }[];
    expect(contacts.map((c) => c.name)).toEqual(['Sender 1', 'Sender 2', 'Sender 3']);
    expect(contacts.every((c) => c.status === 'pending' && c.handled_by === null)).toBe(true);

    const target = contacts[0]!;
    const handled = await call(`/api/admin/contacts/${target.id}/handle`, {
      method: 'POST',
      ...AS,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.contact).toMatchObject({
      id: target.id,
      status: 'handled',
      handled_by: adminId,
    });
    expect(handled.body.contact.handled_at).toBeTruthy();
    const stored = await handle.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'handled', handled_by: adminId });
    expect(stored.handled_at).not.toBeNull();

    const again = await call(`/api/admin/contacts/${target.id}/handle`, { method: 'POST', ...AS });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect(
      (await call(`/api/admin/contacts/${UNKNOWN_ID}/handle`, { method: 'POST', ...AS })).status,
    ).toBe(404);
    expect(
      (await call('/api/admin/contacts/not-a-uuid/handle', { method: 'POST', ...AS })).status,
    ).toBe(422);

    const deleted = await call(`/api/admin/contacts/${contacts[2]!.id}`, {
      method: 'DELETE',
      ...AS,
    });
    expect(deleted.status).toBe(200);
    expect(
      ((await call('/api/admin/contacts', AS)).body.contacts as { id: string }[]).map((c) => c.id),
    ).toEqual([target.id, contacts[1]!.id]);
    expect(
      (await call(`/api/admin/contacts/${contacts[2]!.id}`, { method: 'DELETE', ...AS })).status,
    ).toBe(404);

    const cleared = await call('/api/admin/contacts', { method: 'DELETE', ...AS });
    expect(cleared.body).toEqual({ deleted: 2 });
    expect((await call('/api/admin/contacts', AS)).body.contacts).toEqual([]);
  });
});
