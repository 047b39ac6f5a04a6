import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { log } from './log.ts';
import { addressBucket, enforceRateLimits } from './rate-limit.ts';

/**
 * Shared guard of the public forms (issue "Public submissions"): per-IP rate limit in Postgres,
 * and the honeypot. Returns true when the submission must be silently dropped (a bot filled the
 * hidden field): the caller answers as if it succeeded, so the bot learns nothing.
 * @throws AppError RATE_LIMITED (429) past `limitPerHour` submissions of this form per address.
 */
export async function guardPublicForm(
  db: Kysely<Database>,
  clientAddress: string,
  form: 'registration' | 'find-it' | 'contact',
  honeypot: string | undefined,
  limitPerHour: number,
): Promise<boolean> {
  await enforceRateLimits(db, [
    {
      key: `form:${form}:ip:${addressBucket(clientAddress)}`,
      limit: limitPerHour,
      windowSeconds: 3600,
    },
  ]);
  if (honeypot) {
    log.warn('honeypot filled; submission dropped', { form, ip: clientAddress });
    return true;
  }
  return false;
}
