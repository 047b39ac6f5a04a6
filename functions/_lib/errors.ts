/**
 * The one error vocabulary of the API (DESIGN.md "Error envelope").
 * Every failure that leaves a handler is an {@link AppError}, serialised as
 * `{"error":{"code","message","fields"?,"requestId"}}` by `http.ts`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A dependency the deployment needs is missing or down (no database configured: issue 14). */
  SERVICE_UNAVAILABLE: 503,
  /** The database cannot be reached right now (issue 23.2): try again after `Retry-After`. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → end-user messages, as produced by Zod's flattened errors. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Extra response headers, e.g. Retry-After on RATE_LIMITED. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
