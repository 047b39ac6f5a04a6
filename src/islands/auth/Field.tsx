import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled input with its validation message announced to screen readers. */
export function Field({ id, label, error, hint, ...input }: Props) {
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

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
  error?: FieldError | undefined;
}

/** A labelled textarea with its validation message. */
export function TextAreaField({ id, label, error, ...textarea }: TextAreaProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error?.message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: FieldError | undefined;
  /** The choices; the first option, "" (`blank`), stands for no choice. */
  options: readonly { value: string; label: string }[];
  blank: string;
}

/** A labelled `<select>` with its validation message. */
export function SelectField({ id, label, error, options, blank, ...select }: SelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
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
export function Honeypot(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor="hp">Leave this field empty</label>
      <input id="hp" type="text" tabIndex={-1} autoComplete="off" {...props} />
    </div>
  );
}
