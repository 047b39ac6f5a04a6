import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { MAX_JSON_BYTES, readBody } from '../../functions/_lib/http.ts';
import { log } from '../../functions/_lib/log.ts';
import type { ApiError } from '../browser/api-client.ts';
import type { FormState } from '../../common/schemas/form-state.ts';
import {
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_MESSAGE,
  NOT_SENT_MESSAGE,
} from '../../common/schemas/outage.ts';
import {
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  newIdempotencyKey,
} from '../../common/schemas/idempotency.ts';
import { leadingFields } from './multipart-fields.ts';
import { pageApi } from './page-api.ts';

export type { FormState } from '../../common/schemas/form-state.ts';

/** Form data as posted: one string per field, all values for a field the schema holds as a list. */
export type FormValues = Record<string, string | string[]>;

export interface FormPostOptions<T> {
  /**
   * The API route the form's JSON goes to (`/api/contacts`), always POST; from the posted fields
   * when one page holds several forms (a hidden `intent`).
   */
  endpoint: string | ((params: URLSearchParams) => string);
  /** The route's Zod schema (common/schemas): which fields are lists; the API validates with it. */
  schema: z.ZodType | ((params: URLSearchParams) => z.ZodType);
  /** Turns the posted values into the API's JSON body, when more than a copy is needed. */
  toBody?: (values: FormValues) => unknown;
  /** Fields never written back into the page (passwords). */
  secret?: readonly string[];
  /**
   * Where to send the browser after the API accepted the form (303 See Other), from the API's
   * answer; the API's cookies (a session) go with it.
   */
  done: (data: T) => string;
  /**
   * A form that may carry files (`enctype="multipart/form-data"`, ADR 042): the file field's
   * `name`, the body's limit in bytes and the messages when it is larger or arrives cut off. With
   * files, the API gets multipart/form-data: the JSON body in `jsonField`, the files in `name`;
   * without, JSON as any form.
   */
  files?: {
    name: string;
    jsonField: string;
    maxBytes: number;
    tooLarge: string;
    cutOff: string;
  };
}

/** The outcome of a form page's request: show the form (with `state`), or answer `response`. */
export type FormPost = { kind: 'show'; state: FormState } | { kind: 'answer'; response: Response };

/** The type of a schema field under optional/default/pipe wrappers: `array`, `string`, … */
function baseType(type: z.ZodType): string {
  let current = type as unknown as { def: Record<string, unknown> & { type: string } };
  for (;;) {
    const { def } = current;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
      current = def.innerType as typeof current;
    else if (def.type === 'pipe') current = def.in as typeof current;
    else return def.type;
  }
}

/** The object shape of a form schema (through a top-level pipe or refinement). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let current = schema as unknown as { def: Record<string, unknown> & { type: string } };
  while (current.def.type === 'pipe') current = current.def.in as typeof current;
  if (current.def.type !== 'object') throw new Error('a form schema must be an object');
  return current.def.shape as Record<string, z.ZodType>;
}

/**
 * The posted fields the schema knows, as the browser sent them: a string per field, or every
 * value for a list (checkboxes). Unknown fields are dropped; a missing field is left out.
 */
export function formValues(schema: z.ZodType, params: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const [name, type] of Object.entries(shapeOf(schema))) {
    if (baseType(type) === 'array') values[name] = params.getAll(name);
    else {
      const value = params.get(name);
      if (value !== null) values[name] = value;
    }
  }
  return values;
}

/** The `Cache-Control` of every page answering a POST: kept by no browser, CDN or page cache. */
export const NO_STORE = 'private, no-store';

/**
 * The urlencoded body of a form posted to a page, at most 64 KB (`MAX_JSON_BYTES`); empty when
 * the body is larger or unreadable (the form then shows its fields' messages).
 */
export async function readFormBody(request: Request): Promise<URLSearchParams> {
  try {
    return new URLSearchParams(new TextDecoder().decode(await readBody(request, MAX_JSON_BYTES)));
  } catch {
    return new URLSearchParams();
  }
}

/**
 * A multipart form posted to a page: its text fields, its non-empty files, or why it was refused
 * (with the text fields that came before its files, when the body was too large).
 */
type Upload =
  | { ok: true; params: URLSearchParams; files: File[] }
  | { ok: false; error: ApiError; status: number; params?: URLSearchParams };

/**
 * Reads a multipart/form-data body of at most `files.maxBytes` (null when the body is not
 * multipart: the caller reads it as urlencoded). A body that declares more (its Content-Length,
 * as a browser's form post does) is refused before its files are read, with the
 * {@link leadingFields} it starts with, so the form is shown again with what was typed.
 */
async function readUpload(
  request: Request,
  files: NonNullable<FormPostOptions<unknown>['files']>,
): Promise<Upload | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) return null;
  const tooLarge = (params?: URLSearchParams): Upload => ({
    ok: false,
    status: 413,
    error: { code: 'PAYLOAD_TOO_LARGE', message: files.tooLarge },
    ...(params ? { params } : {}),
  });
  if (Number(request.headers.get('content-length') ?? 0) > files.maxBytes)
    return tooLarge(await leadingFields(request, type));
  let bytes: Uint8Array;
  try {
    bytes = await readBody(request, files.maxBytes);
  } catch (error) {
    if ((error as { code?: string }).code === 'PAYLOAD_TOO_LARGE') return tooLarge();
    return {
      ok: false,
      status: 400,
      error: { code: 'BAD_REQUEST', message: files.cutOff },
    };
  }
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    return { ok: false, status: 400, error: { code: 'BAD_REQUEST', message: files.cutOff } };
  }
  const params = new URLSearchParams();
  const found: File[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') params.append(name, value);
    else if (name === files.name && value.size > 0) found.push(value);
  }
  return { ok: true, params, files: found };
}

/**
 * Calls the API in-process for a page, as the visitor: their cookies, address, Origin and
 * request id go with it (so sessions, rate limits and the same-origin check apply as to the
 * island's fetch). Returns the response and its parsed JSON body (null when not JSON); a failure
 * of the call itself is logged and answered as a 500 without body.
 */
export async function callApi(
  astro: AstroGlobal,
  method: 'GET' | 'POST',
  path: string,
  options: { json?: unknown; form?: FormData; idempotencyKey?: string } = {},
): Promise<{ response: Response; body: unknown }> {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of ['cookie', 'origin', 'sec-fetch-site', 'user-agent', 'x-request-id']) {
    const value = astro.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (options.json !== undefined) headers.set('content-type', 'application/json');
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);
  const request = new Request(new URL(path, astro.url), {
    method,
    headers,
    ...(options.form
      ? { body: options.form }
      : options.json === undefined
        ? {}
        : { body: JSON.stringify(options.json) }),
  });
  try {
    const response = await pageApi(astro.locals)(request, { clientAddress: astro.clientAddress });
    return { response, body: await response.json().catch(() => null) };
  } catch (error) {
    log.error('page api call failed', { path, error: String(error) });
    return { response: new Response(null, { status: 500 }), body: null };
  }
}

/** The form's schema for what was posted (a page with several forms picks by a field). */
function schemaOf(
  options: Pick<FormPostOptions<unknown>, 'schema'>,
  params: URLSearchParams,
): z.ZodType {
  return typeof options.schema === 'function' ? options.schema(params) : options.schema;
}

/** What was posted, to show again in a refused form: the schema's fields, never `secret` ones. */
function postedValues(
  options: Pick<FormPostOptions<unknown>, 'schema' | 'secret'>,
  params: URLSearchParams,
): FormValues {
  const values = formValues(schemaOf(options, params), params);
  for (const name of options.secret ?? []) delete values[name];
  return values;
}

/**
 * A public form posted without JavaScript (issue 22.1, ADR 028). On GET the page shows the form
 * with a new idempotency key (so the page is never cached: the key is per view). On POST the
 * urlencoded body (at most 64 KB) becomes the API's JSON (a multipart body with files, when
 * `files` allows them, the API's multipart: ADR 042), sent in-process to `endpoint` with the
 * visitor's cookies, address and the form's key (`Idempotency-Key`), so the same schema, limits,
 * rate limits and e-mails apply as to the island. Accepted: 303 to `done(data)` with the API's
 * cookies. Refused: the form again with what the visitor typed (never `secret` fields), the
 * field messages and the API's error, at the API's status (422, 429, 503…).
 */
export async function handleFormPost<T>(
  astro: AstroGlobal,
  options: FormPostOptions<T>,
): Promise<FormPost> {
  astro.response.headers.set('cache-control', NO_STORE);
  if (astro.request.method !== 'POST') {
    return {
      kind: 'show',
      state: { values: {}, fieldErrors: {}, error: null, idempotencyKey: newIdempotencyKey() },
    };
  }
  const upload = options.files ? await readUpload(astro.request, options.files) : null;
  if (upload && !upload.ok) {
    // The body never arrived whole: nothing was sent to the API, nothing saved. The fields that
    // came before the files (a body too large) are shown again, as with any refusal.
    astro.response.status = upload.status;
    const values = upload.params ? postedValues(options, upload.params) : {};
    return {
      kind: 'show',
      state: { values, fieldErrors: {}, error: upload.error, idempotencyKey: newIdempotencyKey() },
    };
  }
  const params = upload ? upload.params : await readFormBody(astro.request);
  const endpoint =
    typeof options.endpoint === 'function' ? options.endpoint(params) : options.endpoint;
  const values = formValues(schemaOf(options, params), params);
  const postedKey = params.get(IDEMPOTENCY_FIELD) ?? '';
  const idempotencyKey = IDEMPOTENCY_KEY_PATTERN.test(postedKey) ? postedKey : newIdempotencyKey();

  const json = options.toBody ? options.toBody(values) : values;
  let form: FormData | undefined;
  if (options.files && upload?.files.length) {
    form = new FormData();
    form.set(options.files.jsonField, JSON.stringify(json));
    for (const file of upload.files) form.append(options.files.name, file);
  }
  const { response, body } = await callApi(
    astro,
    'POST',
    endpoint,
    form ? { form, idempotencyKey } : { json, idempotencyKey },
  );

  if (response.ok) {
    const answer = new Response(null, {
      status: 303,
      headers: { location: options.done(body as T), 'cache-control': NO_STORE },
    });
    for (const cookie of response.headers.getSetCookie())
      answer.headers.append('set-cookie', cookie);
    return { kind: 'answer', response: answer };
  }

  let error: ApiError = (body as { error?: ApiError } | null)?.error ?? {
    code: 'INTERNAL',
    message: 'An unexpected error occurred. Please try again.',
  };
  // Nothing was saved: the form says so and keeps what was typed (issue 23.2).
  if (error.code === DATABASE_UNAVAILABLE) error = { ...error, message: NOT_SENT_MESSAGE };
  for (const name of options.secret ?? []) delete values[name];
  astro.response.status = response.status;
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter) astro.response.headers.set('retry-after', retryAfter);
  return {
    kind: 'show',
    state: {
      values,
      fieldErrors: error.fields ?? {},
      error: { code: error.code, message: error.message },
      idempotencyKey,
    },
  };
}

/**
 * What an account page shows when its read through {@link callApi} failed: the outage message
 * when the database could not be reached, `otherwise` for any other refusal.
 */
export function loadErrorOf(body: unknown, otherwise: string): string {
  return (body as { error?: { code?: string } } | null)?.error?.code === DATABASE_UNAVAILABLE
    ? DATABASE_UNAVAILABLE_MESSAGE
    : otherwise;
}
