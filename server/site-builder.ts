import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { log } from '../functions/_lib/log.ts';

export interface SiteBuilderOptions {
  /** Base URL of the running server's API; the build reads `/api/site/snapshot` from it. */
  dataUrl: string;
  /** Folder holding the builds (`<root>/<id>/client` is what gets served). */
  root: string;
  /** Quiet period before a requested rebuild starts, so a burst of changes builds once. */
  debounceMs?: number;
}

export interface SiteBuilder {
  /** The folder of static files now served, or undefined before the first build. */
  current(): string | undefined;
  /** Schedules a rebuild (debounced; a request during a build queues one more). */
  requestRebuild(reason: string): Promise<void>;
  /** Builds now (after any running build) and resolves when done; check current() for the outcome. */
  buildNow(reason: string): Promise<void>;
  /** Resolves when no build is running or queued. */
  idle(): Promise<void>;
}

const ASTRO_BIN = path.resolve('node_modules/astro/bin/astro.mjs');
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/** Writes .br and .gz next to each text asset so the static server can send them as they are. */
async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size < 512) continue;
    await pipeline(createReadStream(file), createBrotliCompress(), createWriteStream(`${file}.br`));
    await pipeline(
      createReadStream(file),
      createGzip({ level: 9 }),
      createWriteStream(`${file}.gz`),
    );
  }
}

function runAstroBuild(outDir: string, dataUrl: string): Promise<void> {
  // A clean environment for the child: test runners set NODE_ENV=test and VITEST_* variables
  // that would change how Vite bundles the site.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST',
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--outDir', outDir], {
      env: { ...env, SITE_DATA_URL: dataUrl, ASTRO_TELEMETRY_DISABLED: '1' },
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

/**
 * Regenerates the pre-rendered pages inside the running local server (DESIGN.md "Rebuilds"):
 * `astro build` runs as a child process that reads data over HTTP from this server (so the
 * PGlite directory keeps a single owner), into a fresh folder that replaces the served one
 * only when the build succeeded. A failed build keeps the previous pages.
 */
export function createSiteBuilder(options: SiteBuilderOptions): SiteBuilder {
  const debounceMs = options.debounceMs ?? 1_000;
  let servedDir: string | undefined;
  let running: Promise<void> | undefined;
  let queued: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  async function buildOnce(reasons: string[]): Promise<void> {
    const id = `${Date.now()}`;
    const outDir = path.resolve(options.root, id);
    const started = performance.now();
    await mkdir(options.root, { recursive: true });
    try {
      await runAstroBuild(outDir, options.dataUrl);
      await precompress(path.join(outDir, 'client'));
    } catch (error) {
      await rm(outDir, { recursive: true, force: true });
      log.error('site build failed; still serving the previous pages', {
        reasons,
        error: String(error),
      });
      throw error;
    }
    const previous = servedDir;
    servedDir = path.join(outDir, 'client');
    log.info('site rebuilt', { reasons, ms: Math.round(performance.now() - started) });
    // Remove only the build this one replaced, a little later: it may still be streaming a response.
    // Never scan the folder: another build may be writing there.
    if (previous) {
      setTimeout(() => {
        rm(path.dirname(previous), { recursive: true, force: true }).catch((error: unknown) =>
          log.warn('old site build not removed', { error: String(error) }),
        );
      }, 5_000).unref();
    }
  }

  async function drain(): Promise<void> {
    while (queued.length > 0) {
      const reasons = queued;
      queued = [];
      await buildOnce(reasons).catch(async () => {
        // One retry after a pause, so a transient failure does not leave stale pages until the next change.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await buildOnce([...reasons, 'retry']).catch(() => undefined);
      });
    }
    running = undefined;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  function start(): Promise<void> {
    running ??= drain();
    return running;
  }

  return {
    current: () => servedDir,
    async requestRebuild(reason) {
      queued.push(reason);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void start();
      }, debounceMs);
    },
    async buildNow(reason) {
      // Through the same queue as every other build: two astro builds must never run at once
      // (they share .astro/ and Vite's caches).
      queued.push(reason);
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      await start();
      while (running) await running;
    },
    idle() {
      if (!running && !timer && queued.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
