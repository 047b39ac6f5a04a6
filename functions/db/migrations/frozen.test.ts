import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.ts';
import { fileHash, migrationFiles, MIGRATIONS_DIR, readManifest } from './frozen.ts';

/** Shipped migrations never change; new ones are registered and frozen (ADR 013). */
describe('migrations', () => {
  const manifest = readManifest();
  const files = migrationFiles();

  it('every frozen migration is unchanged', () => {
    const problems = Object.entries(manifest).flatMap(([file, hash]) => {
      if (!files.includes(file))
        return [`${file} was deleted after it shipped: restore it (databases have run it).`];
      return fileHash(path.join(MIGRATIONS_DIR, file)) === hash
        ? []
        : [
            `${file} changed after it shipped: databases that ran it will not run it again. ` +
              'Revert the change and add a new migration instead.',
          ];
    });
    expect(problems).toEqual([]);
  });

  it('every migration file is frozen', () => {
    const missing = files
      .filter((file) => !manifest[file])
      .map(
        (file) =>
          `${file} is a new migration: once it is final, record it with npm run db:freeze ` +
          '(functions/db/migrations/frozen.json); from then on it must never change.',
      );
    expect(missing).toEqual([]);
  });

  it('every migration file is registered in index.ts, in order, and nothing else is', () => {
    expect(Object.keys(migrations)).toEqual(files.map((file) => file.replace(/\.ts$/, '')));
    const index = readFileSync(path.join(MIGRATIONS_DIR, 'index.ts'), 'utf8');
    for (const file of files) expect(index).toContain(`'./${file}'`);
  });
});
