import { IDEMPOTENCY_HEADER } from '../../common/schemas/idempotency';
import {
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_MESSAGE,
  NOT_SENT_MESSAGE,
} from '../../common/schemas/outage';

/**
 * Typed fetch for islands (STYLE.md §5): never throws on HTTP errors; returns the parsed body
 * or the error envelope of DESIGN.md. Network failures become `{ code: 'NETWORK' }`.
 * While the database cannot be reached (issue 23.2) a call fails with code
 * `DATABASE_UNAVAILABLE` (also for a 503 without the envelope, from a proxy or the CDN); a write
 * that failed so has `notSent: true` and the message {@link NOT_SENT_MESSAGE}: nothing was saved,
 * so a form keeps what the visitor typed and shows it.
 */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  requestId?: string;
  /** The server saved nothing: the database could not be reached (writes only). */
  notSent?: boolean;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

async function request<T>(url: string, init: RequestInit): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
    const body = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (!response.ok) {
      let error = body?.error ?? { code: 'HTTP_' + response.status, message: response.statusText };
      if (response.status === 503 && !body?.error)
        error = { code: DATABASE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE };
      const write = (init.method ?? 'GET') !== 'GET';
      if (write && isUnavailable(error))
        error = { ...error, message: NOT_SENT_MESSAGE, notSent: true };
      return { ok: false, error };
    }
    return { ok: true, data: body as T };
  } catch (error) {
    return {
      ok: false,
      error: { code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error' },
    };
  }
}

/** GET with query parameters (empty values are left out). */
export function apiGet<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<ApiResult<T>> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return request<T>(url.toString(), {});
}

/**
 * POST JSON to our API (same origin, cookies included); a `FormData` body goes as
 * multipart/form-data (a form with files). With `idempotencyKey` (the form's key, issue 23.4) a
 * retry of the same submission gets the first answer instead of a second row.
 */
export function apiPost<T>(
  path: string,
  body: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<ApiResult<T>> {
  const form = body instanceof FormData;
  return request<T>(path, {
    method: 'POST',
    headers: {
      ...(form ? {} : { 'content-type': 'application/json' }),
      ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
    },
    body: form ? body : JSON.stringify(body),
  });
}

/** Whether the call failed because the database cannot be reached right now (issue 23.2). */
export function isUnavailable(error: ApiError): boolean {
  return error.code === DATABASE_UNAVAILABLE;
}

/** The SPEC §8 fallback for failures that carry no message meant for people. */
export function isUnexpected(error: ApiError): boolean {
  return error.code === 'NETWORK' || error.code === 'INTERNAL' || error.code.startsWith('HTTP_');
}

/** PUT, PATCH or DELETE with an optional JSON body. */
export function apiSend<T>(
  method: 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  return request<T>(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}
