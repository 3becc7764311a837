import { useId, useRef, useState, type ChangeEvent } from 'react';
import { VOUCHER_TEXT } from '@gm/shared/catalogue/contracts';
import { MAX_EXTRA_IMAGES_BYTES, MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import type { ExtraSlots, ImageSlot } from '../builder/builder-values.ts';
import { ImageCropDialog, type CropSpec } from '../../../components/ui/image-crop-dialog.tsx';
import './image-fields.css';

/** Crops of 02 §9. */
export const BACKGROUND_CROP: CropSpec = {
  output: { width: 730, height: 676.34 },
  viewport: { width: 328, height: 305 },
  quality: 0.6,
};
export const EXTRA_IMAGE_CROP: CropSpec = {
  output: { width: 200, height: 200 },
  viewport: { width: 280, height: 280 },
  quality: 0.6,
};

const ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png';
const WRONG_TYPE = 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.';
const UNREADABLE = 'Das Bild konnte nicht gelesen werden. Bitte wähle eine andere Datei.';

function isAcceptedImage(file: File): boolean {
  return ['image/jpeg', 'image/png'].includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
}

/** Picks a file, checks type and the 10 MB limit ('Achtung: Fotos zu groß!'), then opens the cropper. */
function useCroppedPicker(spec: CropSpec, title: string, onCropped: (blob: Blob) => void) {
  const dialog = useDialog();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!isAcceptedImage(chosen)) {
      void dialog.warning(WRONG_TYPE);
      return;
    }
    if (chosen.size > MAX_PHOTO_BYTES) {
      void dialog.warning('Bitte wähle ein Foto mit höchstens 10 MB.', { title: PHOTO_TOO_LARGE });
      return;
    }
    setFile(chosen);
  }

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPT}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={onChange}
    />
  );
  const cropper = file && (
    <ImageCropDialog
      {...spec}
      file={file}
      title={title}
      onCancel={() => setFile(null)}
      onUnreadable={() => {
        setFile(null);
        void dialog.warning(UNREADABLE);
      }}
      onDone={(blob) => {
        setFile(null);
        onCropped(blob);
      }}
    />
  );
  return { open: () => inputRef.current?.click(), input, cropper };
}

const newSlot = (blob: Blob): ImageSlot => ({ kind: 'new', blob, url: URL.createObjectURL(blob) });

function releaseSlot(slot: ImageSlot | undefined) {
  if (slot?.kind === 'new') URL.revokeObjectURL(slot.url);
}

/** Background image of the card, cropped to 730 × 676.34 (JPEG 0.6); the preview shows it right away. */
export function BackgroundImageField({
  slot,
  onChange,
  error,
}: {
  slot: ImageSlot;
  onChange: (slot: ImageSlot) => void;
  error?: string;
}) {
  const picker = useCroppedPicker(BACKGROUND_CROP, 'Hintergrundbild zuschneiden', (blob) => {
    releaseSlot(slot);
    onChange(newSlot(blob));
  });
  const labelId = useId();
  const src = slot.kind === 'none' ? undefined : mediaUrl(slot.url);
  return (
    <div className={`field image-field${error ? ' field--invalid' : ''}`} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="field__label">
        Hintergrundbild
      </span>
      <div className="image-field__body">
        <div className="image-field__thumb">
          {src ? <img src={src} alt="Aktuelles Hintergrundbild" /> : <span>Kein Bild</span>}
        </div>
        <div className="image-field__actions">
          <button
            type="button"
            id="field-background_upload_id"
            className="button button--outline button--small"
            onClick={picker.open}
            data-testid="background-pick"
          >
            {src ? 'Bild ändern' : 'Bild auswählen'}
          </button>
          {src && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                releaseSlot(slot);
                onChange({ kind: 'none' });
              }}
            >
              Entfernen
            </button>
          )}
          <p className="field__hint">
            JPEG oder PNG, höchstens 10 MB. Das Bild wird auf 730 × 676 Pixel zugeschnitten.
          </p>
        </div>
      </div>
      {error && <p className="field__error">{error}</p>}
      {picker.input}
      {picker.cropper}
    </div>
  );
}

function newBytes(slots: readonly ImageSlot[]): number {
  return slots.reduce((sum, slot) => sum + (slot.kind === 'new' ? slot.blob.size : 0), 0);
}

/** Up to three extra images (image_1..3), each cropped to 200 × 200, together at most 2 MB; 99 × 99 previews. */
export function ExtraImagesField({ slots, onChange }: { slots: ExtraSlots; onChange: (slots: ExtraSlots) => void }) {
  const dialog = useDialog();
  const [target, setTarget] = useState(0);
  const labelId = useId();
  const picker = useCroppedPicker(EXTRA_IMAGE_CROP, `Bild ${target + 1} zuschneiden`, (blob) => {
    const others = slots.filter((_, index) => index !== target);
    if (newBytes(others) + blob.size > MAX_EXTRA_IMAGES_BYTES) {
      void dialog.warning(VOUCHER_TEXT.extraImagesTooLarge);
      return;
    }
    const next = [...slots] as ExtraSlots;
    releaseSlot(next[target]);
    next[target] = newSlot(blob);
    onChange(next);
  });

  return (
    <div className="field" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="field__label">
        Zusätzliche Bilder
      </span>
      <ul className="extra-images">
        {slots.map((slot, index) => {
          const src = slot.kind === 'none' ? undefined : mediaUrl(slot.url);
          return (
            <li key={index} className="extra-images__item">
              {src ? (
                <>
                  <img src={src} alt={`Bild ${index + 1}`} width={99} height={99} />
                  <button
                    type="button"
                    className="extra-images__remove"
                    aria-label={`Bild ${index + 1} entfernen`}
                    onClick={() => {
                      const next = [...slots] as ExtraSlots;
                      releaseSlot(next[index]);
                      next[index] = { kind: 'none' };
                      onChange(next);
                    }}
                  >
                    <CloseIcon size={16} />
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  id={`field-image_${index + 1}_upload_id`}
                  className="extra-images__add"
                  onClick={() => {
                    setTarget(index);
                    picker.open();
                  }}
                >
                  <span aria-hidden="true">+</span>
                  <span className="visually-hidden">{`Bild ${index + 1} hinzufügen`}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="field__hint">
        Bis zu drei Bilder, quadratisch zugeschnitten, zusammen höchstens 2 MB. Sie erscheinen in der Gutscheinansicht.
      </p>
      {picker.input}
      {picker.cropper}
    </div>
  );
}
