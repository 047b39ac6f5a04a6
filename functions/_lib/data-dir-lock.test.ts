import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireLock,
  currentOwner,
  dataFolderProblem,
  LockHeldError,
  ownerAlive,
  processStartTime,
} from './data-dir-lock.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lagos-auto-lock-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has exited. */
function deadPid(): number {
  return Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
}

describe('the data folder lock (issue 23.3)', () => {
  it('is held while its owner lives, and released', () => {
    const lock = path.join(dir, 'a.lock');
    const release = acquireLock(lock, currentOwner('the server'));
    expect(() => acquireLock(lock, currentOwner('a test'))).toThrow(LockHeldError);
    release();
    acquireLock(lock, currentOwner('a test'))();
  });

  it('is stale at once when its owner process is gone, whatever its age', () => {
    const lock = path.join(dir, 'b.lock');
    const owner = { ...currentOwner('the server'), pid: deadPid() };
    writeFileSync(lock, JSON.stringify(owner));
    expect(ownerAlive(owner)).toBe(false);
    acquireLock(lock, currentOwner('the server'))();
  });

  it('is stale when its process id now belongs to a process started at another time', () => {
    const lock = path.join(dir, 'c.lock');
    const started = processStartTime(process.pid);
    expect(started).toBeGreaterThan(0);
    writeFileSync(lock, JSON.stringify({ ...currentOwner('the server'), started: started! - 1 }));
    acquireLock(lock, currentOwner('the server'))();
  });

  it("takes over proper-lockfile's lock folder only once it stopped being refreshed", () => {
    const lock = path.join(dir, 'd.lock');
    mkdirSync(lock);
    expect(() => acquireLock(lock, currentOwner('the server'))).toThrow(LockHeldError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    acquireLock(lock, currentOwner('the server'))();
  });

  it('names the folder and what to do when it is read-only or full', () => {
    const readOnly = Object.assign(new Error('read-only'), {
      code: 'EROFS',
      path: '/srv/site/.data/pglite.lock',
    });
    expect(dataFolderProblem(readOnly, '.data')).toMatch(
      /^The data folder \/srv\/site\/\.data is read-only \(EROFS\).*Make it writable/,
    );
    const full = Object.assign(new Error('full'), { code: 'ENOSPC', path: '/srv/site/.data/x' });
    expect(dataFolderProblem(full, '.data')).toMatch(
      /^The disk holding \/srv\/site\/\.data is full/,
    );
    expect(dataFolderProblem(new Error('other'), '.data')).toBeUndefined();
  });
});
