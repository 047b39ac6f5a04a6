import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The single-owner lock of an embedded database folder (DESIGN.md: two processes on one PGlite
 * folder silently lose rows). Issue 23.3, ADR 029: the lock names its owner (process id, the
 * process's start time, the machine's boot) and is stale exactly when that process is gone, so a
 * restart right after a crash (`kill -9`, power loss) takes it at once, while a live owner is
 * never displaced however old its lock. Linux reads the start time from /proc; elsewhere only the
 * process id is checked.
 */

/** Who holds a lock: written to `<data dir>.lock` as JSON. */
export interface LockOwner {
  pid: number;
  /** The process's start, in clock ticks since boot (/proc/PID/stat field 22); null off Linux. */
  started: number | null;
  /** /proc/sys/kernel/random/boot_id: a reboot ends every owner. */
  boot: string | null;
  host: string;
  /** What holds it: the server, the initdb child, a script. */
  role: string;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Start time of process `pid` in clock ticks since boot, or null (not Linux, or no process). */
export function processStartTime(pid: number): number | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const started = Number(fields[19]);
  return Number.isFinite(started) ? started : null;
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** This process as a lock owner. */
export function currentOwner(role: string): LockOwner {
  return {
    pid: process.pid,
    started: processStartTime(process.pid),
    boot: bootId(),
    host: hostname(),
    role,
  };
}

/**
 * Whether the process that wrote `owner` still runs: same machine and boot, a process with its id,
 * started when it was (a recycled id belongs to another process). A lock from another machine
 * (a shared network folder) counts as held: its process cannot be checked from here.
 */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** The owner recorded in `lockPath`, or undefined when there is none or it cannot be read. */
export function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** A lock directory of proper-lockfile (before ADR 029) is stale once this old. */
const LEGACY_STALE_MS = 15_000;

export class LockHeldError extends Error {
  constructor(readonly owner: LockOwner | undefined) {
    super(`locked by process ${owner?.pid ?? '?'} (${owner?.role ?? 'unknown'})`);
    this.name = 'LockHeldError';
  }
}

/**
 * Takes `lockPath` for this process: created with its owner record in one step (a hard link of a
 * written file: never seen empty), or taken over when the recorded owner is gone. A takeover moves
 * the stale file aside and checks it is still the stale one, so two starts racing for one stale
 * lock never both win.
 * @returns a function that releases the lock (removes the file if it is still ours).
 * @throws LockHeldError when a live process holds it; the file system's own error (EROFS,
 *   ENOSPC, EACCES) when the lock cannot be written.
 */
export function acquireLock(lockPath: string, owner: LockOwner): () => void {
  mkdirSync(path.dirname(lockPath), { recursive: true });
  const record = JSON.stringify(owner);
  const temp = `${lockPath}.${owner.pid}.tmp`;
  writeFileSync(temp, record, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(temp, lockPath);
        return () => {
          const current = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : '';
          if (current === record) unlinkSync(lockPath);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      removeIfStale(lockPath);
    }
    throw new LockHeldError(readOwner(lockPath));
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Removes the lock at `lockPath` when its owner is gone; throws LockHeldError when it lives. */
function removeIfStale(lockPath: string): void {
  let stats;
  try {
    stats = statSync(lockPath);
  } catch {
    return; // released meanwhile
  }
  if (stats.isDirectory()) {
    // proper-lockfile's lock (an older version of this code): stale when not refreshed lately.
    if (Date.now() - stats.mtimeMs < LEGACY_STALE_MS) throw new LockHeldError(undefined);
    rmSync(lockPath, { recursive: true, force: true });
    return;
  }
  const seen = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : '';
  const owner = readOwner(lockPath);
  // A record that is not JSON was never written by this code in one step: treat it as stale.
  if (owner && ownerAlive(owner)) throw new LockHeldError(owner);
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // someone else moved it first: try again
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== seen) {
    // Between reading and moving, another start replaced the stale lock with its own: put it back.
    try {
      linkSync(aside, lockPath);
    } finally {
      unlinkSync(aside);
    }
    throw new LockHeldError(readOwner(lockPath));
  }
  unlinkSync(aside);
}

/** Codes of a data folder that cannot be written. */
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * One clear message for a data folder that cannot be written (issue 23.3), naming the folder and
 * what to do; undefined for any other error.
 * @param folder the folder the start needs (the embedded database's, or .data/).
 */
export function dataFolderProblem(error: unknown, folder: string): string | undefined {
  const e = error as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  const where = path.resolve(e?.path ? path.dirname(e.path) : folder);
  if (READ_ONLY.has(code))
    return (
      `The data folder ${where} is read-only (${code}): the embedded database, the site build ` +
      `and the local outbox are written there. Make it writable (or set PGLITE_DATA_DIR and ` +
      `SITE_BUILD_DIR to a writable folder), then run npm start again.`
    );
  if (FULL.has(code))
    return (
      `The disk holding ${where} is full (${code}). Free some space (old builds under ` +
      `.data/site and old backups under .data/backups can go), or set PGLITE_DATA_DIR and ` +
      `SITE_BUILD_DIR to a folder on another disk, then run npm start again.`
    );
  return undefined;
}

/**
 * Free space a start needs on the data folder's disk: PGlite writes 16 MB WAL segments, and a
 * first start creates ~40 MB of database and ~30 MB of site build.
 */
export const MIN_FREE_BYTES = 128 * 1024 * 1024;

/**
 * Checks that each folder (or, when it does not exist yet, its nearest existing parent) can be
 * written and has {@link MIN_FREE_BYTES} free: a probe file is written and removed.
 * @throws the file system's error (EROFS, EACCES, ENOSPC) with the folder as `path`, for
 *   {@link dataFolderProblem}.
 */
export function assertWritable(folders: readonly string[]): void {
  for (const folder of folders) {
    let existing = path.resolve(folder);
    while (!existsSync(existing) && path.dirname(existing) !== existing)
      existing = path.dirname(existing);
    const probe = path.join(existing, `.write-check-${process.pid}`);
    try {
      writeFileSync(probe, 'ok');
    } catch (error) {
      throw Object.assign(error as Error, { path: probe });
    } finally {
      rmSync(probe, { force: true });
    }
    const { bavail, bsize } = statfsSync(existing);
    if (bavail * bsize < MIN_FREE_BYTES)
      throw Object.assign(new Error(`${existing}: less than 128 MB free`), {
        code: 'ENOSPC',
        path: probe,
      });
  }
}
