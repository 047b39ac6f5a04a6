import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  inspectBundle,
  inspectBundles,
  MAX_SSR_ZIP_BYTES,
  MAX_ZIP_BYTES,
  reportLines,
} from './check.mjs';

/** What a good SSR bundle holds (paths as zip-it-and-ship-it writes them). */
const GOOD_SSR: Record<string, string> = {
  'ssr.mjs': 'export default () => {}',
  '.netlify/build/entry.mjs': 'export {}',
  'node_modules/satori/package.json': '{}',
  'node_modules/@resvg/resvg-js-linux-x64-gnu/resvgjs.linux-x64-gnu.node': 'addon',
  'node_modules/@fontsource/inter/files/inter-latin-400-normal.woff': 'font',
  'node_modules/@fontsource/inter/files/inter-latin-700-normal.woff': 'font',
  'node_modules/pg/package.json': '{}',
  'node_modules/@neondatabase/serverless/package.json': '{}',
};

function zip(dir: string, name: string, files: Record<string, string | Uint8Array>): string {
  const file = path.join(dir, name);
  const entries = Object.fromEntries(
    Object.entries(files).map(([entry, data]) => [
      entry,
      [typeof data === 'string' ? new TextEncoder().encode(data) : data, { level: 0 }] as const,
    ]),
  );
  writeFileSync(file, zipSync(entries as never));
  return file;
}

const dir = () => mkdtempSync(path.join(tmpdir(), 'lagos-bundles-'));

describe('function bundle check (netlify/plugins/function-bundles)', () => {
  it('passes a bundle with what on-demand pages need, and reports its size and files', () => {
    const report = inspectBundle(zip(dir(), 'ssr.zip', GOOD_SSR));
    expect(report.problems).toEqual([]);
    expect(report.files).toBe(Object.keys(GOOD_SSR).length);
    expect(report.largest.map((entry) => entry.name)).toContain('@resvg/resvg-js-linux-x64-gnu');
    expect(reportLines([report])[0]).toMatch(
      /^ssr\.zip: 0\.0 MB zipped \(budget 10\.0 MB\), 8 files/,
    );
  });

  it.each([
    ['node_modules/@electric-sql/pglite/dist/pglite.wasm', 'PGlite (@electric-sql)'],
    ['.data/pglite/PG_VERSION', 'local data (.data/)'],
    ['tests/integration/x.test.ts', 'tests (tests/)'],
    ['content/articles/a.md', 'seed content (content/)'],
  ])('refuses %s', (entry, what) => {
    const report = inspectBundle(zip(dir(), 'ssr.zip', { ...GOOD_SSR, [entry]: 'x' }));
    expect(report.problems).toEqual([expect.stringContaining(`contains ${what}`)]);
  });

  it('refuses an SSR bundle without the fonts the Open Graph images read', () => {
    const files = { ...GOOD_SSR };
    delete files['node_modules/@fontsource/inter/files/inter-latin-700-normal.woff'];
    expect(inspectBundle(zip(dir(), 'ssr.zip', files)).problems).toEqual([
      'ssr.zip lacks Inter 700 (woff), which on-demand pages need at run time',
    ]);
  });

  it('refuses an SSR zip over 10 MB (issue 34.4), another function’s over 20 MB', () => {
    const big = randomBytes(MAX_SSR_ZIP_BYTES + 1024);
    const problems = inspectBundle(zip(dir(), 'ssr.zip', { ...GOOD_SSR, 'big.bin': big })).problems;
    expect(problems).toEqual([
      expect.stringMatching(/^ssr\.zip is 10\.0 MB, over the 10\.0 MB budget$/),
    ]);
    expect(inspectBundle(zip(dir(), 'other.zip', { 'big.bin': big })).problems).toEqual([]);
    const bigger = randomBytes(MAX_ZIP_BYTES + 1024);
    expect(inspectBundle(zip(dir(), 'other.zip', { 'big.bin': bigger })).problems).toEqual([
      expect.stringMatching(/^other\.zip is 20\.0 MB, over the 20\.0 MB budget$/),
    ]);
  });

  const PIPELINE = {
    'node_modules/sharp/package.json': '{}',
    'node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node': 'addon',
    'node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7': 'lib',
    'node_modules/heic-decode/package.json': '{}',
    'node_modules/libheif-js/package.json': '{}',
  };

  it('refuses the photo pipeline in the SSR function (ADR 056)', () => {
    const problems = inspectBundle(
      zip(dir(), 'ssr.zip', {
        ...GOOD_SSR,
        'node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7': 'lib',
      }),
    ).problems;
    expect(problems).toEqual([
      'ssr.zip contains libvips: photos are processed in photo-processing (ADR 056)',
    ]);
  });

  it('requires the whole pipeline in the photo function', () => {
    expect(inspectBundle(zip(dir(), 'photo-processing.zip', PIPELINE)).problems).toEqual([]);
    const files: Record<string, string> = { ...PIPELINE };
    delete files['node_modules/libheif-js/package.json'];
    expect(inspectBundle(zip(dir(), 'photo-processing.zip', files)).problems).toEqual([
      'photo-processing.zip lacks libheif (libheif-js), which processing a photo needs at run time',
    ]);
  });

  it('checks every zip of the folder; only the SSR function must carry the renderers', () => {
    const folder = dir();
    zip(folder, 'ssr.zip', GOOD_SSR);
    zip(folder, 'other.zip', { 'other.mjs': 'export default () => {}' });
    const reports = inspectBundles(folder);
    expect(reports.map((r) => [r.name, r.problems])).toEqual([
      ['other.zip', []],
      ['ssr.zip', []],
    ]);
  });
});
