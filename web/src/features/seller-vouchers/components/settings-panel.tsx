import type { Category } from '@gm/shared/catalogue/contracts';
import { DISPLAY_OPTIONS, SEASONS, TARGET_GROUPS, VALIDITY_YEARS, WEEKDAYS } from '@gm/shared/catalogue/reference-data';
import { VALIDITY_REASON_HINT, VOUCHER_LIMITS } from '@gm/shared/catalogue/voucher-form';
import { formatDate, validUntil } from '@gm/shared/dates/format';
import { CheckboxField, SelectField, fieldId } from '../../../components/ui/form-fields.tsx';
import { CloseIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import type { DisplayOption } from '../builder/builder-values.ts';
import {
  ALL_MONTHS,
  toggleIn,
  toggleValidityLimit,
  type DateRange,
  type ValidityChoices,
} from '../builder/validity-switch.ts';
import { ChipGroup, CountedField, SwitchField } from '../../../components/form/builder-inputs.tsx';
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
export function SettingsPanel({ values, errors, update, categories, isUpdate }: Props) {
  const category = categories.find((c) => c.id === values.voucher_category_id);
  const { limit_validity, choices } = values.validity;
  const setChoices = (patch: Partial<ValidityChoices>, touched: string[]) =>
    update({ validity: { ...values.validity, choices: { ...choices, ...patch } } }, touched);
  const setRange = (index: number, patch: Partial<DateRange>) =>
    setChoices({ valid_date: choices.valid_date.map((range, i) => (i === index ? { ...range, ...patch } : range)) }, [
      `valid_date.${index}.start`,
      `valid_date.${index}.end`,
      'valid_date',
    ]);
  const lastDay = formatDate(`${validUntil(new Date(), values.expiry_date)}T12:00:00Z`);

  return (
    <div className="builder-panel__body">
      <div className="form__row">
        <SelectField
          name="voucher_category_id"
          label="Kategorie"
          required
          placeholder="Kategorie wählen"
          value={values.voucher_category_id}
          error={errors.voucher_category_id}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          onValueChange={(voucher_category_id) =>
            update({ voucher_category_id, subcategory_id: '' }, ['voucher_category_id', 'subcategory_id'])
          }
        />
        {category && category.subcategories.length > 0 && (
          <SelectField
            name="subcategory_id"
            label="Unterkategorie"
            required
            placeholder="Unterkategorie wählen"
            value={values.subcategory_id}
            error={errors.subcategory_id}
            options={category.subcategories.map((s) => ({ value: s.id, label: s.name }))}
            onValueChange={(subcategory_id) => update({ subcategory_id })}
          />
        )}
      </div>

      <ChipGroup
        name="target"
        legend="Zielgruppe"
        required
        options={TARGET_GROUPS.map((t) => ({ value: t, label: t }))}
        value={values.target as (typeof TARGET_GROUPS)[number] | ''}
        error={errors.target}
        onSelect={(target) => update({ target })}
      />
      <ChipGroup
        name="season"
        legend="Saison"
        required
        options={SEASONS.map((s) => ({ value: s, label: s }))}
        value={values.season as (typeof SEASONS)[number] | ''}
        error={errors.season}
        onSelect={(season) => update({ season })}
      />

      {isUpdate && (
        <SelectField
          name="display"
          label="Sichtbarkeit"
          required
          value={values.display}
          error={errors.display}
          options={DISPLAY_OPTIONS.map((d) => ({ value: d, label: DISPLAY_LABELS[d] }))}
          onValueChange={(display) => update({ display: display as DisplayOption })}
        />
      )}

      <section className="builder-section" aria-labelledby="validity-title">
        <h3 id="validity-title" className="builder-section__title">
          Gültigkeit
        </h3>
        <SelectField
          name="expiry_date"
          label="Gültigkeit in Jahren"
          required
          value={String(values.expiry_date)}
          error={errors.expiry_date}
          hint={`Bei Kauf heute gültig bis ${lastDay}.`}
          options={VALIDITY_YEARS.map((y) => ({ value: String(y), label: `${y} Jahre` }))}
          onValueChange={(years) => update({ expiry_date: Number(years) })}
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
        <CountedField
          name="validity_reason"
          label="Grund für die Befristung"
          required
          multiline
          rows={3}
          max={VOUCHER_LIMITS.validityReason}
          value={values.validity_reason}
          error={errors.validity_reason}
          placeholder="z. B. Die Preise sind für die laufende Saison kalkuliert."
          hint={`Mindestens ${VOUCHER_LIMITS.validityReasonMin} Zeichen. Steht in den Gutscheinbedingungen.`}
          onValueChange={(validity_reason) => update({ validity_reason })}
        />

        <SwitchField
          name="limit_validity"
          label="Einlösbarkeit einschränken"
          checked={limit_validity}
          hint={
            limit_validity
              ? 'Wähle Tage, Monate und bei Bedarf Zeiträume.'
              : 'Ausgeschaltet: jederzeit zu den Öffnungszeiten einlösbar.'
          }
          onCheckedChange={(on) =>
            update({ validity: toggleValidityLimit(values.validity, on) }, ['valid_day', 'months', 'valid_date'])
          }
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
              onToggle={(day) => setChoices({ valid_day: toggleIn(choices.valid_day, day, WEEKDAYS) }, ['valid_day'])}
            />
            <ChipGroup
              name="months"
              legend="Monate"
              multiple
              options={ALL_MONTHS.map((m) => ({ value: m, label: MONTH_LABELS[m - 1] ?? String(m) }))}
              value={choices.months}
              error={errors.months}
              onToggle={(month) => setChoices({ months: toggleIn(choices.months, month, ALL_MONTHS) }, ['months'])}
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
                        onClick={() =>
                          setChoices({ valid_date: choices.valid_date.filter((_, i) => i !== index) }, ['valid_date'])
                        }
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
                  onClick={() =>
                    setChoices({ valid_date: [...choices.valid_date, { start: '', end: '' }] }, ['valid_date'])
                  }
                >
                  Zeitraum hinzufügen
                </button>
              )}
              {errors.valid_date && <p className="field__error">{errors.valid_date}</p>}
            </fieldset>
          </div>
        )}
      </section>

      <CheckboxField name="isReserve" checked={values.isReserve} onCheckedChange={(isReserve) => update({ isReserve })}>
        Reservierung erforderlich
      </CheckboxField>

      <CountedField
        name="note"
        label="Hinweis (optional)"
        multiline
        rows={2}
        max={VOUCHER_LIMITS.note}
        value={values.note}
        error={errors.note}
        hint="Zum Beispiel Anfahrt oder was mitzubringen ist."
        onValueChange={(note) => update({ note })}
      />
    </div>
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
