// @ts-check
/**
 * Server entry of the local adapter (see index.mjs). Bundled by `astro build` as
 * `<outDir>/server/entry.mjs`; the pre-rendered pages sit in `<outDir>/client/`.
 */
import { readFile } from 'node:fs/promises';
import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });
const clientDir = new URL('../client/', import.meta.url);

/** Astro renders a pre-rendered error page from the client folder (404.astro is on demand now). */
/** @param {string} url */
async function prerenderedErrorPage(url) {
  const { pathname } = new URL(url);
  const status = pathname.includes('500') ? 500 : 404;
  for (const file of [`${status}.html`, `${status}/index.html`]) {
    try {
      return new Response(await readFile(new URL(file, clientDir)), {
        status,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    } catch {
      // try the next name
    }
  }
  return new Response(null, { status: 404 });
}

/**
 * Renders the on-demand route matching `request`; when no route matches, Astro's 404 page (on
 * demand, so it logs the unknown route: src/pages/404.astro). Returns undefined when the match is
 * a pre-rendered page (the caller serves static files first, and its own not-found page then).
 * @param {Request} request
 * @param {{ clientAddress?: string, locals?: object }} [options] `locals` become `Astro.locals`.
 * @returns {Promise<Response | undefined>}
 */
export async function render(request, options = {}) {
  const routeData = app.match(request);
  if (routeData?.prerender) return undefined;
  return app.render(request, {
    routeData,
    clientAddress: options.clientAddress,
    locals: options.locals,
    addCookieHeader: true,
    prerenderedErrorPageFetch: prerenderedErrorPage,
  });
}
