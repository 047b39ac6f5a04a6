import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Props {
  legend: string;
  options: readonly string[];
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  idPrefix: string;
  /** Whether an option starts checked (a form shown again after a post without JavaScript). */
  isChecked?: (option: string) => boolean | undefined;
  /** What an option reads as, when its value is a key (`whatsapp` → "WhatsApp"). */
  labelOf?: (option: string) => string;
}

/** A fieldset of checkboxes bound to one array field. */
export function CheckboxGroup({
  legend,
  options,
  registration,
  error,
  idPrefix,
  isChecked,
  labelOf,
}: Props) {
  return (
    <fieldset className="field checkbox-group" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="checkbox-grid">
        {options.map((option, index) => (
          <label key={option} className="checkbox" htmlFor={`${idPrefix}-${index}`}>
            <input
              id={`${idPrefix}-${index}`}
              type="checkbox"
              value={option}
              defaultChecked={isChecked?.(option)}
              {...registration}
            />
            <span>{labelOf ? labelOf(option) : option}</span>
          </label>
        ))}
      </div>
      {error?.message && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}
