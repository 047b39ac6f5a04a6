/**
 * Child-process entry of `initEmbeddedDataDir` (embedded-database.ts): creates the PGlite cluster at the
 * directory given as the first argument (under the data directory's lock; a folder half-made by a
 * killed start is made again) and exits, so the process that serves the site opens an existing
 * cluster (ADR 026). It ends with its parent: a start killed during initdb leaves no process
 * behind holding the lock (issue 23.3).
 */
import { createEmbeddedDataDir } from '../functions/_lib/pglite.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init.ts <data dir>');
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);
await createEmbeddedDataDir(dataDir);
process.off('disconnect', orphaned);
process.disconnect?.();
