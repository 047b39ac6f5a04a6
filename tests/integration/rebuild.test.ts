import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { createTestDatabase, TEST_DB } from '../setup/test-db.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * DESIGN.md "Rebuilds": after a data change the running local server regenerates the static
 * pages and serves them within 30 s, without a restart, reading data over HTTP (the database
 * here is an in-memory PGlite that no other process could open anyway).
 */
describe.runIf(TEST_DB === 'pglite')('local rebuilds', () => {
  let handle: DatabaseHandle;
  let local: LocalServer;
  let buildRoot: string;

  beforeAll(async () => {
    // Inside the project: the build's prerender chunks resolve packages from ./node_modules.
    mkdirSync('.data', { recursive: true });
    buildRoot = mkdtempSync(path.resolve('.data/test-site-'));
    handle = await createTestDatabase();
    await seedDatabase(handle.db);
    local = await startLocalServer({
      db: handle.db,
      port: 0,
      host: '127.0.0.1',
      buildRoot,
      debounceMs: 200,
    });
    await local.builder.buildNow('test start');
  }, 180_000);

  afterAll(async () => {
    await local?.close();
    await handle?.close();
    if (buildRoot) rmSync(buildRoot, { recursive: true, force: true });
  });

  it('serves a changed row on the pre-rendered category page within 30 s', async () => {
    const page = async () => (await fetch(`${local.url}/mechanic/`)).text();
    const before = await page();
    expect(before).toContain('Yaba Precision Auto Workshop');

    await handle.db
      .updateTable('business_registrations')
      .set({ business_name: 'Yaba Precision Auto Workshop Renamed' })
      .where('slug', '=', 'yaba-precision-auto-workshop')
      .execute();
    const requested = Date.now();
    await local.builder.requestRebuild('test: business renamed');

    let html = before;
    while (
      !html.includes('Yaba Precision Auto Workshop Renamed') &&
      Date.now() - requested < 30_000
    ) {
      await new Promise((r) => setTimeout(r, 250));
      html = await page();
    }
    expect(html).toContain('Yaba Precision Auto Workshop Renamed');
    expect(Date.now() - requested).toBeLessThan(30_000);
  }, 60_000);
});
