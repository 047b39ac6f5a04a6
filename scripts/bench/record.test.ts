import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchRecord, datedPath, renderRecord } from './record.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-record-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One run of a bench, as the writer heads its figures. */
const RUN = {
  date: new Date('2026-11-28T14:00:00Z'),
  commit: 'abc1234',
  cores: 2,
  memoryBytes: 24 * 1024 ** 3,
  cpuModel: 'Test CPU @ 2.0GHz',
  loadBefore: [1.5, 2, 2.5],
  loadAfter: [3, 2.5, 2],
  command: 'npm run bench:search -- --serve',
};

describe('the benchmark writer (ADR 064)', () => {
  it('heads the figures with the date, commit, machine, load and command', () => {
    const text = renderRecord('Search over HTTP', RUN, ['  median: p50 12 ms'], false);
    expect(text).toContain('# Search over HTTP, 2026-11-28');
    expect(text).toContain('- Commit: abc1234');
    expect(text).toContain('- Machine: 2 cores, 24.0 GB memory, Test CPU @ 2.0GHz');
    expect(text).toContain('- Load average (1, 5, 15 min): 1.5, 2, 2.5 before; 3, 2.5, 2 after');
    expect(text).toContain('- Command: `npm run bench:search -- --serve`');
    expect(text).toContain('```text\n  median: p50 12 ms\n```');
  });

  it('leaves no blank at the end of a line (a table row whose last cell is empty)', () => {
    const text = renderRecord(
      'Pages',
      RUN,
      ['page\tserved\tislands', '\tstatic\t', 'end  '],
      false,
    );
    expect(text).toContain('page\tserved\tislands\n\tstatic\nend\n');
    expect(text.split('\n').filter((line) => /[ \t]$/.test(line))).toEqual([]);
  });

  it('names a second run of the same day with -2', () => {
    const dir = tempDir();
    expect(datedPath(dir, '2026-11-28', 'scale')).toBe(path.join(dir, '2026-11-28-scale.md'));
    writeFileSync(path.join(dir, '2026-11-28-scale.md'), '');
    expect(datedPath(dir, '2026-11-28', 'scale')).toBe(path.join(dir, '2026-11-28-scale-2.md'));
  });

  it('writes the printed lines to a dated file named for the script', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const dir = tempDir();
    const record = benchRecord('bench:recovery', 'Recovery', { markdown: true, dir });
    record.line('| round | down |');
    const file = record.write()!;
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}-recovery\.md$/);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('| round | down |');
    expect(text).toMatch(/- Machine: \d+ cores, [\d.]+ GB memory, /);
    expect(text).toContain('- Command: `npm run bench:recovery');
  });
});
