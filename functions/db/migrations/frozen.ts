import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Applied migrations are frozen (ADR 013): once a migration has shipped, databases have run it and
 * will never run it again, so editing it changes nothing there and splits the schema between old
 * and new databases. `frozen.json` records the sha256 of every shipped migration file;
 * `frozen.test.ts` fails when one changes or when a new one is missing from it
 * (`npm run db:freeze` adds it).
 */
export const MIGRATIONS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const MANIFEST = path.join(MIGRATIONS_DIR, 'frozen.json');

/** The migration files, by name: `YYYY_MM_DD_NNNN_name.ts`. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_[a-z0-9_]+\.ts$/.test(file))
    .sort();
}

/** sha256 of a file's text with line endings normalised (a checkout with CRLF is not a change). */
export function fileHash(file: string): string {
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

export function readManifest(file = MANIFEST): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}
