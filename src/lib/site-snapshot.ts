import type { SiteSnapshot } from '../../functions/site/site.service.ts';

export type { SiteSnapshot };

let pending: Promise<SiteSnapshot> | undefined;

/**
 * The public data the static pages render, read once per build (DESIGN.md "Rebuilds"):
 * - from `SITE_DATA_URL` (the running local server) when set, so a rebuild never opens the
 *   PGlite directory from a second process;
 * - otherwise straight from the database (Netlify builds on Neon, `npm run build`, `astro dev`).
 * @throws when the server answers an error or the database cannot be opened.
 */
export function loadSiteSnapshot(): Promise<SiteSnapshot> {
  pending ??= readSnapshot();
  return pending;
}

async function readSnapshot(): Promise<SiteSnapshot> {
  const base = process.env.SITE_DATA_URL;
  if (base) {
    const response = await fetch(new URL('/api/site/snapshot', base));
    if (!response.ok) throw new Error(`Site data request failed: HTTP ${response.status}`);
    return (await response.json()) as SiteSnapshot;
  }
  const { getSiteSnapshot } = await import('../../functions/site/site.service.ts');
  if (import.meta.env.DEV) {
    // astro dev: share the process-wide handle with the mounted API.
    const { sharedDatabase } = await import('../../functions/_lib/db.ts');
    pending = undefined; // dev re-reads on every content sync
    return getSiteSnapshot((await sharedDatabase()).db);
  }
  const { openDatabase, prepareEmbedded } = await import('../../functions/_lib/db.ts');
  // A fresh embedded database (npm run build or typecheck on a new clone) is migrated and seeded first.
  const handle = await prepareEmbedded(await openDatabase());
  try {
    return await getSiteSnapshot(handle.db);
  } finally {
    await handle.close();
  }
}
