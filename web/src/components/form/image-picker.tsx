import { useRef, useState, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { useDialog } from '../ui/dialog-provider.tsx';
import { FieldError, fieldId } from '../ui/form-fields.tsx';
import { ImageCropDialog, type CropSpec } from '../ui/image-crop-dialog.tsx';
import { mediaUrl } from '../../lib/media.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import './image-picker.css';

const ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png';
export const WRONG_TYPE = 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.';
const UNREADABLE = 'Das Bild konnte nicht gelesen werden. Bitte wähle eine andere Datei.';

function isAcceptedImage(file: File): boolean {
  return ['image/jpeg', 'image/png'].includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
}

type Props = {
  name: string;
  label: string;
  /** The stored image (`/media/…`), shown until a new one is picked. */
  current: string | null;
  /** The newly picked (and, with `crop`, cropped) image. */
  value: Blob | null;
  onChange: (blob: Blob) => void;
  /** Crop to this output before the image is accepted (categories: 400 × 300 JPEG). */
  crop?: CropSpec;
  hint?: string;
  error?: string;
  required?: boolean;
};

/** An image field for the admin forms: .jpeg/.jpg/.png up to 10 MB, optionally cropped, with a preview. */
export function ImagePicker({ name, label, current, value, onChange, crop, hint, error, required }: Props) {
  const dialog = useDialog();
  const inputRef = useRef<HTMLInputElement>(null);
  const [toCrop, setToCrop] = useState<File | null>(null);
  const preview = useObjectUrl(value);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      void dialog.warning(WRONG_TYPE);
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      void dialog.warning('Bitte wähle ein Foto mit höchstens 10 MB.', { title: PHOTO_TOO_LARGE });
      return;
    }
    if (crop) setToCrop(file);
    else onChange(file);
  }

  const shown = preview ?? mediaUrl(current);
  const hintId = `${fieldId(name)}-hint`;
  const errorId = `${fieldId(name)}-error`;
  return (
    <div className={`field image-picker${error ? ' field--invalid' : ''}`}>
      <div className="field__label-row">
        <span className="field__label" id={`${fieldId(name)}-label`}>
          {label}
        </span>
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div className="image-picker__body">
        <div
          className={`image-picker__preview${crop ? '' : ' image-picker__preview--free'}`}
          style={crop ? { aspectRatio: `${crop.output.width} / ${crop.output.height}` } : undefined}
        >
          {shown ? (
            <img src={shown} alt={`Vorschau: ${label}`} data-testid={`${name}-preview`} />
          ) : (
            <span className="image-picker__empty">Kein Bild</span>
          )}
        </div>
        <div className="image-picker__actions">
          <button
            type="button"
            id={fieldId(name)}
            className="button button--outline button--small"
            onClick={() => inputRef.current?.click()}
            aria-describedby={`${hint ? hintId : ''} ${errorId}`.trim()}
            aria-invalid={error ? true : undefined}
            data-testid={`${name}-button`}
          >
            {shown ? 'Bild ändern' : 'Bild auswählen'}
          </button>
          {hint && (
            <p id={hintId} className="field__hint">
              {hint}
            </p>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFile}
        data-testid={`${name}-input`}
      />
      <FieldError id={errorId} error={error} />
      {toCrop && crop && (
        <ImageCropDialog
          {...crop}
          file={toCrop}
          title={`${label} zuschneiden`}
          onCancel={() => setToCrop(null)}
          onUnreadable={() => {
            setToCrop(null);
            void dialog.warning(UNREADABLE);
          }}
          onDone={(blob) => {
            setToCrop(null);
            onChange(blob);
          }}
        />
      )}
    </div>
  );
}
