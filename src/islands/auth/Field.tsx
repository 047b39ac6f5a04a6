import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { ChangeHandler, FieldError, RefCallBack } from 'react-hook-form';

/**
 * A react-hook-form registration as the props of the fields below: its `ref` as `inputRef`, which
 * they put on their control, and its change handler on `onInput`. The public forms render on
 * Preact (ADR 093), whose function components never receive a `ref` prop (forwardRef would need
 * Preact's compat layer on every public page), and whose `onChange` is the DOM's `change` event,
 * which a text box fires only when left; `input` fires at each keystroke on both renderers, as
 * React's `onChange` does. `<Field id="email" label="Email" {...asField(form.register('email'))} />`
 */
export function asField<Registration extends { ref: RefCallBack; onChange: ChangeHandler }>({
  ref,
  onChange,
  ...registration
}: Registration): Omit<Registration, 'ref' | 'onChange'> & {
  inputRef: RefCallBack;
  onInput: ChangeHandler;
} {
  return { ...registration, inputRef: ref, onInput: onChange };
}

/** The control's ref: a registration's, through {@link asField}. */
interface ControlRef {
  inputRef?: RefCallBack | undefined;
}

interface Props extends InputHTMLAttributes<HTMLInputElement>, ControlRef {
  id: string;
  label: string;
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled input with its validation message announced to screen readers. */
export function Field({ id, label, error, hint, inputRef, ...input }: Props) {
  const described =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
        ref={inputRef}
      />
      {hint && (
        <p id={`${id}-hint`} className="small muted">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, ControlRef {
  id: string;
  label: string;
  error?: FieldError | undefined;
}

/** A labelled textarea with its validation message. */
export function TextAreaField({ id, label, error, inputRef, ...textarea }: TextAreaProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
        ref={inputRef}
      />
      {error?.message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, ControlRef {
  id: string;
  label: string;
  error?: FieldError | undefined;
  /** The choices; the first option, "" (`blank`), stands for no choice. */
  options: readonly { value: string; label: string }[];
  blank: string;
}

/** A labelled `<select>` with its validation message. */
export function SelectField({
  id,
  label,
  error,
  options,
  blank,
  inputRef,
  ...select
}: SelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
        ref={inputRef}
      >
        <option value="">{blank}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error?.message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The honeypot (SPEC-beyond spam guard): hidden from people and screen readers, tempting to bots. */
export function Honeypot({
  inputRef,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & ControlRef) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor="hp">Leave this field empty</label>
      <input id="hp" type="text" tabIndex={-1} autoComplete="off" {...props} ref={inputRef} />
    </div>
  );
}
