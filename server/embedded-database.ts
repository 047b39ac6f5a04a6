import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Start-up only (scripts/start.ts): kept out of functions/, whose modules the site's SSR function
// bundles and the Netlify function tracer reads.

/**
 * Creates the PGlite cluster at `dataDir` in a short-lived child process when it does not exist
 * yet (no `PG_VERSION`), so the long-lived process that opens it next never holds initdb.
 * PGlite's first open runs initdb in a second WebAssembly instance and keeps ~0.7 GB afterwards
 * against ~0.46 GB for a plain open. The child runs V8's baseline WebAssembly compiler only
 * (`--liftoff-only`): optimising PGlite's 9 MB module is what made initdb peak at 1.15 GB; with
 * it the child peaks at 0.6 GB and takes as long (measured, ADR 026). It gets this process's
 * Node flags too (the TypeScript loader). Does nothing for `memory://`.
 * @returns whether it created the cluster. @throws when the child fails.
 */
export async function initEmbeddedDataDir(dataDir: string): Promise<boolean> {
  if (
    dataDir.startsWith('memory://') ||
    (existsSync(path.join(dataDir, 'PG_VERSION')) && !existsSync(path.join(dataDir, '.creating')))
  )
    return false;
  const script = path.join(import.meta.dirname, 'pglite-init.ts');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, '--liftoff-only', script, dataDir],
      {
        // The IPC channel closes when this process dies: the child exits then (pglite-init.ts).
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating ${dataDir} failed (exit ${code})`)),
    );
  });
  return true;
}
