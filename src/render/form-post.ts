import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { MAX_JSON_BYTES, readBody } from '../../functions/_lib/http.ts';
import { log } from '../../functions/_lib/log.ts';
import { clientAddressOf } from '../../functions/_lib/request-context.ts';
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
  schema: z.core.$ZodType | ((params: URLSearchParams) => z.core.$ZodType);
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
  /** Further headers of the API call (the quotes page's key, from its cookie). */
  headers?: Record<string, string>;
}

/** The outcome of a form page's request: show the form (with `state`), or answer `response`. */
export type FormPost = { kind: 'show'; state: FormState } | { kind: 'answer'; response: Response };

/** The type of a schema field under optional/default/pipe wrappers: `array`, `string`, … */
function baseType(type: z.core.$ZodType): string {
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
function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> {
  let current = schema as unknown as { def: Record<string, unknown> & { type: string } };
  while (current.def.type === 'pipe') current = current.def.in as typeof current;
  if (current.def.type !== 'object') throw new Error('a form schema must be an object');
  return current.def.shape as Record<string, z.core.$ZodType>;
}

/**
 * The posted fields the schema knows, as the browser sent them: a string per field, or every
 * value for a list (checkboxes). Unknown fields are dropped; a missing field is left out.
 */
export function formValues(schema: z.core.$ZodType, params: URLSearchParams): FormValues {
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

const visitors = new WeakMap<Request, string>();

/**
 * The address of the page's visitor, derived once per request by the API's own rule
 * (`clientAddressOf`, ADR 015): the peer the host reports (`Astro.clientAddress`: the socket's
 * address in `npm start`, the platform's `context.ip` on Netlify), or, when that peer is a
 * trusted proxy (TRUSTED_PROXIES), the client its `X-Forwarded-For` names. Every in-process call
 * of the page carries it (issue 34.1), so per-address limits, hold rules and counters see the
 * visitor, never the server.
 */
export function visitorAddress(astro: Pick<AstroGlobal, 'request' | 'clientAddress'>): string {
  let address = visitors.get(astro.request);
  if (address === undefined) {
    let peer: string | undefined;
    try {
      peer = astro.clientAddress;
    } catch {
      // A host that reports no peer (Astro throws): only the platform's header can say.
      peer = undefined;
    }
    address = clientAddressOf(astro.request, { clientAddress: peer });
    visitors.set(astro.request, address);
  }
  return address;
}

/**
 * Calls the API in-process for a page, as the visitor: their cookies, address
 * ({@link visitorAddress}), Origin and request id go with it (so sessions, rate limits and the
 * same-origin check apply as to the island's fetch). Returns the response and its parsed JSON body (null when not JSON); a failure
 * of the call itself is logged and answered as a 500 without body.
 */
export async function callApi(
  astro: AstroGlobal,
  method: 'GET' | 'POST',
  path: string,
  options: {
    json?: unknown;
    form?: FormData;
    idempotencyKey?: string;
    /** Further request headers (the quotes page's key, read from its cookie). */
    headers?: Record<string, string>;
  } = {},
): Promise<{ response: Response; body: unknown }> {
  const headers = new Headers({ accept: 'application/json', ...options.headers });
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
    const response = await pageApi(astro.locals)(request, { client: visitorAddress(astro) });
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
): z.core.$ZodType {
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
  const { response, body } = await callApi(astro, 'POST', endpoint, {
    ...(form ? { form } : { json }),
    idempotencyKey,
    ...(options.headers ? { headers: options.headers } : {}),
  });

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

/**
 * An account page whose read through {@link callApi} was refused answers with the refusal's
 * status, keeping its friendly page (issue 34.3): 401 signed out (the page shows its sign-in
 * prompt), 404 for a listing or claim that is not the account's or does not exist (the API's 403
 * and 404 alike: the page says "not one of yours, or it does not exist" and tells neither
 * apart; a 400 or 422 to a read names something malformed in the page's URL, which does not
 * exist either), the API's own status otherwise (503 when the database cannot be reached). A
 * status the page has already set (a refused form post: 422, 429) is kept.
 */
export function answerRefusedRead(astro: AstroGlobal, response: Response): void {
  if (response.ok || astro.response.status !== 200) return;
  astro.response.status = [400, 403, 404, 422].includes(response.status) ? 404 : response.status;
}
