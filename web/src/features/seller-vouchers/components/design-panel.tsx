import { VOUCHER_LIMITS } from '@gm/shared/catalogue/voucher-form';
import type { BuilderImages, Styling } from '../builder/builder-values.ts';
import { ChipGroup, ColourField, CountedField } from '../../../components/form/builder-inputs.tsx';
import { BackgroundImageField, ExtraImagesField } from './image-fields.tsx';
import type { PanelProps } from './panel-props.ts';
import './design-panel.css';

const COLOURS: Array<{ key: Exclude<keyof Styling, 'text_color'>; label: string }> = [
  { key: 'background_color', label: 'Hintergrund' },
  { key: 'background_description_color', label: 'Hintergrund der Beschreibung' },
  { key: 'description_color', label: 'Farbe der Beschreibung' },
  { key: 'header_and_footer_background_color', label: 'Kopf- und Fußzeile' },
  { key: 'header_and_footer_color', label: 'Text in Kopf- und Fußzeile' },
];

type Props = PanelProps & { images: BuilderImages; onImagesChange: (images: BuilderImages) => void };

/** Tab 1 'Gestaltung': texts, colours, background image and extra images. */
export function DesignPanel({ values, errors, update, images, onImagesChange }: Props) {
  const setStyling = (key: keyof Styling, value: string) =>
    update({ styling: { ...values.styling, [key]: value } }, [key]);
  return (
    <div className="builder-panel__body">
      <CountedField
        name="title"
        label="Titel"
        required
        max={VOUCHER_LIMITS.title}
        value={values.title}
        error={errors.title}
        placeholder="z. B. Wellness-Tag für zwei"
        onValueChange={(title) => update({ title })}
      />
      <CountedField
        name="description"
        label="Kurzbeschreibung"
        required
        multiline
        rows={2}
        max={VOUCHER_LIMITS.description}
        value={values.description}
        error={errors.description}
        hint="Steht auf der Gutscheinkarte."
        onValueChange={(description) => update({ description })}
      />
      <CountedField
        name="long_description"
        label="Lange Beschreibung"
        required
        multiline
        rows={5}
        max={VOUCHER_LIMITS.longDescription}
        value={values.long_description}
        error={errors.long_description}
        hint="Erscheint auf der Detailseite des Gutscheins."
        onValueChange={(long_description) => update({ long_description })}
      />

      <BackgroundImageField
        slot={images.background}
        error={errors.background_upload_id}
        onChange={(background) => onImagesChange({ ...images, background })}
      />

      <fieldset className="field builder-colours">
        <legend className="field__label">Farben</legend>
        <div className="builder-colours__grid">
          {COLOURS.map(({ key, label }) => (
            <ColourField
              key={key}
              name={key}
              label={label}
              value={values.styling[key]}
              error={errors[key]}
              onValueChange={(value) => setStyling(key, value)}
            />
          ))}
        </div>
      </fieldset>
      <ChipGroup
        name="text_color"
        legend="Textfarbe"
        options={[
          { value: 'dark', label: 'Dunkel' },
          { value: 'light', label: 'Hell' },
        ]}
        value={values.styling.text_color}
        error={errors.text_color}
        onSelect={(value) => setStyling('text_color', value)}
      />

      <ExtraImagesField slots={images.extras} onChange={(extras) => onImagesChange({ ...images, extras })} />
    </div>
  );
}
