import type { Config } from '@netlify/functions';
import { sharedDatabase } from '../../functions/_lib/db.ts';
import { log } from '../../functions/_lib/log.ts';
import { fireBuildHookIfDirty } from '../../functions/site/rebuild.ts';

/**
 * Scheduled every minute: fires NETLIFY_BUILD_HOOK_URL when requestRebuild() marked the site
 * dirty since the last run. Netlify does not debounce build hooks; this does (DESIGN.md).
 */
export default async function rebuildSite(): Promise<void> {
  const hook = process.env.NETLIFY_BUILD_HOOK_URL;
  if (!hook) {
    log.warn('NETLIFY_BUILD_HOOK_URL is not set; pre-rendered pages will not be rebuilt');
    return;
  }
  await fireBuildHookIfDirty((await sharedDatabase()).db, hook);
}

export const config: Config = { schedule: '* * * * *' };
