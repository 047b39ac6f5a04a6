import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, TEST_DB, testApi } from '../setup/test-db.ts';

/**
 * The Neon serverless driver for real (the `integration-neon` project runs the whole integration
 * suite on it): Pool mode over WebSockets, through the loopback proxy of tests/setup/neon-proxy.ts
 * to the native server (DESIGN.md "Database", ADR 017).
 */
describe.runIf(TEST_DB === 'neon')('Neon driver', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('serves the public API and keeps protected contacts out of it', async () => {
    expect(handle.kind).toBe('neon');
    await insertBusiness(handle.db, {
      business_name: 'Neon Wired Autos',
      contact_visibility: 'registered_users_only',
      email: 'neon-secret@example.com',
    });
    const { call } = testApi(handle.db);
    const { status, body, text } = await call('/api/directory/search?q=neon%20wired');
    expect(status).toBe(200);
    expect(body.businesses.map((b: { business_name: string }) => b.business_name)).toEqual([
      'Neon Wired Autos',
    ]);
    expect(text).not.toContain('neon-secret@example.com');
  });

  it('runs a transaction and rolls it back on error', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insertBusiness(trx, { business_name: 'Rolled Back Motors' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await handle.db
      .selectFrom('business_registrations')
      .select('id')
      .where('business_name', '=', 'Rolled Back Motors')
      .execute();
    expect(rows).toEqual([]);
  });
});
