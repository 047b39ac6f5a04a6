import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { childEnvironment, env } from '../functions/_lib/env.ts';
import { log } from '../functions/_lib/log.ts';
import { STATIC_HEADERS_FILE } from './astro-adapter/index.mjs';

/**
 * The local server's build of the site (ADR 011): `astro build` with the local adapter, once per
 * version of the code. Pages that show data are rendered on demand, so the build reads no data:
 * its cost does not depend on the directory, and a data change never rebuilds anything.
 * A build is reused as long as the sources it was made from are unchanged.
 */
export interface SiteBuild {
  /** Folder of the build (`client/` static files, `server/entry.mjs`). */
  dir: string;
  clientDir: string;
  /** Whether this start built the site (false: reused). */
  built: boolean;
  ms: number;
  /**
   * Response headers of the pre-rendered pages by path (`/auth/`): their Content-Security-Policy
   * with each page's script hashes (ADR 015), from the local adapter.
   */
  staticHeaders: Record<string, Record<string, string>>;
  /**
   * Renders an on-demand page; undefined when no on-demand route matches. `locals` become the
   * page's `Astro.locals` (the local server passes its API: src/render/page-api.ts).
   */
  render(
    request: Request,
    options?: { clientAddress?: string; locals?: App.Locals },
  ): Promise<Response | undefined>;
}

/** What the build is made from: its hash names the build folder. */
const SOURCES = ['src', 'functions', 'common', 'integrations', 'public', 'server/astro-adapter'];
const SOURCE_FILES = [
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  // The service worker's build step (ADR 030), which the build runs at its end.
  'integrations/service-worker.ts',
];
const ASTRO_BIN = path.resolve('node_modules/astro/bin/astro.mjs');
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Hash of every source file that goes into the build plus the settings baked into it (the
 * canonical site URL, the map tiles). Reading ~300 small files takes a few milliseconds.
 */
export async function sourceHash(site: string): Promise<string> {
  const files = [...(await Promise.all(SOURCES.map(listFiles))).flat(), ...SOURCE_FILES].sort();
  // The map's tile source is baked into the pages and their CSP (ADR 021).
  const hash = createHash('sha256').update(
    `site=${site}\nmap=${env('MAP_TILE_URL')}\n${env('MAP_TILE_ATTRIBUTION') ?? ''}\n`,
  );
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(`${file}\n`).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Memory settings of the `astro build` child (ADR 026, measured on this machine kind): without
 * them the child alone peaks at ~1.0 GB, because V8 lets its heap grow far past what the build
 * needs and the bundler's allocator (mimalloc, in Rolldown's native binding) hands freed memory
 * back lazily (MADV_FREE pages still count as resident). With a 384 MB old space, 8 MB semi
 * spaces, and mimalloc decommitting what it frees at once, the same build peaks at ~0.53 GB
 * (heap in use peaks at ~0.3 GB) and takes as long.
 */
export const BUILD_MEMORY_ENV = {
  NODE_OPTIONS: '--max-old-space-size=384 --max-semi-space-size=8',
  MIMALLOC_PURGE_DELAY: '0',
  MIMALLOC_PURGE_DECOMMITS: '1',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
} as const;

function runAstroBuild(outDir: string): Promise<void> {
  // A clean environment: test runners set NODE_ENV=test and VITEST_* variables that would change
  // how Vite bundles the site.
  const env = Object.fromEntries(
    Object.entries(childEnvironment()).filter(
      ([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST',
    ),
  );
  const nodeOptions = [env.NODE_OPTIONS, BUILD_MEMORY_ENV.NODE_OPTIONS].filter(Boolean).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--outDir', outDir], {
      env: {
        ...env,
        ...BUILD_MEMORY_ENV,
        NODE_OPTIONS: nodeOptions,
        ADAPTER: 'node',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}:\n${output}`)),
    );
  });
}

/** Writes .br and .gz beside each static text file, once per build, for the static server. */
async function precompress(dir: string): Promise<void> {
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
    await pipeline(
      createReadStream(file),
      createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      createWriteStream(`${file}.br`),
    );
    await pipeline(
      createReadStream(file),
      createGzip({ level: 9 }),
      createWriteStream(`${file}.gz`),
    );
  }
}

/**
 * Returns the build for the current sources under `root`, building it first when missing.
 * Older builds in `root` are removed. The caller must have provided the shared database
 * (`provideSharedDatabase`) before the first render: on-demand pages read through it.
 * @throws when `astro build` fails.
 */
export async function ensureSiteBuild(root: string, site: string): Promise<SiteBuild> {
  const started = performance.now();
  const id = await sourceHash(site);
  const dir = path.resolve(root, id);
  const entry = path.join(dir, 'server', 'entry.mjs');
  let built = false;
  if (!existsSync(entry)) {
    await mkdir(root, { recursive: true });
    const temp = `${dir}.tmp-${process.pid}`;
    await rm(temp, { recursive: true, force: true });
    try {
      await runAstroBuild(temp);
      await precompress(path.join(temp, 'client'));
      await rm(dir, { recursive: true, force: true });
      await rename(temp, dir);
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
    built = true;
  }
  for (const other of await readdir(root)) {
    if (other !== id && !other.includes('.tmp-')) {
      await rm(path.join(root, other), { recursive: true, force: true });
    }
  }
  const module = (await import(pathToFileURL(entry).href)) as Pick<SiteBuild, 'render'>;
  const headersFile = path.join(dir, STATIC_HEADERS_FILE);
  const staticHeaders = existsSync(headersFile)
    ? (JSON.parse(await readFile(headersFile, 'utf8')) as SiteBuild['staticHeaders'])
    : {};
  const ms = Math.round(performance.now() - started);
  log.info(built ? 'site built' : 'site build reused', { id, ms });
  return {
    dir,
    clientDir: path.join(dir, 'client'),
    built,
    ms,
    staticHeaders,
    render: module.render,
  };
}
