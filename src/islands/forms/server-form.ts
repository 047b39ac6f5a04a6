import { useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  useForm,
} from 'react-hook-form';
import { apiPost, type ApiError } from '../../browser/api-client';
import type { FormState } from '../../../common/schemas/form-state';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '../../../common/schemas/idempotency';
import { asField } from '../auth/Field';
import type { LazyResolver } from './lazy-resolver';

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

/**
 * One public form posting to the API (issue 22.1, 25.5; ADR 028): react-hook-form validating with
 * the route's Zod schema (the one the API parses with, loaded after hydration: a
 * {@link lazyZodResolver}), the page's {@link FormState}, and the
 * submission to `endpoint` with the form's idempotency key. After a success the form is emptied
 * and the key renewed; `onSent` and `onFailed` show the spec's toasts. `field(name)` gives an
 * input its message (the browser's, else the server's), its posted value and its registration;
 * `checkboxes(name)` gives a checkbox group the same.
 */
export function usePublicForm<Input extends FieldValues, Output, Result>(options: {
  /** The route's schema: `lazyZodResolver(() => import(…).then((m) => m.Schema))`. */
  resolver: LazyResolver<Input, Output>;
  initial: FormState;
  /** The API route, e.g. `/api/contacts`. */
  endpoint: string;
  /** The values of an empty form, after a success. */
  empty: Input;
  /** Lists need defaults (react-hook-form reads a checkbox group as one box otherwise). */
  defaultValues?: DefaultValues<Input>;
  onSent: (result: Result) => void;
  onFailed: (error: ApiError) => void;
  /** The browser found fields in error (nothing was sent). */
  onInvalid?: SubmitErrorHandler<Input>;
  /**
   * A form that may carry files (Find It's photos, ADR 083): with files chosen, the values go as
   * JSON in `jsonField` and the files in `name`, multipart, as the page does without JavaScript.
   */
  files?: { name: string; jsonField: string; read: () => readonly File[]; clear: () => void };
}) {
  const form = useForm<Input, unknown, Output>({
    resolver: options.resolver,
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const server = useServerForm(options.initial, submitCount);
  const submit = form.handleSubmit(async (values) => {
    const files = options.files?.read() ?? [];
    let body: unknown = values;
    if (options.files && files.length > 0) {
      const multipart = new FormData();
      multipart.set(options.files.jsonField, JSON.stringify(values));
      for (const file of files) multipart.append(options.files.name, file);
      body = multipart;
    }
    const result = await apiPost<Result>(options.endpoint, body, {
      idempotencyKey: server.idempotencyKey,
    });
    if (!result.ok) {
      options.onFailed(result.error);
      return;
    }
    options.onSent(result.data);
    form.reset(options.empty);
    options.files?.clear();
    server.renewKey();
  }, options.onInvalid);
  const field = (name: Path<Input>) => ({
    error: (errors[name] as FieldError | undefined) ?? server.error(name),
    defaultValue: server.value(name),
    ...asField(form.register(name)),
  });
  /** The same for a group of checkboxes (a list field): `<CheckboxGroup {...checkboxes(name)} />`. */
  const checkboxes = (name: Path<Input>) => ({
    registration: form.register(name),
    error: (errors[name] as FieldError | undefined) ?? server.error(name),
    isChecked: (option: string) => server.checked(name, option),
  });
  return { form, server, submit, field, checkboxes, errors, isSubmitting, submitCount };
}
