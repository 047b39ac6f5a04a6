/**
 * Send twice, stored once (issue 23.4, ADR 028): every public form and admin create action carries
 * a key made when the form is shown. Islands send it as the `Idempotency-Key` header; a form
 * posted without JavaScript carries it in a hidden field, which the page sends on as the header.
 * The API answers a retry with the same key with the first answer (functions/_lib/idempotency.ts).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The hidden form field that carries the key when a form is posted without JavaScript. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';
/** 16–128 characters of A–Z a–z 0–9 `_` `-`: a UUID, or 32 hex digits from {@link newIdempotencyKey}. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * A new key: 128 random bits as 32 hex digits. `crypto.getRandomValues` (not `randomUUID`) so it
 * works on pages served over plain http too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
