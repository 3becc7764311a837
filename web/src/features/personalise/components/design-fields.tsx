import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import {
  NOTE_MAX,
  PERSONALISE_CROP,
  PERSONALISE_TEXT,
  TEXT_COLOURS,
  type BackgroundKind,
} from '@gm/shared/wallet/personalisation';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CheckboxField, FieldError } from '../../../components/ui/form-fields.tsx';
import { ImageCropDialog } from '../../../components/ui/image-crop-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { CountedField } from '../../../components/form/builder-inputs.tsx';
import { useTemplates } from '../api/personalise.ts';
import type { DesignValues } from '../design-form.ts';
import './design-fields.css';

const ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png';
const WRONG_TYPE = 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.';
const UNREADABLE = 'Das Bild konnte nicht gelesen werden. Bitte wähle eine andere Datei.';
const COLOUR_NAMES: Record<string, string> = {
  '#ffffff': 'Weiß',
  '#1f2a2c': 'Dunkel',
  '#ff5563': 'Rot',
  '#f5b700': 'Gelb',
  '#1d7874': 'Petrol',
};
const BACKGROUND_LABELS: Record<BackgroundKind, string> = {
  default: 'Standard',
  template: 'Vorlage',
  custom: 'Eigenes Foto',
};

type Props = {
  /** 'Preis verstecken' exists on the user variant only (01 §2). */
  showPriceHidden: boolean;
};

/**
 * Background (own photo with crop, default or an admin template), message ≤ 120 with counter, text
 * colour, 'Preis verstecken': the design fields of the surrounding react-hook-form (FormProvider),
 * whose values are `DesignValues`.
 */
export function DesignFields({ showPriceHidden }: Props) {
  const form = useFormContext<DesignValues>();
  const errors = form.formState.errors;
  const background = useController({ control: form.control, name: 'background' }).field;
  const templateId = form.watch('template_id');
  const photo = form.watch('photo');
  const note = useController({ control: form.control, name: 'note' }).field;
  const textColor = useController({ control: form.control, name: 'text_color' }).field;
  const priceHidden = useController({ control: form.control, name: 'price_hidden' }).field;
  // A template or a cropped photo also switches the background; after a failed save both are checked again.
  const changed = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const chooseTemplate = (id: string) => {
    form.setValue('template_id', id, changed);
    form.setValue('background', 'template', changed);
  };
  const choosePhoto = (blob: Blob) => {
    form.setValue('photo', { kind: 'new', blob, url: URL.createObjectURL(blob) }, changed);
    form.setValue('background', 'custom', changed);
  };
  const dialog = useDialog();
  const templates = useTemplates();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const backgroundLabel = useId();
  const colourLabel = useId();
  const templateError = useId();
  const photoError = useId();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!['image/jpeg', 'image/png'].includes(chosen.type) && !/\.(jpe?g|png)$/i.test(chosen.name)) {
      void dialog.warning(WRONG_TYPE);
      return;
    }
    if (chosen.size > MAX_PHOTO_BYTES) {
      void dialog.warning('Bitte wähle ein Foto mit höchstens 10 MB.', { title: PHOTO_TOO_LARGE });
      return;
    }
    setFile(chosen);
  }

  const photoSrc = mediaUrl(photo?.url);

  return (
    <div className="design-fields">
      <fieldset className="design-fields__group">
        <legend id={backgroundLabel} className="field__label">
          Hintergrund
        </legend>
        <div className="segmented" role="radiogroup" aria-labelledby={backgroundLabel}>
          {(['default', 'template', 'custom'] as const).map((kind) => (
            <label key={kind} className={`segmented__option${background.value === kind ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="background"
                value={kind}
                className="visually-hidden"
                checked={background.value === kind}
                onChange={() => {
                  background.onChange(kind);
                  if (kind === 'custom' && !photo) fileRef.current?.click();
                }}
                data-testid={`background-${kind}`}
              />
              {BACKGROUND_LABELS[kind]}
            </label>
          ))}
        </div>

        {background.value === 'template' && (
          <div className="design-fields__templates" id="field-template_id">
            {templates.isLoading && !templates.data && <Spinner label="Vorlagen werden geladen…" />}
            {templates.data && templates.data.length === 0 && <p className="field__hint">{TEXT.empty}</p>}
            {templates.data && templates.data.length > 0 && (
              <div
                className="template-grid"
                role="radiogroup"
                aria-label="Vorlage wählen"
                aria-describedby={templateError}
              >
                {templates.data.map((template) => (
                  <label
                    key={template.id}
                    className={`template-grid__item${templateId === template.id ? ' is-active' : ''}`}
                  >
                    <input
                      type="radio"
                      name="template_id"
                      className="visually-hidden"
                      checked={templateId === template.id}
                      onChange={() => chooseTemplate(template.id)}
                      data-testid="template-option"
                    />
                    <img src={mediaUrl(template.image)} alt="" loading="lazy" />
                    <span>{template.name}</span>
                  </label>
                ))}
              </div>
            )}
            <FieldError id={templateError} error={errors.template_id?.message} />
          </div>
        )}

        {background.value === 'custom' && (
          <div className="design-fields__photo">
            <div className="design-fields__thumb">
              {photoSrc ? <img src={photoSrc} alt="Dein Foto" /> : <span>Kein Foto</span>}
            </div>
            <div>
              <button
                type="button"
                id="field-custom_image_upload_id"
                className="button button--outline button--small"
                onClick={() => fileRef.current?.click()}
                data-testid="photo-pick"
                aria-describedby={photoError}
              >
                {photoSrc ? 'Foto ändern' : 'Foto hochladen'}
              </button>
              <p className="field__hint">JPEG oder PNG, höchstens 10 MB. Du wählst danach den Ausschnitt.</p>
              <FieldError id={photoError} error={errors.photo?.message} />
            </div>
          </div>
        )}
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-testid="photo-input"
        />
      </fieldset>

      <CountedField
        name="note"
        label="Persönliche Nachricht"
        value={note.value ?? ''}
        max={NOTE_MAX}
        multiline
        rows={3}
        onValueChange={note.onChange}
        error={errors.note?.message}
        placeholder="Alles Liebe zum Geburtstag!"
      />

      <fieldset className="design-fields__group">
        <legend id={colourLabel} className="field__label">
          Textfarbe
        </legend>
        <div className="swatches" role="radiogroup" aria-labelledby={colourLabel}>
          {TEXT_COLOURS.map((colour) => (
            <label
              key={colour}
              className={`swatches__item${textColor.value === colour ? ' is-active' : ''}`}
              title={COLOUR_NAMES[colour]}
            >
              <input
                type="radio"
                name="text_color"
                className="visually-hidden"
                checked={textColor.value === colour}
                onChange={() => textColor.onChange(colour)}
              />
              <span className="swatches__dot" style={{ backgroundColor: colour }} aria-hidden="true" />
              <span className="visually-hidden">{COLOUR_NAMES[colour]}</span>
            </label>
          ))}
          <label className="swatches__custom">
            <span className="visually-hidden">Eigene Farbe</span>
            <input
              type="color"
              value={textColor.value}
              onChange={(event) => textColor.onChange(event.target.value)}
              aria-label="Eigene Farbe"
            />
          </label>
        </div>
        <FieldError id={`${colourLabel}-error`} error={errors.text_color?.message} />
      </fieldset>

      {showPriceHidden && (
        <CheckboxField name="price_hidden" checked={priceHidden.value} onCheckedChange={priceHidden.onChange}>
          {PERSONALISE_TEXT.hidePrice}
        </CheckboxField>
      )}

      {file && (
        <ImageCropDialog
          {...PERSONALISE_CROP}
          file={file}
          title="Foto zuschneiden"
          onCancel={() => setFile(null)}
          onUnreadable={() => {
            setFile(null);
            void dialog.warning(UNREADABLE);
          }}
          onDone={(blob) => {
            setFile(null);
            choosePhoto(blob);
          }}
        />
      )}
    </div>
  );
}
