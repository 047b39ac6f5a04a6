// @ts-check
/**
 * The Astro adapter of the local server (ADR 011): builds the on-demand pages into one module
 * whose `render(request)` answers a fetch-style Request with a Response, so `server/` serves
 * them with its own page cache (tag purges, compression) exactly as Netlify's CDN serves the
 * Netlify adapter's function. It uses Astro's documented adapter API (setAdapter +
 * `astro/app/entrypoint`); there is no Node server inside.
 * @returns {import('astro').AstroIntegration}
 */
export default function localAdapter() {
  return {
    name: 'lagos-auto-hub/local-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'lagos-auto-hub/local-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.mjs', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            hybridOutput: 'stable',
            staticOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'unsupported',
            envGetSecret: 'stable',
          },
        });
      },
    },
  };
}
