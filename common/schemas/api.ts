import { z } from 'zod';

/**
 * Shapes every resource of the API shares (DESIGN.md "Error envelope"). Response schemas describe
 * the JSON on the wire: dates are ISO 8601 strings.
 */

/** A timestamp as the API sends it (`2026-11-23T10:00:00.000Z`). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Field name → end-user messages (Zod issues flattened by path). */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * Every failure: `{"error":{"code","message","fields"?,"requestId"}}`. `message` is the SPEC §8
 * text a toast can show as is; `fields` carries per-field messages for 422.
 */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: FieldErrorsSchema.optional(),
    requestId: z.string(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_MESSAGE,
  NOT_SENT_MESSAGE,
} from './outage.ts';

/**
 * `GET /api/health` (issue 23.2), for a load balancer or an uptime monitor: 200 while the
 * database answers, 503 while it does not. `latencyMs` is the round trip of `select 1` (or the
 * wait until it failed); `since` when this server last saw the database change state (ISO 8601;
 * null while it never did).
 */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    state: z.enum(['up', 'down']),
    latencyMs: z.number().min(0),
    since: isoDateTime.nullable(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** `{ ok: true }`: a write that has nothing else to say. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** `{ deleted }`: how many rows a Clear All removed. */
export const DeletedResponseSchema = z.object({ deleted: z.number().int().min(0) });

/** A uuid route parameter (`/:id`); a malformed id answers 422 "Invalid id". */
export const IdParamsSchema = z.object({ id: z.uuid('Invalid id') });

/** A drag-and-drop order (SPEC §4): the ids in their new order, renumbered 1..n. */
export const OrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** Most rows one page of an admin list (or the public article list) carries (ADR 014). */
export const MAX_LIST_LIMIT = 100;
/** Rows per admin page when the caller does not say. */
export const ADMIN_PAGE_SIZE = 24;
/** Deepest numbered page (100 × 10,000 = a million rows). */
export const MAX_PAGE = 10_000;

/**
 * Numbered pages of a list (`?page=2&limit=24`): 1-based `page`, `limit` 1..100. Pages past the
 * end are empty, never an error.
 */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(ADMIN_PAGE_SIZE),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/**
 * A tab search (SPEC §5 "Admin search"): case-insensitive substring, ignored when blank. Control
 * characters (NUL cannot reach Postgres text) are refused with 422.
 */
export const AdminSearchSchema = z
  .string()
  .max(200, 'Search at most 200 characters')
  // eslint-disable-next-line no-control-regex
  .refine((q) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(q), 'Invalid search')
  .transform((q) => q.trim())
  .optional();

/** What every page of a list says besides its rows: the matches in all, and where it is. */
export const PageInfoSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;
