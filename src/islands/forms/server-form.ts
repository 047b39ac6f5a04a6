import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import type { FormState } from '../../../common/schemas/form-state';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '../../../common/schemas/idempotency';

export { IDEMPOTENCY_FIELD };

/** A posted list field (checkboxes) as a list: one value arrives as a string. */
export function listOf(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/**
 * What a form island reads from its page's {@link FormState} (issue 22.1, ADR 028): the values
 * and messages of a post the API refused without JavaScript, shown until the visitor submits
 * again in the browser, and the form's idempotency key (issue 23.4), renewed after each success.
 * Inputs take `defaultValue`/`defaultChecked` from here and no react-hook-form defaults, so the
 * server's HTML shows them and whatever the visitor typed before the script loaded is kept
 * (react-hook-form reads an input's value when it has no default of its own).
 */
export function useServerForm(initial: FormState | undefined, submitCount: number) {
  const [idempotencyKey, setKey] = useState(() => initial?.idempotencyKey || newIdempotencyKey());
  const fresh = submitCount === 0;
  const values = initial?.values ?? {};
  return {
    idempotencyKey,
    /** After a success: the next submission is a new one. */
    renewKey: () => setKey(newIdempotencyKey()),
    /** The posted text of `name`, for `defaultValue`. */
    value: (name: string): string | undefined => {
      const value = values[name];
      return typeof value === 'string' ? value : undefined;
    },
    /** Whether `option` was among the posted values of `name` (checkboxes, radios). */
    checked: (name: string, option: string): boolean | undefined => {
      const value = values[name];
      if (value === undefined) return undefined;
      return Array.isArray(value) ? value.includes(option) : value === option;
    },
    /** The server's first message for `name`, until the form is submitted in the browser. */
    error: (name: string): FieldError | undefined => {
      const message = fresh ? initial?.fieldErrors[name]?.[0] : undefined;
      return message ? { type: 'server', message } : undefined;
    },
    /** The API's refusal of the post without JavaScript, until the next submission. */
    refusal: fresh ? (initial?.error ?? null) : null,
  };
}
