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

/** `{ ok: true }`: a write that has nothing else to say. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** `{ deleted }`: how many rows a Clear All removed. */
export const DeletedResponseSchema = z.object({ deleted: z.number().int().min(0) });

/** A uuid route parameter (`/:id`); a malformed id answers 422 "Invalid id". */
export const IdParamsSchema = z.object({ id: z.uuid('Invalid id') });

/** A drag-and-drop order (SPEC §4): the ids in their new order, renumbered 1..n. */
export const OrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
