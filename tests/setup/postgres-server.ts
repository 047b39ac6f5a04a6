import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { startNativePostgres } from './native-postgres.ts';

/**
 * Vitest global setup of the `integration-postgres` project: a throw-away native PostgreSQL
 * server with a migrated template database that each test file copies.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export const TEMPLATE_DB = 'directory_template';

export default async function setup(project: TestProject) {
  const server = await startNativePostgres([TEMPLATE_DB]);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: server.urlOf(TEMPLATE_DB) }),
    }),
  });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgresUrl', server.adminUrl);
  return () => server.stop();
}
