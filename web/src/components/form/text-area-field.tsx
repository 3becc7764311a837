import { useId, type Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldFrame, describedBy, fieldId } from '../ui/form-fields.tsx';
import './text-area-field.css';

type TextAreaFieldProps = {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  /** Shows "n / max"; the contract enforces the limit with its German message. */
  maxLength: number;
  rows?: number;
  /** Marks the label with the required star and sets aria-required. */
  required?: boolean;
  /** Lets a form focus the field when it fails. */
  ref?: Ref<HTMLTextAreaElement>;
};

/** A multi-line field in the look of TextField, with a live character count. */
export function TextAreaField({
  name,
  label,
  value,
  onValueChange,
  onBlur,
  error,
  hint,
  maxLength,
  rows = 5,
  required,
  ref,
}: TextAreaFieldProps) {
  const hintId = useId();
  const countId = useId();
  const errorId = useId();
  const over = value.length > maxLength;
  return (
    <FieldFrame name={name} label={label} error={error} errorId={errorId} required={required}>
      <textarea
        ref={ref}
        id={fieldId(name)}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
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

type FormTextAreaFieldProps<T extends FieldValues> = Omit<
  TextAreaFieldProps,
  'name' | 'value' | 'onValueChange' | 'onBlur' | 'error' | 'ref'
> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
};

/** TextAreaField bound to a react-hook-form control (as the fields of form-controls.tsx). */
export function FormTextAreaField<T extends FieldValues>({ control, name, ...props }: FormTextAreaFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextAreaField
      {...props}
      ref={field.ref}
      name={name}
      value={(field.value as string | null | undefined) ?? ''}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
