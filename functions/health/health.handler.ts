import { DATABASE_RETRY_AFTER_S, HealthResponseSchema } from '../../common/schemas/api.ts';
import type { ApiContext } from '../_lib/context.ts';
import { reply } from '../_lib/http.ts';
import * as service from './health.service.ts';

/**
 * GET /api/health → `{ status, database: { state, latencyMs, since } }` (issue 23.2): 200 while
 * the database answers `select 1` within 3 s, 503 (same body, `Retry-After`) while it does not,
 * so a load balancer or an uptime monitor reads the status code alone. Never cached. Public: it
 * tells nothing a failing page would not.
 */
export async function health(_request: Request, ctx: ApiContext): Promise<Response> {
  const report = await service.checkHealth(ctx.db);
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (report.status !== 'ok') headers['retry-after'] = String(DATABASE_RETRY_AFTER_S);
  return reply(HealthResponseSchema, report, report.status === 'ok' ? 200 : 503, headers);
}
