import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DatabaseHandle } from '../functions/_lib/db.ts';
import { ownerAlive, readOwner } from '../functions/_lib/data-dir-lock.ts';
import { log } from '../functions/_lib/log.ts';
import { fromPGlite, lockDataDir, PGLITE_EXTENSIONS } from '../functions/_lib/pglite.ts';
import type { Database } from '../functions/db/database.ts';

/**
 * Backups of the embedded database (issue 23.5, ADR 029). PGlite has one owner process, so while
 * `npm start` runs the backup is taken by the server itself, asked over a Unix socket that only
 * this machine's user can open; otherwise the backup script opens the folder itself. A backup is
 * PGlite's dump of the folder (a gzipped tar) plus a manifest of what it holds; a restore unpacks
 * it into a fresh folder and checks it against the manifest.
 */

/** What a backup holds, written beside it as `<file>.json` and checked by a restore. */
export interface BackupManifest {
  created: string;
  bytes: number;
  sha256: string;
  /** Rows per table at the moment of the dump. */
  counts: Record<string, number>;
  /** The newest migration applied. */
  migration: string | null;
}

/** Tables counted in a manifest: the directory, its content and its accounts. */
const COUNTED = [
  'business_registrations',
  'articles',
  'service_cards',
  'user',
  'service_requests',
  'contacts',
] as const;

/** Rows per counted table and the newest migration of `db`. */
export async function describeDatabase(
  db: Kysely<Database>,
): Promise<Pick<BackupManifest, 'counts' | 'migration'>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return { counts, migration: rows[0]?.name ?? null };
}

/**
 * The Unix socket of the server that owns `dataDir` (in the temporary folder: socket paths are
 * limited to ~100 bytes). Named after the folder's absolute path.
 */
export function controlSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `lagos-auto-${id}.sock`);
}

/** A dump of the database, taken in the process that owns it. */
async function dumpHandle(handle: DatabaseHandle): Promise<Buffer> {
  if (!handle.dumpDataDir) throw new Error('Only the embedded database can be dumped.');
  return Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
}

/** Opens a dump in memory and describes it: the manifest states what the dump itself holds. */
async function describeDump(data: Buffer): Promise<Pick<BackupManifest, 'counts' | 'migration'>> {
  return withDatabase(
    await PGlite.create({
      loadDataDir: new Blob([new Uint8Array(data)]),
      extensions: PGLITE_EXTENSIONS,
    }),
    describeDatabase,
  );
}

async function withDatabase<T>(pglite: PGlite, use: (db: Kysely<Database>) => Promise<T>) {
  const embedded = fromPGlite(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
  try {
    return await use(db);
  } finally {
    await db.destroy();
    await embedded.close();
  }
}

/**
 * Serves backups of `handle` (the server's own embedded database) on its control socket:
 * `POST /backup` answers the dump (a gzipped tar). The socket file is readable and writable by
 * this user only.
 */
export async function startControlSocket(dataDir: string, handle: DatabaseHandle): Promise<Server> {
  const socket = controlSocketPath(dataDir);
  // This process holds the database's lock: a socket file left here is a dead server's.
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    dumpHandle(handle).then(
      (data) => {
        log.info('backup taken', {
          bytes: data.length,
          ms: Math.round(performance.now() - started),
        });
        res
          .writeHead(200, { 'content-type': 'application/gzip', 'content-length': data.length })
          .end(data);
      },
      (error: unknown) => {
        log.error('backup failed', { error: String(error) });
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  chmodSync(socket, 0o600);
  server.on('close', () => rmSync(socket, { force: true }));
  return server;
}

/** Asks the running server that owns `dataDir` for a dump. */
function backupFromServer(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path: '/backup',
      method: 'POST',
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the server could not back up: ${body.toString()}`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Whether the running server took it (else this process opened the folder). */
  live: boolean;
  ms: number;
}

/**
 * Backs up the embedded database at `dataDir` to `file` (and `file.json`): through the running
 * server when one owns the folder, else by opening it under its lock.
 * @throws DatabaseLockedError when another kind of process holds it (a test, a script).
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  const owner = readOwner(`${path.resolve(dataDir)}.lock`);
  const live = Boolean(owner && ownerAlive(owner) && existsSync(controlSocketPath(dataDir)));
  const created = new Date().toISOString();
  let data: Buffer;
  if (live) {
    data = await backupFromServer(dataDir);
  } else {
    const { openDatabase } = await import('../functions/_lib/db.ts');
    const handle = await openDatabase({ url: undefined, dataDir, role: 'a backup' });
    try {
      data = await dumpHandle(handle);
    } finally {
      await handle.close();
    }
  }
  // The dump is opened once here: a backup that cannot be read fails now, not on the day it is needed.
  const manifest: BackupManifest = {
    created,
    bytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    ...(await describeDump(data)),
  };
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, data);
  await writeFile(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  return { file, manifest, live, ms: Math.round(performance.now() - started) };
}

export interface RestoreResult {
  into: string;
  counts: Record<string, number>;
  migration: string | null;
  ms: number;
}

/**
 * Restores `file` into the fresh folder `into` (it must not exist or be empty) and checks it:
 * the archive's checksum and the manifest's row counts and newest migration must match what the
 * restored database holds. The folder is locked while it is written and checked.
 * @throws Error naming what does not match (the folder is removed then).
 */
export async function restoreEmbedded(file: string, into: string): Promise<RestoreResult> {
  const started = performance.now();
  const target = path.resolve(into);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${into} is not empty: restore into a new folder.`);
  const data = await readFile(file);
  const manifest = JSON.parse(await readFile(`${file}.json`, 'utf8')) as BackupManifest;
  if (createHash('sha256').update(data).digest('hex') !== manifest.sha256)
    throw new Error(`${file} does not match its checksum in ${file}.json: the copy is damaged.`);
  const release = await lockDataDir(target, 'a restore');
  try {
    const description = await withDatabase(
      await PGlite.create(target, {
        loadDataDir: new Blob([new Uint8Array(data)]),
        extensions: PGLITE_EXTENSIONS,
      }),
      describeDatabase,
    );
    const wrong = Object.entries(manifest.counts).filter(
      ([table, count]) => description.counts[table] !== count,
    );
    if (wrong.length > 0 || description.migration !== manifest.migration) {
      rmSync(target, { recursive: true, force: true });
      throw new Error(
        `the restored database does not match ${file}.json: ` +
          wrong
            .map(([table, count]) => `${table} ${description.counts[table]} (expected ${count})`)
            .join(', ') +
          (description.migration !== manifest.migration
            ? ` migration ${description.migration}`
            : ''),
      );
    }
    return { into, ...description, ms: Math.round(performance.now() - started) };
  } finally {
    await release();
  }
}
