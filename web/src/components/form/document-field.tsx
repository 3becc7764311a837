import { useId, useState, type DragEvent, type Ref } from 'react';
import { DOCUMENT_ACCEPT } from '@gm/shared/auth/seller-registration';
import { FieldFrame, fieldId } from '../ui/form-fields.tsx';
import { CloseIcon, UserIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import './document-field.css';

type DocumentFieldProps = {
  name: string;
  label: string;
  file: File | undefined;
  error?: string | undefined;
  required?: boolean;
  /** True while the chosen photo is being downscaled. */
  busy?: boolean;
  onSelect: (file: File | undefined) => void;
  /** The file input, so a form can focus it when it fails. */
  ref?: Ref<HTMLInputElement>;
};

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
}

/**
 * An ID photo input (02 §2 'Überprüfung'): the whole box opens the file picker (or takes a dropped
 * file), then shows a preview with name and size. The file input itself stays the focusable control,
 * so the label, the error summary's links and the keyboard all reach it.
 */
export function DocumentField({ name, label, file, error, required, busy, onSelect, ref }: DocumentFieldProps) {
  const preview = useObjectUrl(file);
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const id = fieldId(name);

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onSelect(dropped);
  }

  return (
    <FieldFrame
      name={name}
      label={label}
      error={error}
      required={required}
      markOptional
      errorId={errorId}
      className="document-field"
      testId={`document-${name}`}
    >
      <input
        ref={ref}
        id={id}
        name={name}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="document-field__input visually-hidden"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={`${hintId} ${errorId}`}
        onChange={(event) => {
          onSelect(event.target.files?.[0]);
          // Choosing the same file again must fire a change event too.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={`document-field__box${file ? ' has-file' : ''}${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {preview ? (
          <img src={preview} alt="" className="document-field__preview" />
        ) : (
          <span className="document-field__placeholder" aria-hidden="true">
            <UserIcon size={30} />
          </span>
        )}
        <span className="document-field__body">
          <span id={hintId} className="document-field__text">
            {file ? (
              <>
                <span className="document-field__name">{file.name}</span>
                <span className="document-field__size">{formatFileSize(file.size)}</span>
              </>
            ) : (
              <span className="document-field__hint">
                JPEG oder PNG, höchstens 10 MB. Alle Angaben müssen gut lesbar sein.
              </span>
            )}
          </span>
          <span className="button button--outline button--small document-field__choose" aria-hidden="true">
            {file ? 'Anderes Foto wählen' : 'Foto auswählen'}
          </span>
        </span>
        {busy && (
          <span className="document-field__busy">
            <Spinner size="sm" label="Foto wird vorbereitet…" />
          </span>
        )}
      </label>
      {file && !required && (
        <button type="button" className="link-button document-field__remove" onClick={() => onSelect(undefined)}>
          <CloseIcon size={16} /> Dokument entfernen
        </button>
      )}
    </FieldFrame>
  );
}
