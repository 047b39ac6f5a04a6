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

/**
 * Netlify side of the debounce: when the site is marked dirty, POSTs the build hook once and
 * clears the flag. If the hook call fails, the flag is set again so the next run retries.
 * @returns the reason that triggered a build, or null when nothing was pending.
 */
export async function fireBuildHookIfDirty(
  db: Kysely<Database>,
  hookUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  const reason = await takeRebuildRequest(db);
  if (!reason) return null;
  try {
    const url = new URL(hookUrl);
    url.searchParams.set('trigger_title', `Data changed: ${reason}`.slice(0, 120));
    const response = await fetchImpl(url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    if (!response.ok) throw new Error(`build hook answered HTTP ${response.status}`);
    log.info('build hook fired', { reason });
    return reason;
  } catch (error) {
    await requestRebuild(db, reason);
    log.error('build hook failed; will retry', { reason, error: String(error) });
    throw error;
  }
}
