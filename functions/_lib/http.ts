import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { ErrorEnvelope } from '../../common/schemas/api.ts';
import type { ApiHandler } from './context.ts';
import { env } from './env.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './db-resilience.ts';
import { AppError, type FieldErrors } from './errors.ts';
import { log } from './log.ts';

/** JSON response with the given status (default 200). Public data may be cached briefly by CDNs. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * A body as a handler builds it for a response schema: where the schema has a string, a Date
 * may stand, because JSON.stringify writes Dates as the ISO strings the schemas declare.
 */
export type Encodable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Encodable<U>[]
    : T extends object
      ? { [K in keyof T]: Encodable<T[K]> }
      : T;

/**
 * A successful JSON response whose body has the shape `schema` declares (common/schemas, the one
 * home of every API shape). Under Vitest (NODE_ENV=test) the serialised body is also parsed with
 * the schema, so a schema that drifts from what the handler sends fails the suite, not a browser.
 * @throws Error (answered as 500) when, in tests, the body does not match.
 */
export function reply<S extends z.core.$ZodType>(
  schema: S,
  body: Encodable<z.input<S>>,
  status = 200,
  headers: HeadersInit = {},
): Response {
  const text = JSON.stringify(body);
  if (env('NODE_ENV') === 'test') {
    const result = z.safeParse(schema, JSON.parse(text));
    if (!result.success)
      throw new Error(`Response does not match its schema:\n${z.prettifyError(result.error)}`);
  }
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Serialises an {@link AppError} as the error envelope of DESIGN.md. */
export function errorResponse(error: AppError, requestId: string): Response {
  const body: ErrorEnvelope = {
    error: { code: error.code, message: error.message, requestId },
  };
  if (error.fields) body.error.fields = error.fields;
  return json(body, error.status, { ...error.headers, 'x-request-id': requestId });
}

/**
 * Wraps a handler so that every failure becomes the error envelope: `AppError`s keep their
 * code and message (an outage: 503 DATABASE_UNAVAILABLE, also when a library wrapped it);
 * anything else is logged with the request id and answered as INTERNAL
 * without echoing the cause.
 */
export function withErrors(handler: ApiHandler): ApiHandler {
  return async (request, ctx) => {
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    try {
      return await handler(request, ctx);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error, requestId);
      // An outage wrapped by a library (Better Auth): still 503 DATABASE_UNAVAILABLE.
      if (isDatabaseUnavailable(error))
        return errorResponse(new DatabaseUnavailableError(error, false), requestId);
      log.error('unhandled error', {
        requestId,
        method: request.method,
        url: request.url,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return errorResponse(
        new AppError('INTERNAL', 'An unexpected error occurred. Please try again.'),
        requestId,
      );
    }
  };
}

/** Zod issues → `{ field: [messages] }`, the envelope's `fields`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Parses `input` with `schema`, throwing VALIDATION_FAILED (422) with field messages.
 * The message is the first field message, so a toast can show it as is.
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0]?.[0] ?? 'Invalid input';
  throw new AppError('VALIDATION_FAILED', first, fields);
}

/**
 * Parses a request's query string ({@link queryOf}) with `schema`, throwing BAD_REQUEST (400)
 * with field messages: a URL the client made wrong, as HTTP says (issue 35.10: the search
 * answers 200 or 400, never 422 for what its URL holds).
 */
export function parseQueryOrThrow<S extends z.core.$ZodType>(
  schema: S,
  request: Request,
): z.output<S> {
  try {
    return parseOrThrow(schema, queryOf(request));
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
      throw new AppError('BAD_REQUEST', error.message, error.fields);
    throw error;
  }
}

/**
 * The query string as a plain object for schema parsing: the first value of a repeated
 * parameter, as `URLSearchParams.get` reads it, so the API answers what the page cache keys
 * the request on (server/page-cache.ts `cacheKeyOf`, ADR 033).
 */
export function queryOf(request: Request): Record<string, string> {
  const query = new Map<string, string>();
  for (const [name, value] of new URL(request.url).searchParams)
    if (!query.has(name)) query.set(name, value);
  return Object.fromEntries(query);
}

/** Largest JSON body we read (413 beyond it); a route may allow more (CSV import: ~2 MB). */
export const MAX_JSON_BYTES = 64 * 1024;

/** The message of 413 PAYLOAD_TOO_LARGE. */
export const TOO_LARGE_MESSAGE = 'The request is too large.';

/**
 * Reads a request body of at most `maxBytes` while it streams in: a declared Content-Length
 * over the limit is refused before a byte is read, a chunked body as soon as it passes the
 * limit (the rest is never buffered: the stream is cancelled). Issue 12.2.
 * @throws AppError PAYLOAD_TOO_LARGE (413).
 */
export async function readBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Reads a JSON body (see {@link readBody} for the limit): 413 PAYLOAD_TOO_LARGE past
 * `maxBytes`, 400 BAD_REQUEST when it is not UTF-8 or not JSON. NUL characters are dropped
 * from every string (Postgres text cannot hold them). An empty body reads as `{}`.
 */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const bytes = await readBody(request, maxBytes);
  if (bytes.byteLength === 0) return {};
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
  }
  try {
    return JSON.parse(text, (_key, value: unknown) =>
      typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
    );
  } catch {
    throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
  }
}

/** Bodies at least this large are compressed when the client accepts it (ADR 011). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses a response body with brotli (quality 4: fast, ~20 % smaller than gzip on JSON) or
 * gzip when the request's Accept-Encoding allows it and the body is at least 1 KB of text;
 * otherwise returns the response unchanged. Adds `Vary: Accept-Encoding` either way for bodies
 * that could be compressed, so caches keep the variants apart.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    !/^(application\/json|text\/(html|plain))/.test(type)
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  const body = Buffer.from(await response.arrayBuffer());
  const accepts = request.headers.get('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  let out: Buffer = body;
  if (encoding && body.length >= COMPRESS_MIN_BYTES) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(body, { level: 6 });
    headers.set('content-encoding', encoding);
  }
  headers.set('content-length', String(out.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(out), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
