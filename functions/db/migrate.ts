import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { log } from '../_lib/log.ts';
import { migrations } from './migrations/index.ts';

/**
 * Brings the schema to the latest migration.
 * @throws the first migration error (the failed migration is rolled back).
 * @returns the names of the migrations applied now (empty when already current).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Issue 16's migrations (2026_11_23_0050..0059) sort before 0070, which databases already ran:
  // apply such a missing earlier migration instead of refusing the whole run.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  for (const result of results) {
    if (result.status === 'Error')
      log.error('migration failed', { migration: result.migrationName });
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
