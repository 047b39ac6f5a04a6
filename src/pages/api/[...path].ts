import type { APIRoute } from 'astro';
import { sharedDatabase } from '../../../functions/_lib/db.ts';
import { log } from '../../../functions/_lib/log.ts';
import { createApi } from '../../../functions/router.ts';

/** The one mount of the function layer in Astro (DESIGN.md "Function layer"). */
export const prerender = false;

/**
 * Purges the CDN by cache tag on Netlify (ADR 011); elsewhere (astro dev) nothing is cached.
 * Loaded lazily so `astro dev` never needs the Netlify runtime.
 */
async function purge(tags: readonly string[]): Promise<void> {
  if (process.env.NETLIFY !== 'true') return;
  const { purgeCache } = await import('@netlify/functions');
  await purgeCache({ tags: [...tags] });
  log.info('cdn purged', { tags });
}

const api = createApi({
  db: async () => (await sharedDatabase()).db,
  invalidate: purge,
});

export const ALL: APIRoute = ({ request, clientAddress }) => api(request, { clientAddress });
