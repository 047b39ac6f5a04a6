import type { InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled input with its validation message announced to screen readers. */
export function Field({ id, label, error, hint, ...input }: Props) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
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
