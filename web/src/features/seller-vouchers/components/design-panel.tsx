import { VOUCHER_LIMITS } from '@gm/shared/catalogue/voucher-form';
import type { BuilderImages, Styling } from '../builder/builder-values.ts';
import { BackgroundImageField, ExtraImagesField } from './image-fields.tsx';
import { BoundChoiceField, BoundColourField, BoundCountedField } from './builder-controls.tsx';
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
export function DesignPanel({ control, errors, images, onImagesChange }: Props) {
  return (
    <div className="builder-panel__body">
      <BoundCountedField
        control={control}
        path="title"
        label="Titel"
        required
        max={VOUCHER_LIMITS.title}
        placeholder="z. B. Wellness-Tag für zwei"
      />
      <BoundCountedField
        control={control}
        path="description"
        label="Kurzbeschreibung"
        required
        multiline
        rows={2}
        max={VOUCHER_LIMITS.description}
        hint="Steht auf der Gutscheinkarte."
      />
      <BoundCountedField
        control={control}
        path="long_description"
        label="Lange Beschreibung"
        required
        multiline
        rows={5}
        max={VOUCHER_LIMITS.longDescription}
        hint="Erscheint auf der Detailseite des Gutscheins."
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
            <BoundColourField key={key} control={control} path={`styling.${key}`} name={key} label={label} />
          ))}
        </div>
      </fieldset>
      <BoundChoiceField
        control={control}
        path="styling.text_color"
        name="text_color"
        legend="Textfarbe"
        options={[
          { value: 'dark', label: 'Dunkel' },
          { value: 'light', label: 'Hell' },
        ]}
      />

      <ExtraImagesField slots={images.extras} onChange={(extras) => onImagesChange({ ...images, extras })} />
    </div>
  );
}
