import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import {
  WEBSITE_CROPS,
  WEBSITE_DEFAULTS,
  WEBSITE_LIMITS,
  WEBSITE_TEXT,
  isWebsiteIcon,
  websiteConfigurationSchema,
  type WebsiteConfiguration,
  type WebsiteConfigurationSave,
  type WebsiteIcon,
} from '@gm/shared/tenant/website-configuration';
import { ChipGroup, ColourField, CountedField, SwitchField } from '../../../components/form/builder-inputs.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formSchema } from '../../../lib/form-schema.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveWebsiteConfiguration } from '../api/website-configuration.ts';
import { MIN_HERO_CONTRAST, contrastRatio } from '../contrast.ts';
import { IconField } from './icon-field.tsx';

const LABELS = {
  logo_upload_id: 'Logo',
  header_logo_upload_id: 'Titelbild',
  header_1: 'Titel 1',
  header_2: 'Titel 2',
  is_header_show: 'Header ausblenden',
  background_color: 'Unternehmensfarbe',
  text_color: 'Schriftfarbe',
  text_1: 'Text 1',
  icon_1: 'Icon 1',
  text_2: 'Text 2',
  icon_2: 'Icon 2',
  text_3: 'Text 3',
  icon_3: 'Icon 3',
  link: 'Link zum Impressum',
};

type Company = NonNullable<WebsiteConfiguration['company']>;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The form starts with what the tenant page shows: stored values, else the spec's form defaults. */
function initialValues(company: Company | null) {
  const icon = (value: string | null | undefined, index: number): WebsiteIcon =>
    isWebsiteIcon(value) ? value : WEBSITE_DEFAULTS.icons[index]!;
  return {
    header_1: company?.header_1 ?? '',
    header_2: company?.header_2 ?? '',
    background_color:
      company?.background_color && HEX.test(company.background_color)
        ? company.background_color
        : WEBSITE_DEFAULTS.formBackground,
    text_color: company?.text_color === '#000' ? ('#000' as const) : ('#fff' as const),
    is_header_show: company?.is_header_show ?? true,
    link: company?.link ?? '',
    text_1: company?.text_1 ?? '',
    text_2: company?.text_2 ?? '',
    text_3: company?.text_3 ?? '',
    icon_1: icon(company?.icon_1, 0) as string,
    icon_2: icon(company?.icon_2, 1) as string,
    icon_3: icon(company?.icon_3, 2) as string,
  };
}
type Values = ReturnType<typeof initialValues>;
const FORM_SCHEMA = formSchema<Values>()(websiteConfigurationSchema);
type FormControl = Control<Values, unknown, WebsiteConfigurationSave>;

function BoundText({
  control,
  name,
  label,
  max,
  placeholder,
}: {
  control: FormControl;
  name: `text_${1 | 2 | 3}` | 'header_2';
  label: string;
  max: number;
  placeholder: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CountedField
      name={name}
      label={label}
      value={String(field.value ?? '')}
      onValueChange={field.onChange}
      max={max}
      error={fieldState.error?.message}
      placeholder={placeholder}
    />
  );
}

function BoundIcon({ control, name, legend }: { control: FormControl; name: `icon_${1 | 2 | 3}`; legend: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <IconField
      name={name}
      legend={legend}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

/**
 * A sample of the header text on the company colour, drawn as a picture (the seller's own colours, so
 * it is not page text), with a warning in words when the two colours are hard to read together.
 */
function ColourPreview({ background, text }: { background: string; text: string }) {
  const ratio = contrastRatio(background, text);
  return (
    <div className="website-config__preview">
      <svg
        className="website-config__swatch"
        viewBox="0 0 480 64"
        preserveAspectRatio="xMinYMid meet"
        aria-hidden="true"
        data-testid="colour-preview"
      >
        <rect width="480" height="64" rx="8" fill={background} />
        <text x="20" y="41" fill={text} fontSize="24" fontWeight="700">
          So sieht dein Header-Text aus
        </text>
      </svg>
      {ratio !== undefined && ratio < MIN_HERO_CONTRAST && (
        <p className="field__hint website-config__contrast" role="status" data-testid="contrast-warning">
          Geringer Kontrast: Der Text ist auf dieser Farbe schwer lesbar. Wähle eine andere Unternehmens- oder
          Schriftfarbe.
        </p>
      )}
    </div>
  );
}

type Images = { logo: Blob | null; cover: Blob | null };

/**
 * /website-configuration 'Gutschein Webseite' (02 §2): logo and cover with crop, Titel 1 and 2, the
 * header switch, company and font colour, three texts with three icons and the imprint link. Saving
 * uploads new images first (presigned PUT), then sends the form with their upload ids.
 */
export function WebsiteConfigForm({ config }: { config: WebsiteConfiguration }) {
  const company = config.company;
  const dialog = useDialog();
  const save = useSaveWebsiteConfiguration();
  const [images, setImages] = useState<Images>({ logo: null, cover: null });
  const [imageErrors, setImageErrors] = useState<{ logo?: string; cover?: string }>({});
  const form = useZodForm(FORM_SCHEMA, { defaultValues: initialValues(company) });
  const control = form.control;
  const header = useController({ control, name: 'is_header_show' });
  const colour = useController({ control, name: 'background_color' });
  const fontColour = useController({ control, name: 'text_color' });

  const upload = async (blob: Blob | null, which: 'logo' | 'cover') => {
    if (!blob) return undefined;
    try {
      return await uploadImage(blob, which === 'logo' ? 'company-logo' : 'company-cover');
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.message
          : 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.';
      setImageErrors((current) => ({ ...current, [which]: message }));
      throw new ApiError(422, message, {});
    }
  };

  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (data) => {
      setImageErrors({});
      const logo = await upload(images.logo, 'logo');
      const cover = await upload(images.cover, 'cover');
      try {
        const answer = await save.mutateAsync({
          ...data,
          ...(logo ? { logo_upload_id: logo } : {}),
          ...(cover ? { header_logo_upload_id: cover } : {}),
        });
        setImages({ logo: null, cover: null });
        form.reset(initialValues(answer.data.company));
      } catch (error) {
        if (error instanceof ApiError) {
          setImageErrors({
            logo: error.fieldError('logo_upload_id'),
            cover: error.fieldError('header_logo_upload_id'),
          });
        }
        throw error;
      }
      await dialog.success(WEBSITE_TEXT.saved, { autoCloseMs: 1000 });
    },
    onServerError: (error) => {
      if (error.status === 409 || error.status === 404 || error.status === 403) {
        void dialog.warning(error.message);
        return true;
      }
      if (error.isValidation && Object.keys(error.fieldErrors).length === 0) {
        // An upload failed: its message is already next to the image.
        return true;
      }
      return false;
    },
  });

  return (
    <form className="form website-config" onSubmit={onSubmit} noValidate data-testid="website-config-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />

      <fieldset className="website-config__section">
        <legend className="website-config__legend">Bilder</legend>
        <div className="website-config__images">
          <ImagePicker
            name="logo"
            label="Logo"
            current={company?.logo ?? null}
            value={images.logo}
            onChange={(blob) => {
              setImages((current) => ({ ...current, logo: blob }));
              setImageErrors((current) => ({ ...current, logo: undefined }));
            }}
            crop={WEBSITE_CROPS.logo}
            hint="Wird auf 250 × 100 Pixel zugeschnitten."
            error={imageErrors.logo}
          />
          <ImagePicker
            name="cover"
            label="Titelbild"
            current={company?.header_logo ?? null}
            value={images.cover}
            onChange={(blob) => {
              setImages((current) => ({ ...current, cover: blob }));
              setImageErrors((current) => ({ ...current, cover: undefined }));
            }}
            crop={WEBSITE_CROPS.cover}
            hint="Wird auf 1920 × 1080 Pixel zugeschnitten."
            error={imageErrors.cover}
          />
        </div>
      </fieldset>

      <fieldset className="website-config__section">
        <legend className="website-config__legend">Header</legend>
        <FormTextField
          control={control}
          name="header_1"
          label={LABELS.header_1}
          maxLength={WEBSITE_LIMITS.header_1}
          placeholder={company?.name ?? ''}
          hint="Ohne Titel 1 steht dein Firmenname im Header."
        />
        <BoundText
          control={control}
          name="header_2"
          label={LABELS.header_2}
          max={WEBSITE_LIMITS.header_2}
          placeholder={WEBSITE_DEFAULTS.header_2}
        />
        <SwitchField
          name="is_header_show"
          label={LABELS.is_header_show}
          checked={!header.field.value}
          onCheckedChange={(hide) => header.field.onChange(!hide)}
          hint="Blendet Titelbild, Logo und Titel auf deiner Webseite aus."
        />
      </fieldset>

      <fieldset className="website-config__section">
        <legend className="website-config__legend">Farben</legend>
        <div className="website-config__row">
          <ColourField
            name="background_color"
            label={LABELS.background_color}
            value={String(colour.field.value ?? '')}
            onValueChange={colour.field.onChange}
            error={colour.fieldState.error?.message}
          />
          <ChipGroup
            name="text_color"
            legend={LABELS.text_color}
            options={[
              { value: '#000', label: 'Schwarz' },
              { value: '#fff', label: 'Weiß' },
            ]}
            value={fontColour.field.value}
            onSelect={fontColour.field.onChange}
            error={fontColour.fieldState.error?.message}
          />
        </div>
        <ColourPreview background={String(colour.field.value ?? '')} text={fontColour.field.value} />
      </fieldset>

      <fieldset className="website-config__section">
        <legend className="website-config__legend">Texte und Icons</legend>
        {([1, 2, 3] as const).map((n) => (
          <div key={n} className="website-config__step" data-testid={`website-step-${n}`}>
            <BoundText
              control={control}
              name={`text_${n}`}
              label={`Text ${n}`}
              max={WEBSITE_LIMITS.text}
              placeholder={WEBSITE_DEFAULTS.texts[n - 1]!}
            />
            <BoundIcon control={control} name={`icon_${n}`} legend={`Icon ${n}`} />
          </div>
        ))}
      </fieldset>

      <fieldset className="website-config__section">
        <legend className="website-config__legend">Impressum</legend>
        <FormTextField
          control={control}
          name="link"
          label={LABELS.link}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="www.beispiel.at/impressum"
          hint="Deine Webseite verlinkt auf dieses Impressum."
        />
      </fieldset>

      <div className="website-config__actions">
        <button type="submit" className="button button--primary" disabled={submitting} data-testid="website-submit">
          Speichern
        </button>
      </div>
      <LoadingOverlay show={submitting} label="Wird gespeichert…" />
    </form>
  );
}
