import { purgeCache } from '@netlify/functions';
import { env, inNetlifyFunction } from '../functions/_lib/env.ts';
import { log } from '../functions/_lib/log.ts';

/**
 * Purges Netlify's CDN by cache tag after a write (ADR 011, ADR 017): the API function's
 * `invalidate`. `purgeCache` from @netlify/functions POSTs
 * `{"cache_tags":[…],"site_id":SITE_ID}` to `<NETLIFY_API_URL or https://api.netlify.com>/api/v1/purge`
 * with `Authorization: Bearer NETLIFY_PURGE_API_TOKEN` (both variables are set by Netlify's
 * functions runtime). Outside a Netlify function no CDN caches our pages, so nothing is sent.
 * @throws Error when the purge API answers a non-2xx status or the token/site id is missing; the
 *   caller (request-context `invalidate`) logs it and keeps the write.
 */
export async function purgeNetlifyCdn(tags: readonly string[]): Promise<void> {
  if (tags.length === 0 || !inNetlifyFunction()) return;
  const apiURL = env('NETLIFY_API_URL');
  await purgeCache({ tags: [...tags], ...(apiURL ? { apiURL: apiURL.replace(/\/$/, '') } : {}) });
  log.info('cdn purged', { tags });
}
