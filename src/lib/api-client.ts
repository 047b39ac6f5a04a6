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

export async function apiGet<T>(path: string, params: Record<string, string | undefined> = {}): Promise<ApiResult<T>> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const body = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (!response.ok) {
      return { ok: false, error: body?.error ?? { code: 'HTTP_' + response.status, message: response.statusText } };
    }
    return { ok: true, data: body as T };
  } catch (error) {
    return { ok: false, error: { code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error' } };
  }
}

/** POST JSON to our API (same origin, cookies included); never throws on HTTP errors. */
export async function apiPost<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (!response.ok) {
      return { ok: false, error: parsed?.error ?? { code: 'HTTP_' + response.status, message: response.statusText } };
    }
    return { ok: true, data: parsed as T };
  } catch (error) {
    return { ok: false, error: { code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error' } };
  }
}
