// @ts-check
/**
 * What a deployable function bundle (a zip Netlify uploads) may and must contain (issue 14,
 * ADR 017). Used by the build plugin next to this file (every Netlify build, `netlify build` and
 * `netlify serve` alike) and by the tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

/**
 * Netlify's limit for a zipped function is 50 MB; ours is 20 MB, so cold starts stay short. The
 * SSR function, which renders every page, has 10 MB (issue 34.4): the photo pipeline (sharp's
 * native library, libheif) lives in the `photo-processing` function (ADR 056), not in it.
 */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024;
export const MAX_SSR_ZIP_BYTES = 10 * 1024 * 1024;

/** @param {string} name a zip's file name @returns {number} its budget in bytes */
export function zipBudget(name) {
  return name === 'ssr.zip' ? MAX_SSR_ZIP_BYTES : MAX_ZIP_BYTES;
}

/**
 * Entries no bundle may hold: the embedded database engine (production runs on Postgres/Neon),
 * local data, tests and the seed content (each a root folder of the project).
 * @type {{ pattern: RegExp, what: string }[]}
 */
export const FORBIDDEN = [
  { pattern: /(^|\/)node_modules\/@electric-sql\//, what: 'PGlite (@electric-sql)' },
  { pattern: /^\.data\//, what: 'local data (.data/)' },
  { pattern: /^tests\//, what: 'tests (tests/)' },
  { pattern: /^content\//, what: 'seed content (content/)' },
];

/**
 * What the SSR function reads at run time that a file tracer may miss: the Open Graph images
 * (satori, the resvg native addon, the Inter fonts read with require.resolve in
 * src/render/brand-images.tsx) and both database drivers (node-postgres, Neon's serverless driver).
 * @type {{ pattern: RegExp, what: string }[]}
 */
export const REQUIRED_IN_SSR = [
  { pattern: /(^|\/)node_modules\/satori\/package\.json$/, what: 'satori' },
  { pattern: /(^|\/)node_modules\/@resvg\/resvg-js-[^/]+\/[^/]+\.node$/, what: 'the resvg addon' },
  {
    pattern: /(^|\/)node_modules\/@fontsource\/inter\/files\/inter-latin-400-normal\.woff$/,
    what: 'Inter 400 (woff)',
  },
  {
    pattern: /(^|\/)node_modules\/@fontsource\/inter\/files\/inter-latin-700-normal\.woff$/,
    what: 'Inter 700 (woff)',
  },
  { pattern: /(^|\/)node_modules\/pg\/package\.json$/, what: 'node-postgres (pg)' },
  {
    pattern: /(^|\/)node_modules\/@neondatabase\/serverless\/package\.json$/,
    what: "Neon's serverless driver",
  },
];

/**
 * The photo pipeline (ADR 056): only in the `photo-processing` function, which needs it whole.
 * @type {{ pattern: RegExp, what: string }[]}
 */
export const PHOTO_PIPELINE = [
  { pattern: /(^|\/)node_modules\/sharp\/package\.json$/, what: 'sharp' },
  {
    pattern: /(^|\/)node_modules\/@img\/sharp-[^/]+\/lib\/sharp-[^/]+\.node$/,
    what: "sharp's addon",
  },
  { pattern: /(^|\/)node_modules\/@img\/sharp-libvips-[^/]+\/lib\/libvips/, what: 'libvips' },
  { pattern: /(^|\/)node_modules\/heic-decode\/package\.json$/, what: 'heic-decode' },
  { pattern: /(^|\/)node_modules\/libheif-js\/package\.json$/, what: 'libheif (libheif-js)' },
];

/**
 * @typedef {object} BundleReport
 * @property {string} name the zip's file name
 * @property {number} bytes the zip's size in bytes
 * @property {number} files entries in the zip
 * @property {{ name: string, bytes: number }[]} largest the five packages (or top folders) with
 *   the most compressed bytes
 * @property {string[]} problems why this bundle must not be deployed (empty when fine)
 */

/**
 * Inspects one zip: size, forbidden entries, and (for the `ssr` function) the required ones.
 * @param {string} file path of a `.zip`
 * @returns {BundleReport}
 */
export function inspectBundle(file) {
  const name = path.basename(file);
  const bytes = statSync(file).size;
  /** @type {{ name: string, size: number }[]} */
  const entries = [];
  // Reads the central directory only: every entry is listed and none is inflated.
  unzipSync(readFileSync(file), {
    filter: (entry) => {
      entries.push({ name: entry.name, size: entry.size });
      return false;
    },
  });
  const problems = [];
  if (bytes > zipBudget(name))
    problems.push(`${name} is ${megabytes(bytes)}, over the ${megabytes(zipBudget(name))} budget`);
  for (const { pattern, what } of FORBIDDEN) {
    const hits = entries.filter((entry) => pattern.test(entry.name));
    if (hits.length > 0)
      problems.push(`${name} contains ${what}: ${hits.length} files, e.g. ${hits[0]?.name}`);
  }
  if (name === 'ssr.zip') {
    for (const { pattern, what } of REQUIRED_IN_SSR) {
      if (!entries.some((entry) => pattern.test(entry.name)))
        problems.push(`${name} lacks ${what}, which on-demand pages need at run time`);
    }
    for (const { pattern, what } of PHOTO_PIPELINE) {
      if (entries.some((entry) => pattern.test(entry.name)))
        problems.push(
          `${name} contains ${what}: photos are processed in photo-processing (ADR 056)`,
        );
    }
  }
  if (name === 'photo-processing.zip') {
    for (const { pattern, what } of PHOTO_PIPELINE) {
      if (!entries.some((entry) => pattern.test(entry.name)))
        problems.push(`${name} lacks ${what}, which processing a photo needs at run time`);
    }
  }
  /** @type {Map<string, number>} */
  const byPackage = new Map();
  for (const entry of entries) {
    const parts = entry.name.split('/');
    const at = parts.lastIndexOf('node_modules');
    const key =
      at >= 0
        ? parts.slice(at + 1, parts[at + 1]?.startsWith('@') ? at + 3 : at + 2).join('/')
        : (parts[0] ?? entry.name);
    byPackage.set(key, (byPackage.get(key) ?? 0) + entry.size);
  }
  const largest = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([key, size]) => ({ name: key, bytes: size }));
  return { name, bytes, files: entries.length, largest, problems };
}

/**
 * Every function zip in `dir` (Netlify's FUNCTIONS_DIST, `.netlify/functions/`).
 * @param {string} dir
 * @returns {BundleReport[]}
 */
export function inspectBundles(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.zip'))
    .sort()
    .map((file) => inspectBundle(path.join(dir, file)));
}

/** @param {number} bytes */
export function megabytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The build log's lines for the reports.
 * @param {BundleReport[]} reports
 * @returns {string[]}
 */
export function reportLines(reports) {
  return reports.flatMap((report) => [
    `${report.name}: ${megabytes(report.bytes)} zipped (budget ${megabytes(zipBudget(report.name))}), ${report.files} files; largest: ${report.largest
      .map((entry) => `${entry.name} ${megabytes(entry.bytes)}`)
      .join(', ')}`,
    ...report.problems.map((problem) => `  PROBLEM: ${problem}`),
  ]);
}
