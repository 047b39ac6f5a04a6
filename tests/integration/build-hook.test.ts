import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { fireBuildHookIfDirty, requestRebuild } from '../../functions/site/rebuild.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/** A loopback stand-in for Netlify's build hook endpoint (POST, answers 200 or a fault). */
function fakeBuildHook() {
  const calls: { method: string; url: string }[] = [];
  let status = 200;
  const server = createServer((req: IncomingMessage, res) => {
    calls.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    res.writeHead(status).end();
  });
  return {
    calls,
    fail: (code: number) => void (status = code),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/abc`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Netlify rebuild debounce', () => {
  let handle: DatabaseHandle;
  const hook = fakeBuildHook();
  let hookUrl: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    hookUrl = await hook.start();
  });
  afterAll(async () => {
    await hook.stop();
    await handle.close();
  });

  it('fires the hook once for a burst of changes, and not when nothing changed', async () => {
    await requestRebuild(handle.db, 'business approved');
    await requestRebuild(handle.db, 'article published');
    expect(await fireBuildHookIfDirty(handle.db, hookUrl)).toBe('article published');
    expect(await fireBuildHookIfDirty(handle.db, hookUrl)).toBeNull();
    expect(hook.calls).toHaveLength(1);
    expect(hook.calls[0]!.method).toBe('POST');
    expect(hook.calls[0]!.url).toContain('trigger_title=Data+changed');
  });

  it('keeps the site dirty when the hook fails, so the next run retries', async () => {
    hook.fail(500);
    await requestRebuild(handle.db, 'featured order');
    await expect(fireBuildHookIfDirty(handle.db, hookUrl)).rejects.toThrow(/HTTP 500/);
    hook.fail(200);
    expect(await fireBuildHookIfDirty(handle.db, hookUrl)).toBe('featured order');
  });
});
