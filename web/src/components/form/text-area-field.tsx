import { useId } from 'react';
import { FieldFrame, describedBy, fieldId } from '../ui/form-fields.tsx';
import './text-area-field.css';

type TextAreaFieldProps = {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Shows "n / max"; the contract enforces the limit with its German message. */
  maxLength: number;
  rows?: number;
  /** Marks the label with the required star and sets aria-required. */
  required?: boolean;
};

/** A multi-line field in the look of TextField, with a live character count. */
export function TextAreaField({
  name,
  label,
  value,
  onValueChange,
  error,
  hint,
  maxLength,
  rows = 5,
  required,
}: TextAreaFieldProps) {
  const hintId = useId();
  const countId = useId();
  const errorId = useId();
  const over = value.length > maxLength;
  return (
    <FieldFrame name={name} label={label} error={error} errorId={errorId} required={required}>
      <textarea
        id={fieldId(name)}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(hint ? hintId : null, countId, errorId)}
        className="input textarea-field"
      />
      <div className="textarea-field__meta">
        {hint ? (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        ) : (
          <span />
        )}
        <p id={countId} className={`textarea-field__count${over ? ' is-over' : ''}`}>
          {value.length} / {maxLength}
        </p>
      </div>
    </FieldFrame>
  );
}
