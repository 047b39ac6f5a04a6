import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../functions/_lib/db.ts';
import { DatabaseLockedError } from '../../functions/_lib/pglite.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { TEST_DB } from '../setup/test-db.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lagos-auto-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(TEST_DB === 'pglite')('PGlite single owner (DESIGN.md)', () => {
  it('refuses a second owner, in this process and in another one, and keeps the data', async () => {
    const dataDir = path.join(dir, 'pglite');
    const owner = await openDatabase({ url: undefined, dataDir });
    await migrateToLatest(owner.db);
    await owner.db
      .insertInto('service_cards')
      .values({ title: 'Kept', button_text: 'Go', business_type: 'Parts', route_path: '/parts' })
      .execute();

    await expect(openDatabase({ url: undefined, dataDir })).rejects.toBeInstanceOf(
      DatabaseLockedError,
    );

    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./functions/_lib/db.ts').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
      ],
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: 30_000 },
    );
    expect(child.status).toBe(3);
    expect(child.stderr).toContain('is already open in another process');

    await owner.close();
    const reopened = await openDatabase({ url: undefined, dataDir });
    const rows = await reopened.db.selectFrom('service_cards').select('title').execute();
    expect(rows).toEqual([{ title: 'Kept' }]);
    await reopened.close();
  });
});
