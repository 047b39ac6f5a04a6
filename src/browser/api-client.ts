import { IDEMPOTENCY_HEADER } from '../schemas/idempotency';

/**
 * Typed fetch for islands (STYLE.md §5): never throws on HTTP errors; returns the parsed body
 * or the error envelope of DESIGN.md. Network failures become `{ code: 'NETWORK' }`.
 */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  requestId?: string;
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
      return {
        ok: false,
        error: body?.error ?? { code: 'HTTP_' + response.status, message: response.statusText },
      };
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
 * POST JSON to our API (same origin, cookies included). With `idempotencyKey` (the form's key,
 * issue 23.4) a retry of the same submission gets the first answer instead of a second row.
 */
export function apiPost<T>(
  path: string,
  body: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<ApiResult<T>> {
  return request<T>(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
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
