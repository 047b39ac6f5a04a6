import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * GET /api/health (issue 23.2): 200 with the database's state and latency while it answers,
 * never cached. (The 503 of an outage is in server-outage.test.ts and database-outage.test.ts.)
 */
let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
});
afterAll(() => handle?.close());

describe('health', () => {
  it('answers 200 with the database up, its latency, and no-store', async () => {
    const { status, body, headers } = await call('/api/health');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.database.state).toBe('up');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('retry-after')).toBeNull();
  });
});
