import { useController, useWatch } from 'react-hook-form';
import type { Category } from '@gm/shared/catalogue/contracts';
import { DISPLAY_OPTIONS, SEASONS, TARGET_GROUPS, VALIDITY_YEARS, WEEKDAYS } from '@gm/shared/catalogue/reference-data';
import { VALIDITY_REASON_HINT, VOUCHER_LIMITS } from '@gm/shared/catalogue/voucher-form';
import { formatDate, validUntil } from '@gm/shared/dates/format';
import { SelectField, fieldId } from '../../../components/ui/form-fields.tsx';
import { CloseIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import type { DisplayOption } from '../builder/builder-values.ts';
import {
  ALL_MONTHS,
  toggleIn,
  toggleValidityLimit,
  type DateRange,
  type ValidityChoices,
  type ValidityState,
} from '../builder/validity-switch.ts';
import { ChipGroup, SwitchField } from '../../../components/form/builder-inputs.tsx';
import {
  BoundCheckboxField,
  BoundChoiceField,
  BoundCountedField,
  BoundSelectField,
  type BuilderControl,
} from './builder-controls.tsx';
import type { PanelProps } from './panel-props.ts';
import './settings-panel.css';

export const DISPLAY_LABELS: Record<DisplayOption, string> = {
  all: 'Alle Kanäle',
  marketplace: 'Marktplatz + Webseite',
  direktverkauf: 'Direktverkauf',
};

const MONTH_LABELS = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const MAX_DATE_RANGES = 24;

type Props = PanelProps & { categories: readonly Category[]; isUpdate: boolean };

/** Tab 2 'Einstellungen': category, audience, season, visibility, validity (with its legal reason), reservation. */
export function SettingsPanel({ control, errors, categories, isUpdate }: Props) {
  const categoryId = useWatch({ control, name: 'voucher_category_id' });
  const years = useWatch({ control, name: 'expiry_date' });
  const subcategory = useController({ control, name: 'subcategory_id' });
  const category = categories.find((c) => c.id === categoryId);
  const lastDay = formatDate(`${validUntil(new Date(), years)}T12:00:00Z`);

  return (
    <div className="builder-panel__body">
      <div className="form__row">
        <BoundSelectField
          control={control}
          path="voucher_category_id"
          deps={['subcategory_id']}
          label="Kategorie"
          required
          placeholder="Kategorie wählen"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          // Another category has other subcategories: the choice starts over.
          onPicked={() => subcategory.field.onChange('')}
        />
        {category && category.subcategories.length > 0 && (
          <SelectField
            name="subcategory_id"
            label="Unterkategorie"
            required
            placeholder="Unterkategorie wählen"
            value={subcategory.field.value}
            error={subcategory.fieldState.error?.message}
            options={category.subcategories.map((s) => ({ value: s.id, label: s.name }))}
            onValueChange={subcategory.field.onChange}
          />
        )}
      </div>

      <BoundChoiceField
        control={control}
        path="target"
        legend="Zielgruppe"
        required
        options={TARGET_GROUPS.map((t) => ({ value: t, label: t }))}
      />
      <BoundChoiceField
        control={control}
        path="season"
        legend="Saison"
        required
        options={SEASONS.map((s) => ({ value: s, label: s }))}
      />

      {isUpdate && (
        <BoundSelectField
          control={control}
          path="display"
          label="Sichtbarkeit"
          required
          options={DISPLAY_OPTIONS.map((d) => ({ value: d, label: DISPLAY_LABELS[d] }))}
        />
      )}

      <section className="builder-section" aria-labelledby="validity-title">
        <h3 id="validity-title" className="builder-section__title">
          Gültigkeit
        </h3>
        <BoundSelectField
          control={control}
          path="expiry_date"
          numeric
          label="Gültigkeit in Jahren"
          required
          hint={`Bei Kauf heute gültig bis ${lastDay}.`}
          options={VALIDITY_YEARS.map((y) => ({ value: String(y), label: `${y} Jahre` }))}
        />
        <aside className="legal-note" aria-labelledby="legal-note-title" data-testid="validity-law">
          <InfoIcon size={20} />
          <div>
            <p id="legal-note-title" className="legal-note__title">
              Befristung und Recht
            </p>
            <p>{VALIDITY_REASON_HINT}</p>
          </div>
        </aside>
        <BoundCountedField
          control={control}
          path="validity_reason"
          label="Grund für die Befristung"
          required
          multiline
          rows={3}
          max={VOUCHER_LIMITS.validityReason}
          placeholder="z. B. Die Preise sind für die laufende Saison kalkuliert."
          hint={`Mindestens ${VOUCHER_LIMITS.validityReasonMin} Zeichen. Steht in den Gutscheinbedingungen.`}
        />
        <ValidityFields control={control} errors={errors} />
      </section>

      <BoundCheckboxField control={control} path="isReserve">
        Reservierung erforderlich
      </BoundCheckboxField>

      <BoundCountedField
        control={control}
        path="note"
        label="Hinweis (optional)"
        multiline
        rows={2}
        max={VOUCHER_LIMITS.note}
        hint="Zum Beispiel Anfahrt oder was mitzubringen ist."
      />
    </div>
  );
}

/**
 * The validity-limit switch with what it limits: weekdays, months and optional date ranges (02 §2). The
 * whole validity is one form value, so turning the switch off and on again restores the choices.
 */
function ValidityFields({ control, errors }: { control: BuilderControl; errors: PanelProps['errors'] }) {
  const { field } = useController({ control, name: 'validity' });
  const validity = field.value as ValidityState;
  const { limit_validity, choices } = validity;
  const setChoices = (patch: Partial<ValidityChoices>) =>
    field.onChange({ ...validity, choices: { ...choices, ...patch } });
  const setRange = (index: number, patch: Partial<DateRange>) =>
    setChoices({ valid_date: choices.valid_date.map((range, i) => (i === index ? { ...range, ...patch } : range)) });

  return (
    <>
      <SwitchField
        name="limit_validity"
        label="Einlösbarkeit einschränken"
        checked={limit_validity}
        hint={
          limit_validity
            ? 'Wähle Tage, Monate und bei Bedarf Zeiträume.'
            : 'Ausgeschaltet: jederzeit zu den Öffnungszeiten einlösbar.'
        }
        onCheckedChange={(on) => field.onChange(toggleValidityLimit(validity, on))}
      />
      {limit_validity && (
        <div className="builder-validity" data-testid="validity-choices">
          <ChipGroup
            name="valid_day"
            legend="Einlösbar an"
            multiple
            options={WEEKDAYS.map((d) => ({ value: d, label: d }))}
            value={choices.valid_day}
            error={errors.valid_day}
            onToggle={(day) => setChoices({ valid_day: toggleIn(choices.valid_day, day, WEEKDAYS) })}
          />
          <ChipGroup
            name="months"
            legend="Monate"
            multiple
            options={ALL_MONTHS.map((m) => ({ value: m, label: MONTH_LABELS[m - 1] ?? String(m) }))}
            value={choices.months}
            error={errors.months}
            onToggle={(month) => setChoices({ months: toggleIn(choices.months, month, ALL_MONTHS) })}
          />
          <fieldset className="field date-ranges">
            <legend className="field__label">Zeiträume (optional)</legend>
            {choices.valid_date.length === 0 && (
              <p className="field__hint">Keine Zeiträume: einlösbar in den gewählten Monaten.</p>
            )}
            <ul className="date-ranges__list">
              {choices.valid_date.map((range, index) => {
                const startError = errors[`valid_date.${index}.start`];
                const endError = errors[`valid_date.${index}.end`];
                return (
                  <li key={index} className="date-ranges__row">
                    <RangeDate
                      name={`valid_date.${index}.start`}
                      label="Von"
                      value={range.start}
                      invalid={Boolean(startError)}
                      onValueChange={(start) => setRange(index, { start })}
                    />
                    <RangeDate
                      name={`valid_date.${index}.end`}
                      label="Bis"
                      value={range.end}
                      min={range.start || undefined}
                      invalid={Boolean(endError)}
                      onValueChange={(end) => setRange(index, { end })}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Zeitraum ${index + 1} entfernen`}
                      onClick={() => setChoices({ valid_date: choices.valid_date.filter((_, i) => i !== index) })}
                    >
                      <CloseIcon size={18} />
                    </button>
                    {(startError || endError) && (
                      <p className="field__error date-ranges__error">{startError ?? endError}</p>
                    )}
                  </li>
                );
              })}
            </ul>
            {choices.valid_date.length < MAX_DATE_RANGES && (
              <button
                type="button"
                id={choices.valid_date.length === 0 ? fieldId('valid_date') : undefined}
                className="button button--outline button--small date-ranges__add"
                onClick={() => setChoices({ valid_date: [...choices.valid_date, { start: '', end: '' }] })}
              >
                Zeitraum hinzufügen
              </button>
            )}
            {errors.valid_date && <p className="field__error">{errors.valid_date}</p>}
          </fieldset>
        </div>
      )}
    </>
  );
}

type RangeDateProps = {
  name: string;
  label: string;
  value: string;
  min?: string | undefined;
  invalid: boolean;
  onValueChange: (value: string) => void;
};

/** One date of a range row, labelled by the word before it ('Von', 'Bis'); the row shows the error under both. */
function RangeDate({ name, label, value, min, invalid, onValueChange }: RangeDateProps) {
  return (
    <label className="date-ranges__input">
      <span>{label}</span>
      <input
        id={fieldId(name)}
        type="date"
        className="input"
        value={value}
        min={min}
        aria-invalid={invalid || undefined}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </label>
  );
}
