import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { log } from '../_lib/log.ts';

/**
 * Marks the pre-rendered site as stale (DESIGN.md "Rebuilds"). On Netlify the scheduled
 * function `netlify/functions/rebuild-site.mts` fires the build hook when the flag is set,
 * which debounces bursts of changes into one build. The local server injects its own
 * `requestRebuild` that rebuilds in place instead (server/site-builder.ts).
 */
export async function requestRebuild(db: Kysely<Database>, reason: string): Promise<void> {
  await db
    .updateTable('site_build_state')
    .set({ dirty: true, reason, requested_at: new Date() })
    .where('id', '=', 1)
    .execute();
  log.info('site rebuild requested', { reason });
}

/**
 * Clears the dirty flag and returns the reason if it was set (atomically, so two scheduled
 * runs never both trigger a build), or null when the site is current.
 */
export async function takeRebuildRequest(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .updateTable('site_build_state')
    .set({ dirty: false, triggered_at: new Date() })
    .where('id', '=', 1)
    .where('dirty', '=', true)
    .returning('reason')
    .executeTakeFirst();
  return row ? (row.reason ?? 'unspecified') : null;
}
