import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { fromPGlite, PGLITE_EXTENSIONS } from '../../functions/_lib/pglite.ts';
import type { Database } from '../../functions/db/database.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { createApi } from '../../functions/router.ts';

/** Which database the integration project runs on (`TEST_DB`, set per project in vitest.config.ts). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

let template: Promise<PGlite> | undefined;

async function pgliteTemplate(): Promise<PGlite> {
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const handle = fromPGlite(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: handle.pool }) });
  await migrateToLatest(db);
  return pglite;
}

/**
 * A fresh, migrated database for one test file: a clone of a migrated in-memory PGlite, or a
 * new database copied from the migrated template on the native server.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') {
    template ??= pgliteTemplate();
    const clone = (await (await template).clone()) as PGlite;
    const embedded = fromPGlite(clone);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
    return { db, kind: 'pglite', close: async () => { await db.destroy(); await embedded.close(); } };
  }
  const adminUrl = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name} template directory_template`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 5 }) }) });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await db.destroy();
      const cleanup = new pg.Client(adminUrl);
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

/** The API bound to a test database; `rebuilds` records every requestRebuild reason. */
export function testApi(db: Kysely<Database>) {
  const rebuilds: string[] = [];
  const api = createApi({ db: async () => db, requestRebuild: async (reason) => void rebuilds.push(reason) });
  const call = async (path: string, init?: RequestInit) => {
    const response = await api(new Request(`http://localhost${path}`, init));
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return { api, call, rebuilds };
}
