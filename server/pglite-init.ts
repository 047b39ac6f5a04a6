/**
 * Child-process entry of `initEmbeddedDataDir` (embedded-database.ts): creates the PGlite cluster at the
 * directory given as the first argument (initdb, under the data directory's lock), closes it and
 * exits, so the process that serves the site opens an existing cluster (ADR 026).
 */
import { openEmbeddedPool } from '../functions/_lib/pglite.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init.ts <data dir>');
const embedded = await openEmbeddedPool(dataDir);
await embedded.close();
