import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGES_CACHE } from '../common/config/offline.ts';
import {
  assetReferences,
  buildServiceWorker,
  fileOfUrl,
  precacheEntries,
} from './service-worker.ts';

describe('the service worker build step (issue 22.5, ADR 030)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sw-build-'));
    await mkdir(path.join(dir, 'offline'));
    await mkdir(path.join(dir, '_astro'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A build's client folder: the offline page and the icon sprite, with a script tree. */
  async function writeBuild(offlineHtml: string, scripts: Record<string, string>) {
    await writeFile(path.join(dir, 'offline', 'index.html'), offlineHtml);
    await writeFile(path.join(dir, 'icons.svg'), '<svg/>');
    for (const [name, code] of Object.entries(scripts)) {
      await writeFile(path.join(dir, '_astro', name), code);
    }
  }

  it('finds the /_astro/ files a page or script refers to', () => {
    expect(
      assetReferences(
        '<template data-page-script="/_astro/Header.astro_astro_type_script_index_0_lang.DCeK7hwj.js"></template>' +
          '<astro-island component-url="/_astro/Saved.B-1_x.js" renderer-url="/_astro/client.Cf88iXea.js">',
      ),
    ).toEqual([
      '/_astro/Header.astro_astro_type_script_index_0_lang.DCeK7hwj.js',
      '/_astro/Saved.B-1_x.js',
      '/_astro/client.Cf88iXea.js',
    ]);
    expect(
      assetReferences(
        'import{i as e}from"./session.uC6W2Oe_.js";import"./side.A1.js";const m=()=>import(`./lazy.B2.js`);',
      ),
    ).toEqual(['/_astro/session.uC6W2Oe_.js', '/_astro/side.A1.js', '/_astro/lazy.B2.js']);
    expect(assetReferences('<a href="/about/">x</a> "./not-js.txt"')).toEqual([]);
    expect(fileOfUrl('/offline/')).toBe('offline/index.html');
    expect(fileOfUrl('/icons.svg')).toBe('icons.svg');
  });

  it('keeps the shell with revisions and every script it loads, followed through imports, once', async () => {
    await writeBuild('<template data-page-script="/_astro/page.A.js"></template>', {
      'page.A.js': 'import"./shared.B.js";import{x}from"./util.C.js";',
      'util.C.js': 'import"./shared.B.js";',
      'shared.B.js': 'export const s=1;',
      'unrelated.D.js': 'export const u=1;',
    });
    const entries = await precacheEntries(dir);
    expect(entries.map((e) => e.url)).toEqual([
      '/offline/',
      '/icons.svg',
      '/_astro/page.A.js',
      '/_astro/shared.B.js',
      '/_astro/util.C.js',
    ]);
    const [offline, icons, ...scripts] = entries;
    expect(offline!.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(icons!.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(scripts.every((e) => e.revision === null)).toBe(true);

    // A changed page gets a new revision, so the installed copy is replaced.
    await writeFile(path.join(dir, 'offline', 'index.html'), '<p>changed</p>');
    const [changed] = await precacheEntries(dir);
    expect(changed!.revision).not.toBe(offline!.revision);
  });

  it('leaves out the photo viewer, code loaded on a tap only (ADR 043)', async () => {
    await writeBuild('<template data-page-script="/_astro/Header.A.js"></template>', {
      'Header.A.js': 'const r=()=>import(`./tap-replay.B.js`);',
      'tap-replay.B.js': 'const v=()=>import(`./photo-viewer.C-d.js`);',
      'photo-viewer.C-d.js': 'export const big=1;',
    });
    expect((await precacheEntries(dir)).map((e) => e.url)).toEqual([
      '/offline/',
      '/icons.svg',
      '/_astro/Header.A.js',
      '/_astro/tap-replay.B.js',
    ]);
  });

  it('fails the build when a file the shell needs is missing', async () => {
    await writeBuild('<template data-page-script="/_astro/gone.A.js"></template>', {});
    await expect(precacheEntries(dir)).rejects.toThrow(/gone\.A\.js/);
  });

  it('writes /sw.js: Workbox bundled, production mode, with the shell list in it', async () => {
    await writeBuild('<template data-page-script="/_astro/page.A.js"></template>', {
      'page.A.js': 'export{};',
    });
    const { bytes, entries } = await buildServiceWorker(dir);
    const code = await readFile(path.join(dir, 'sw.js'), 'utf8');
    expect(code.length).toBe(bytes);
    expect(entries).toHaveLength(3);
    expect(code).toContain('url:"/offline/"');
    expect(code).toContain('url:"/_astro/page.A.js",revision:null');
    expect(code).toContain(PAGES_CACHE);
    // No import left (a classic worker script), no development logging.
    expect(code).not.toMatch(/\bimport\s*[{("']/);
    expect(code).not.toContain('process.env');
    expect(code).not.toContain('%cworkbox');
    expect(bytes).toBeLessThan(40 * 1024);
  });
});
