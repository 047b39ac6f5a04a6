import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../functions/_lib/db.ts';
import { DatabaseUnavailableError, databaseState } from '../../functions/_lib/db-resilience.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { checkHealth } from '../../functions/health/health.service.ts';
import { type NativePostgres, startNativePostgres } from '../setup/native-postgres.ts';
import { configureNeon, TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 23.1: a database server that restarts, stops or crashes under an open pool, on
 * node-postgres and on Neon's driver (through the loopback WebSocket proxy). Each run has its
 * own native PostgreSQL, stopped and started here. An `'error'` event nobody handles would end
 * the worker, and Vitest fails the run on it.
 */
describe.runIf(TEST_DB === 'postgres' || TEST_DB === 'neon')(
  `database outage on ${TEST_DB === 'neon' ? "Neon's driver" : 'node-postgres'}`,
  () => {
    let server: NativePostgres;
    let handle: DatabaseHandle;
    let admin: pg.Client | undefined;

    beforeAll(async () => {
      server = await startNativePostgres(['outage']);
      if (TEST_DB === 'neon') await configureNeon();
      handle = await openDatabase({
        url: server.urlOf('outage'),
        driver: TEST_DB === 'neon' ? 'neon' : 'pg',
      });
      await migrateToLatest(handle.db);
    });

    afterAll(async () => {
      await admin?.end().catch(() => undefined);
      await handle?.close();
      await server?.stop();
    });

    /** Ends every other session of the `outage` database (what a restart does to a pool). */
    async function terminateSessions(): Promise<number> {
      admin ??= await (async () => {
        const client = new pg.Client(server.adminUrl);
        // The test's own session dies with the server too: forget it then.
        client.on('error', () => {
          admin = undefined;
        });
        await client.connect();
        return client;
      })();
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = 'outage' and pid <> pg_backend_pid()`,
      );
      return rows.length;
    }

    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom('service_cards')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('keeps serving when the idle connections of the pool are terminated', async () => {
      // Several idle connections in the pool, as under load.
      await Promise.all(
        Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(handle.db)),
      );
      expect(await terminateSessions()).toBeGreaterThan(0);
      // Let the pool see the sockets close.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await count()).toBe(0);
    });

    it('retries a read whose connection is terminated while it runs', async () => {
      const read = sql<{ one: number }>`select pg_sleep(0.5), 1 as one`.execute(handle.db);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await terminateSessions()).toBeGreaterThan(0);
      expect((await read).rows[0]?.one).toBe(1);
    });

    it('runs a transaction again, once, when its connection drops before COMMIT', async () => {
      let attempts = 0;
      await handle.db.transaction().execute(async (trx) => {
        attempts += 1;
        await trx
          .insertInto('service_cards')
          .values({
            title: 'Once',
            button_text: 'Go',
            business_type: 'Parts',
            route_path: '/parts',
          })
          .execute();
        if (attempts === 1) {
          // The server ends this very session mid-transaction: it rolls the insert back.
          await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
        }
      });
      expect(attempts).toBe(2);
      expect(await count()).toBe(1);
    });

    it('answers DATABASE_UNAVAILABLE while the server is down, and recovers without a new pool', async () => {
      await server.halt('immediate');
      const read = await count().catch((error: unknown) => error);
      expect(read).toBeInstanceOf(DatabaseUnavailableError);
      expect((read as DatabaseUnavailableError).status).toBe(503);
      expect((read as DatabaseUnavailableError).headers['retry-after']).toBe('30');
      const write = await handle.db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('service_cards')
            .values({ title: 'Lost', button_text: 'Go', business_type: 'Parts', route_path: '/x' })
            .execute(),
        )
        .catch((error: unknown) => error);
      expect(write).toBeInstanceOf(DatabaseUnavailableError);
      const down = await checkHealth(async () => handle.db);
      expect(down.status).toBe('unavailable');
      expect(down.database.state).toBe('down');
      expect(databaseState().state).toBe('down');

      await server.resume();
      // The test server runs without fsync: what an immediate stop keeps is not the point here.
      const kept = await count();
      await handle.db
        .insertInto('service_cards')
        .values({ title: 'Back', button_text: 'Go', business_type: 'Parts', route_path: '/y' })
        .execute();
      expect(await count()).toBe(kept + 1);
      const up = await checkHealth(async () => handle.db);
      expect(up).toMatchObject({ status: 'ok', database: { state: 'up' } });
      expect(databaseState().state).toBe('up');
    });

    it('survives a fast restart with idle connections in the pool', async () => {
      await Promise.all(
        Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(handle.db)),
      );
      const before = await count();
      await server.halt('fast');
      await server.resume();
      expect(await count()).toBe(before);
    });
  },
);
