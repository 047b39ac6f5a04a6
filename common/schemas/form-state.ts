/**
 * What a form page hands its island (issue 22.1, ADR 028): after a post without JavaScript that
 * the API refused, the form is shown again with what the visitor typed, the messages next to the
 * fields and the refusal; on a fresh view, empty. Either way it carries the form's idempotency key
 * (issue 23.4). Built by src/render/form-post.ts, read by the form islands.
 */
export interface FormState {
  /** The posted values (never passwords): a string per field, a list for checkboxes. */
  values: Record<string, string | string[]>;
  /** The API's field messages (the spec's), by field name. */
  fieldErrors: Record<string, string[]>;
  /** The API's refusal (code and message), or null. */
  error: { code: string; message: string } | null;
  /** The key the form sends with its POST, made when the form was shown. */
  idempotencyKey: string;
}

/** A form shown for the first time in the browser (cached pages, dialogs): a fresh key. */
export function emptyFormState(idempotencyKey: string): FormState {
  return { values: {}, fieldErrors: {}, error: null, idempotencyKey };
}
