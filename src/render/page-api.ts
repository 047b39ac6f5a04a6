import { sharedDatabase } from '../../functions/_lib/db.ts';
import { createApi, type ApiFunction } from '../../functions/router.ts';
import { purgeNetlifyCdn } from '../../netlify/purge.ts';

let hostless: ApiFunction | undefined;

/**
 * The function layer as the pages call it in-process (the `/api` mount, and forms posted without
 * JavaScript: src/render/form-post.ts). The local server passes its own API in `locals` (its
 * writes purge its page cache, ADR 011); on Netlify and in `astro dev` one API per process is
 * built here, whose writes purge Netlify's CDN by tag inside a Netlify function.
 */
export function pageApi(locals: App.Locals): ApiFunction {
  return (
    locals.api ??
    (hostless ??= createApi({
      db: async () => (await sharedDatabase()).db,
      invalidate: purgeNetlifyCdn,
    }))
  );
}
