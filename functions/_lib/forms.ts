import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { SubmissionResultSchema, type SubmissionResult } from '../../common/schemas/forms.ts';
import type { Database } from '../db/database.ts';
import type { ApiHandler } from './context.ts';
import { parseOrThrow, readJson, reply } from './http.ts';
import { log } from './log.ts';
import type { Mailer } from './mail.ts';
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

/**
 * The handler of a public form route (Contact, List Your Business; SPEC §5, §8): parses the JSON
 * body with the form's schema (422 with field messages), calls `submit` with the database, the
 * mailer and the caller's address, and answers 201 `{ id, emailStatus }`.
 */
export function publicFormHandler<S extends z.core.$ZodType>(
  schema: S,
  submit: (
    db: Kysely<Database>,
    mailer: Mailer,
    input: z.output<S>,
    clientAddress: string,
  ) => Promise<SubmissionResult>,
): ApiHandler {
  return async (request, ctx) => {
    const input = parseOrThrow(schema, await readJson(request));
    const result = await submit(await ctx.db(), await ctx.mailer(), input, ctx.clientAddress);
    return reply(SubmissionResultSchema, result, 201);
  };
}
