import type { APIRoute } from 'astro';

/** robots.txt with the sitemap at the canonical address (SITE_URL). */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /bulk-registration',
      'Disallow: /auth',
      '',
      `Sitemap: ${new URL('/sitemap.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
