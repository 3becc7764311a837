import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { MSG } from '@gm/shared/validation/messages';
import { AlertIcon, EyeIcon, EyeOffIcon, InfoIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';
import './form-fields.css';

type BaseFieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  tooltip?: string;
  required?: boolean;
  /** Shows a small spinner at the end of the input (async checks). */
  busy?: boolean;
};

/** The id every input gets, so error summaries can link to it. */
export const fieldId = (name: string) => `field-${name}`;

/** The error line under a field: always in the page (aria-live), filled with the icon and the message. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return (
    <p id={id} className="field__error" aria-live="polite">
      {error && (
        <>
          <AlertIcon size={16} />
          <span>{error}</span>
        </>
      )}
    </p>
  );
}

type FieldFrameProps = {
  name: string;
  label: string;
  error?: string | undefined;
  required?: boolean | undefined;
  /** Shows '(optional)' next to the label when the field is not required. */
  markOptional?: boolean;
  /** After the label and its star: an info tip, a character counter. */
  labelExtra?: ReactNode;
  /** The hint under the control, with the id the control's aria-describedby names. */
  hint?: ReactNode;
  hintId?: string;
  errorId: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

/** The frame every labelled field shares: label row (label, required star), the control, hint and error line. */
export function FieldFrame({
  name,
  label,
  error,
  required,
  markOptional,
  labelExtra,
  hint,
  hintId,
  errorId,
  className,
  testId,
  children,
}: FieldFrameProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`} data-testid={testId}>
      <div className="field__label-row">
        <label htmlFor={fieldId(name)} className="field__label">
          {label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : (
          markOptional && <span className="field__optional">(optional)</span>
        )}
        {labelExtra}
      </div>
      {children}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldShell({
  name,
  label,
  error,
  hint,
  tooltip,
  required,
  hintId,
  errorId,
  children,
}: BaseFieldProps & { hintId: string; errorId: string; children: ReactNode }) {
  return (
    <FieldFrame
      {...{ name, label, error, required, hint, hintId, errorId }}
      labelExtra={tooltip && <InfoTip label={`Hinweis zu ${label}`} text={tooltip} />}
    >
      {children}
    </FieldFrame>
  );
}

/** aria-describedby from the ids that apply (a hint only when there is one). */
export function describedBy(...ids: ReadonlyArray<string | null | undefined | false>) {
  return ids.filter(Boolean).join(' ');
}

type TextFieldProps = BaseFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'id'> & {
    value: string;
    onValueChange: (value: string) => void;
    /** React 19 passes ref as a prop: forms focus the first failing field through it. */
    ref?: Ref<HTMLInputElement>;
  };

export function TextField({
  name,
  label,
  error,
  hint,
  tooltip,
  required,
  busy,
  value,
  onValueChange,
  type = 'text',
  ...input
}: TextFieldProps) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell {...{ name, label, error, hint, tooltip, required, hintId, errorId }}>
      <div className="field__control">
        <input
          {...input}
          id={fieldId(name)}
          name={name}
          type={type}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(hint ? hintId : null, errorId)}
          className="input"
        />
        {busy && (
          <span className="field__adornment">
            <Spinner size="sm" label="Wird geprüft…" />
          </span>
        )}
      </div>
    </FieldShell>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const { name, label, error, hint, tooltip, required, value, onValueChange, busy: _busy, ...input } = props;
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell {...{ name, label, error, hint, tooltip, required, hintId, errorId }}>
      <div className="field__control">
        <input
          {...input}
          id={fieldId(name)}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(hint ? hintId : null, errorId)}
          className="input input--with-action"
        />
        <button
          type="button"
          className="field__action"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
          aria-controls={fieldId(name)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = BaseFieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  onBlur?: () => void;
  /** Lets a form focus the select when it fails. */
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({
  name,
  label,
  error,
  hint,
  tooltip,
  required,
  value,
  onValueChange,
  options,
  placeholder,
  onBlur,
  ref,
}: SelectFieldProps) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell {...{ name, label, error, hint, tooltip, required, hintId, errorId }}>
      <div className="field__control field__control--select">
        <select
          ref={ref}
          id={fieldId(name)}
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(hint ? hintId : null, errorId)}
          className="input select"
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </FieldShell>
  );
}

type CheckboxFieldProps = {
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
  required?: boolean;
  /** Lets a form focus the checkbox when it fails. */
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ name, checked, onCheckedChange, children, error, required, ref }: CheckboxFieldProps) {
  const errorId = useId();
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <div className="checkbox">
        <input
          ref={ref}
          id={fieldId(name)}
          name={name}
          type="checkbox"
          className="checkbox__input"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={fieldId(name)} className="checkbox__label">
          {children}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A small "i" button showing a hint on hover, focus or click; Escape hides it. */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  return (
    <span className="infotip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="infotip__button"
        aria-label={label}
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <InfoIcon size={16} />
      </button>
      <span id={tipId} role="tooltip" className={`infotip__bubble${open ? ' is-open' : ''}`}>
        {text}
      </span>
    </span>
  );
}

/** The warning after a failed submit: 'Dieses Feld muss ausgefüllt werden!' with links to the fields (01 §5). */
export function FormErrorSummary({ fields }: { fields: ReadonlyArray<{ name: string; label: string }> }) {
  if (fields.length === 0) return null;
  return (
    <div className="notice notice--warning" role="alert" data-testid="form-error-summary">
      <AlertIcon size={20} />
      <div>
        <p className="notice__title">{MSG.submitFailed}</p>
        <ul className="notice__list">
          {fields.map((f) => (
            <li key={f.name}>
              <a
                href={`#${fieldId(f.name)}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(fieldId(f.name))?.focus();
                }}
              >
                {f.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A message above a form (server answers like 401/404), announced to screen readers. */
export function FormMessage({ message, tone = 'error' }: { message?: string; tone?: 'error' | 'info' }) {
  return (
    <div aria-live="assertive" className="form-message-slot">
      {message && (
        <div
          className={`notice ${tone === 'error' ? 'notice--error' : 'notice--info'}`}
          role={tone === 'error' ? 'alert' : 'status'}
          data-testid="form-message"
        >
          {tone === 'error' ? <AlertIcon size={20} /> : <InfoIcon size={20} />}
          <p>{message}</p>
        </div>
      )}
    </div>
  );
}
