import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { SERVICE_WORKER_URL, SHELL_FILES } from '../common/config/offline.ts';
import { BUNDLED_NODE_ENV } from '../functions/_lib/env.ts';

/**
 * The service worker's build step (issue 22.5, ADR 030): after `astro build` has written the
 * client files (local adapter and Netlify alike), bundles src/browser/offline/service-worker.ts
 * with Workbox into `/sw.js` and writes into it the list of files it keeps at install: the
 * shell ({@link SHELL_FILES}, each with a revision, the sha256 of its content, so a new build
 * that changes one replaces it), plus every hashed `/_astro/` script the shell's pages load,
 * followed through their imports (no revision: the name changes with the content), but for
 * the code loaded on a tap only ({@link NOT_PRECACHED}).
 */

const SOURCE = fileURLToPath(new URL('../src/browser/offline/service-worker.ts', import.meta.url));

export interface PrecacheEntry {
  url: string;
  /** Content hash for files whose URL does not change with their content; null for hashed names. */
  revision: string | null;
}

/** The build file of a URL: `/offline/` → `offline/index.html`, `/icons.svg` → `icons.svg`. */
export function fileOfUrl(url: string): string {
  const rel = url.replace(/^\//, '');
  return url.endsWith('/') ? `${rel}index.html` : rel;
}

/**
 * The `/_astro/` files a built page or script refers to: absolute `/_astro/…` URLs (page-script
 * templates, island component and renderer URLs) and, in a script, its sibling chunks
 * (`"./chunk.hash.js"`, static and dynamic imports alike).
 */
export function assetReferences(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\/_astro\/[\w.@~-]+\.(?:js|mjs|css)\b/g)) found.add(match[0]);
  for (const match of text.matchAll(/["'`]\.\/([\w.@~-]+\.(?:js|mjs|css))["'`]/g)) {
    found.add(`/_astro/${match[1]}`);
  }
  return [...found];
}

/**
 * Code loaded on a tap only, never kept at install: the full-size photo viewer (PhotoSwipe,
 * ≈ 17 KB gzip, ADR 043), which the tap replay imports. A first visit would otherwise fetch it
 * for the service worker; offline, a thumbnail's tap opens the photo's own link instead.
 */
export const NOT_PRECACHED = /^\/_astro\/photo-viewer\.[\w-]+\.js$/;

const revisionOf = (content: Buffer) =>
  createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * What the service worker keeps at install, read from the build in `clientDir`.
 * @throws when a shell file or a script it refers to is missing from the build.
 */
export async function precacheEntries(clientDir: string): Promise<PrecacheEntry[]> {
  const entries: PrecacheEntry[] = [];
  const queue: string[] = [];
  for (const url of SHELL_FILES) {
    const content = await readFile(path.join(clientDir, fileOfUrl(url)));
    entries.push({ url, revision: revisionOf(content) });
    if (url.endsWith('/')) queue.push(...assetReferences(content.toString('utf8')));
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url) || NOT_PRECACHED.test(url)) continue;
    seen.add(url);
    const content = await readFile(path.join(clientDir, fileOfUrl(url)), 'utf8');
    entries.push({ url, revision: null });
    queue.push(...assetReferences(content));
  }
  return entries;
}

/** Bundles the service worker with its precache list into `clientDir/sw.js`. */
export async function buildServiceWorker(
  clientDir: string,
): Promise<{ bytes: number; entries: PrecacheEntry[] }> {
  const entries = await precacheEntries(clientDir);
  const result = await build({
    entryPoints: [SOURCE],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'none',
    write: false,
    define: {
      // Workbox's development logging and assertions are left out.
      ...BUNDLED_NODE_ENV,
      __PRECACHE_MANIFEST__: JSON.stringify(entries),
    },
  });
  const code = result.outputFiles[0]!.contents;
  await writeFile(path.join(clientDir, fileOfUrl(SERVICE_WORKER_URL)), code);
  return { bytes: code.length, entries };
}

/** The Astro integration that writes `/sw.js` once the build is done. */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'lagos-auto-hub/service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { bytes, entries } = await buildServiceWorker(fileURLToPath(dir));
        logger.info(
          `Wrote ${SERVICE_WORKER_URL} (${(bytes / 1024).toFixed(1)} KB, keeps ${entries.length} files at install)`,
        );
      },
    },
  };
}
