import { useId, type ReactNode } from 'react';
import { FieldError, FieldFrame, describedBy, fieldId } from '../ui/form-fields.tsx';
import './builder-inputs.css';

type CountedFieldProps = {
  name: string;
  label: string;
  value: string;
  max: number;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  placeholder?: string;
};

/** A text input or textarea with a live "n / max" counter; going over the limit marks the counter, the contract says why. */
export function CountedField({
  name,
  label,
  value,
  max,
  onValueChange,
  error,
  hint,
  multiline,
  rows = 3,
  required,
  placeholder,
}: CountedFieldProps) {
  const counterId = useId();
  const errorId = useId();
  const hintId = useId();
  const length = Array.from(value).length;
  const props = {
    id: fieldId(name),
    name,
    value,
    placeholder,
    className: `input${multiline ? ' textarea' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(hint ? hintId : null, counterId, errorId),
  };
  return (
    <FieldFrame
      {...{ name, label, error, required, hint, hintId, errorId }}
      labelExtra={
        <span
          id={counterId}
          className={`counter${length > max ? ' counter--over' : ''}`}
          data-testid={`counter-${name}`}
        >
          <span className="visually-hidden">Zeichen: </span>
          {length} / {max}
        </span>
      }
    >
      {multiline ? (
        <textarea {...props} rows={rows} onChange={(e) => onValueChange(e.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(e) => onValueChange(e.target.value)} />
      )}
    </FieldFrame>
  );
}

/** `#abc` → `#aabbcc`: the colour input only takes six digits. */
export function sixDigitHex(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000';
}

export function ColourField({
  name,
  label,
  value,
  onValueChange,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const errorId = useId();
  const hex = sixDigitHex(value);
  return (
    <div className={`colour-field${error ? ' field--invalid' : ''}`}>
      <input
        id={fieldId(name)}
        type="color"
        className="colour-field__swatch"
        value={hex}
        onChange={(e) => onValueChange(e.target.value)}
        aria-describedby={errorId}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={fieldId(name)} className="colour-field__label">
        <span>{label}</span>
        <span className="colour-field__code">{hex.toUpperCase()}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type ChipOption<T extends string | number> = { value: T; label: string };

type ChipGroupProps<T extends string | number> = {
  name: string;
  legend: string;
  options: ReadonlyArray<ChipOption<T>>;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
} & (
  | { multiple: true; value: readonly T[]; onToggle: (value: T) => void }
  | { multiple?: false; value: T | ''; onSelect: (value: T) => void }
);

/**
 * Pill-shaped radio buttons ("exactly one", 02 §5) or checkboxes (weekdays, months, tax rates) in a fieldset.
 * The first input carries the field id, so the error summary can focus the group.
 */
export function ChipGroup<T extends string | number>(props: ChipGroupProps<T>) {
  const { name, legend, options, error, hint, required } = props;
  const errorId = useId();
  const hintId = useId();
  return (
    <fieldset
      className={`field chip-group${error ? ' field--invalid' : ''}`}
      aria-describedby={describedBy(hint ? hintId : null, errorId)}
    >
      <legend className="field__label">
        {legend}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="chip-group__options">
        {options.map((option, index) => {
          const checked = props.multiple ? props.value.includes(option.value) : props.value === option.value;
          return (
            <label key={String(option.value)} className={`chip${checked ? ' is-checked' : ''}`}>
              <input
                id={index === 0 ? fieldId(name) : undefined}
                type={props.multiple ? 'checkbox' : 'radio'}
                name={name}
                value={String(option.value)}
                checked={checked}
                aria-invalid={error ? true : undefined}
                onChange={() => (props.multiple ? props.onToggle(option.value) : props.onSelect(option.value))}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** An on/off switch (a checkbox with role switch), for the validity limit. */
export function SwitchField({
  name,
  label,
  checked,
  onCheckedChange,
  hint,
}: {
  name: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const hintId = useId();
  return (
    <div className="switch-field">
      <input
        id={fieldId(name)}
        type="checkbox"
        role="switch"
        className="switch-field__input"
        checked={checked}
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <label htmlFor={fieldId(name)} className="switch-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint switch-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type MoneyFieldProps = {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  unit: '€' | 'Stück';
  required?: boolean;
};

/** A number input with its unit shown after it; euros accept "12,50" (text with inputMode decimal). */
export function UnitField({ name, label, value, onValueChange, error, hint, unit, required }: MoneyFieldProps) {
  const errorId = useId();
  const hintId = useId();
  return (
    <FieldFrame {...{ name, label, error, required, hint, hintId, errorId }}>
      <div className="field__control unit-field">
        <input
          id={fieldId(name)}
          name={name}
          type="text"
          inputMode={unit === '€' ? 'decimal' : 'numeric'}
          autoComplete="off"
          className="input unit-field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(hint ? hintId : null, errorId)}
        />
        <span className="unit-field__unit" aria-hidden="true">
          {unit}
        </span>
      </div>
    </FieldFrame>
  );
}
