import type { ApiContext } from './context.ts';
import { enforceRateLimits } from './rate-limit.ts';
import { log } from './log.ts';

/**
 * Shared guard of the public forms (issue "Public submissions"): per-IP rate limit in Postgres,
 * and the honeypot. Returns true when the submission must be silently dropped (a bot filled the
 * hidden field): the caller answers as if it succeeded, so the bot learns nothing.
 */
export async function guardPublicForm(
  ctx: ApiContext,
  form: 'registration' | 'find-it' | 'contact',
  honeypot: string | undefined,
  limitPerHour: number,
): Promise<boolean> {
  await enforceRateLimits(await ctx.db(), [
    { key: `form:${form}:ip:${ctx.clientAddress}`, limit: limitPerHour, windowSeconds: 3600 },
  ]);
  if (honeypot) {
    log.warn('honeypot filled; submission dropped', { form, ip: ctx.clientAddress });
    return true;
  }
  return false;
}
