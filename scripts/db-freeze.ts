/**
 * `npm run db:freeze`: records the sha256 of every migration file not yet in
 * functions/db/migrations/frozen.json (ADR 013). Run it when a new migration is final, before it
 * ships. It never rewrites an existing entry: a shipped migration that changed is reported and
 * must be reverted (add a new migration instead).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  fileHash,
  MANIFEST,
  migrationFiles,
  MIGRATIONS_DIR,
  readManifest,
} from '../functions/db/migrations/frozen.ts';

const manifest = readManifest();
const added: string[] = [];
let changed = false;
for (const file of migrationFiles()) {
  const hash = fileHash(path.join(MIGRATIONS_DIR, file));
  if (!manifest[file]) {
    manifest[file] = hash;
    added.push(file);
  } else if (manifest[file] !== hash) {
    console.error(`${file} changed after it shipped: revert it and add a new migration instead.`);
    changed = true;
  }
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(MANIFEST, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(added.length ? `Frozen: ${added.join(', ')}` : 'Every migration was frozen already.');
if (changed) process.exitCode = 1;
