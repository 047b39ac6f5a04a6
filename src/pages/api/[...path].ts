import type { APIRoute } from 'astro';
import { sharedDatabase } from '../../../functions/_lib/db.ts';
import { createApi } from '../../../functions/router.ts';
import { requestRebuild } from '../../../functions/site/rebuild.ts';

/** The one mount of the function layer in Astro (DESIGN.md "Function layer"). */
export const prerender = false;

const api = createApi({
  db: async () => (await sharedDatabase()).db,
  invalidate: async (tags) => requestRebuild((await sharedDatabase()).db, tags.join(' ')),
});

export const ALL: APIRoute = ({ request }) => api(request);
