import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../functions/_lib/db.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { backupEmbedded, restoreEmbedded, startControlSocket } from '../../server/backup.ts';
import { TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 23.5: `npm run db:backup` / `db:restore` on the embedded database. The backup is taken by
 * the process that owns the folder while it keeps serving (over its control socket), restored
 * into a fresh folder and checked against its manifest; a damaged copy is refused.
 */
describe.runIf(TEST_DB === 'pglite')('embedded database backup and restore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-auto-backup-'));
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const card = (title: string) => ({
    title,
    button_text: 'Go',
    business_type: 'Parts',
    route_path: '/parts',
  });

  it('backs up a running database, restores it into a fresh folder and checks it', async () => {
    const dataDir = path.join(dir, 'pglite');
    handle = await openDatabase({ url: undefined, dataDir });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('service_cards')
      .values([card('Before 1'), card('Before 2')])
      .execute();
    const control = await startControlSocket(dataDir, handle);

    // Writes keep going while the copy is taken: the copy holds a consistent state.
    const file = path.join(dir, 'backups', 'live.tar.gz');
    const writes = (async () => {
      for (let i = 0; i < 20; i += 1)
        await handle!.db
          .insertInto('service_cards')
          .values(card(`During ${i}`))
          .execute();
    })();
    const backup = await backupEmbedded(dataDir, file);
    await writes;
    expect(backup.live).toBe(true);
    const cardsInCopy = backup.manifest.counts.service_cards!;
    expect(cardsInCopy).toBeGreaterThanOrEqual(2);
    expect(cardsInCopy).toBeLessThanOrEqual(22);
    expect(backup.manifest.migration).toMatch(/^\d{4}_/);
    await handle.db.insertInto('service_cards').values(card('After')).execute();

    const into = path.join(dir, 'restored');
    const restored = await restoreEmbedded(file, into);
    expect(restored.counts).toEqual(backup.manifest.counts);
    const copy = await openDatabase({ url: undefined, dataDir: into });
    const titles = (await copy.db.selectFrom('service_cards').select('title').execute()).map(
      (row) => row.title,
    );
    await copy.close();
    expect(titles).toContain('Before 1');
    expect(titles).not.toContain('After');
    expect(titles).toHaveLength(cardsInCopy);

    // Not running: the backup opens the folder itself.
    control.close();
    await handle.close();
    handle = undefined;
    const offline = await backupEmbedded(dataDir, path.join(dir, 'backups', 'offline.tar.gz'));
    expect(offline.live).toBe(false);
    expect(offline.manifest.counts.service_cards).toBe(23);
  }, 300_000);

  it('refuses a damaged copy and a folder that is not empty', async () => {
    const file = path.join(dir, 'backups', 'live.tar.gz');
    const damaged = path.join(dir, 'backups', 'damaged.tar.gz');
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(`${damaged}.json`, readFileSync(`${file}.json`));
    await expect(restoreEmbedded(damaged, path.join(dir, 'bad'))).rejects.toThrow(/checksum/);
    await expect(restoreEmbedded(file, path.join(dir, 'pglite'))).rejects.toThrow(/not empty/);
  });
});
