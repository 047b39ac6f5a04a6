import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../common/schemas/idempotency.ts';
import type { Database } from '../db/database.ts';
import type { ApiHandler } from './context.ts';
import { AppError } from './errors.ts';
import { MAX_JSON_BYTES, readBody } from './http.ts';
import { log } from './log.ts';

/** How long a first answer is replayed (a retry comes within minutes; a day is generous). */
const KEEP_HOURS = 24;
/** A first request still running after this long is taken as lost (its process died). */
const ABANDONED_SECONDS = 120;
/** Largest first answer kept for replay; the create routes answer a few hundred bytes. */
const MAX_STORED_BYTES = 64 * 1024;
/** Expired keys deleted at most per sweep, so no request pays for a large backlog. */
const SWEEP_LIMIT = 500;

export const IN_PROGRESS_MESSAGE = 'This request is already being sent. Please wait a moment.';
export const KEY_REUSED_MESSAGE =
  'This form was already sent with different details. Please reload the page and try again.';

type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-progress' }
  | { kind: 'reused' };

/**
 * Takes `key` in `scope` for this request: a new key (or an expired one, or one whose first request
 * was abandoned) is claimed; a finished one is replayed; a running one or one used with another
 * body is refused by the caller.
 */
async function claim(
  db: Kysely<Database>,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<Claim> {
  const { rows } = await sql<{ claimed: boolean }>`
    insert into idempotency_keys (scope, key, fingerprint)
    values (${scope}, ${key}, ${fingerprint})
    on conflict (scope, key) do update
      set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${KEEP_HOURS})
         or (idempotency_keys.status is null
             and idempotency_keys.created_at < now() - make_interval(secs => ${ABANDONED_SECONDS}))
    returning true as claimed`.execute(db);
  if (rows.length > 0) return { kind: 'claimed' };
  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  // Deleted between the two statements (its first request failed): this one may go ahead.
  if (!existing) return claim(db, scope, key, fingerprint);
  if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
  if (existing.status === null || existing.body === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: existing.status, body: existing.body };
}

async function release(db: Kysely<Database>, scope: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

async function sweep(db: Kysely<Database>): Promise<void> {
  await sql`
    delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys
      where created_at < now() - make_interval(hours => ${KEEP_HOURS})
      limit ${SWEEP_LIMIT})`.execute(db);
}

/**
 * SHA-256 of a request body, hex. A multipart body is hashed without its boundary, which the
 * sender draws anew for each sending: the same form sent again is the same body (ADR 042).
 */
export function fingerprintOf(body: Uint8Array, contentType: string | null): string {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  const hash = createHash('sha256');
  if (!boundary) return hash.update(body).digest('hex');
  // latin1 maps each byte to one character and back: binary-safe.
  return hash.update(Buffer.from(body).toString('latin1').split(boundary).join('')).digest('hex');
}

/**
 * Send twice, stored once (issue 23.4, ADR 028): wraps a create route so that a request carrying
 * `Idempotency-Key: <16–128 of A–Z a–z 0–9 _ ->` is answered once. The first request with a key
 * runs the handler; a 2xx answer is kept for 24 hours and a retry with the same key and the same
 * body gets that answer again (`Idempotent-Replayed: true`) without running the handler, so no
 * second row, e-mail or rate-limit hit. A non-2xx answer (422, 429, 5xx) or a thrown error
 * releases the key: the visitor fixes the form and sends it again with it. Keys are scoped by
 * method, path and the signed-in account. Without the header the handler runs as before.
 * @param maxBodyBytes the route's own body limit (the request body is hashed to compare retries).
 * @throws AppError BAD_REQUEST (400) for a malformed key; CONFLICT (409) while the first request
 *   with the key is still running; VALIDATION_FAILED (422) when the key was used with another body.
 */
export function idempotent(handler: ApiHandler, maxBodyBytes = MAX_JSON_BYTES): ApiHandler {
  return async (request, ctx) => {
    const key = request.headers.get(IDEMPOTENCY_HEADER);
    if (key === null) return handler(request, ctx);
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new AppError('BAD_REQUEST', 'Invalid Idempotency-Key header.');
    const body = await readBody(request.clone(), maxBodyBytes);
    const fingerprint = fingerprintOf(body, request.headers.get('content-type'));
    const user = await ctx.sessionUser();
    const scope = `${request.method} ${new URL(request.url).pathname}${user ? ` user:${user.id}` : ''}`;
    const db = await ctx.db();
    const claimed = await claim(db, scope, key, fingerprint);
    if (claimed.kind === 'replay') {
      return new Response(claimed.body, {
        status: claimed.status,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'idempotent-replayed': 'true',
        },
      });
    }
    if (claimed.kind === 'in-progress') throw new AppError('CONFLICT', IN_PROGRESS_MESSAGE);
    if (claimed.kind === 'reused') throw new AppError('VALIDATION_FAILED', KEY_REUSED_MESSAGE);

    let response: Response;
    try {
      response = await handler(request, ctx);
    } catch (error) {
      await release(db, scope, key);
      throw error;
    }
    const text = response.ok ? await response.clone().text() : '';
    if (response.ok && Buffer.byteLength(text) <= MAX_STORED_BYTES) {
      await db
        .updateTable('idempotency_keys')
        .set({ status: response.status, body: text })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    } else {
      if (response.ok) log.warn('idempotent answer too large to keep', { scope });
      await release(db, scope, key);
    }
    if (Math.random() < 0.01) await sweep(db);
    return response;
  };
}
