import type { APIRoute } from 'astro';
import { BRAND } from '../render/brand-images';
import { SAVED_PAGE } from '../../common/config/offline';
import { SITE } from '../../common/config/site';

/**
 * The web app manifest (issue 22.5, ADR 030): with it, the brand icons (src/pages/app-icons/)
 * and the service worker, Chromium offers to install the site; it then opens at the home page
 * in its own window, and a long press on its icon offers the saved businesses. Pre-rendered;
 * served as `application/manifest+json`.
 */
const manifest = {
  id: '/',
  name: SITE.name,
  short_name: SITE.shortName,
  description: SITE.description,
  lang: 'en-NG',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // The page background (--c-bg) behind the splash icon, the header's charcoal as the bar.
  background_color: '#f7f7f5',
  theme_color: BRAND.dark,
  icons: [
    { src: '/app-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/app-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/app-icons/maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  shortcuts: [
    {
      name: 'Saved businesses',
      url: SAVED_PAGE,
      icons: [{ src: '/app-icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};

export const GET: APIRoute = () =>
  new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json' },
  });
