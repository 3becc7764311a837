import { TAX_RATES } from '@gm/shared/catalogue/reference-data';
import { DEFAULT_MINIMUM_CENTS } from '@gm/shared/catalogue/voucher-form';
import { formatEuro } from '@gm/shared/money/money';
import { CheckboxField, fieldId } from '../../../components/ui/form-fields.tsx';
import { toggleTaxRate, type BuilderValues } from '../builder/builder-values.ts';
import { builderFields } from '../builder/builder-fields.ts';
import { ChipGroup, UnitField } from '../../../components/form/builder-inputs.tsx';
import type { PanelProps } from './panel-props.ts';
import './price-panel.css';

type Props = PanelProps & { minimumCents: number };

const TYPES: Array<{ value: BuilderValues['type']; title: string; text: string }> = [
  { value: 'quantity', title: 'Produktgutschein', text: 'Fester Preis pro Stück, z. B. eine Massage.' },
  { value: 'value', title: 'Wertgutschein', text: 'Der Käufer wählt einen Betrag in deinem Rahmen.' },
];

/** Tab 3 'Preis & MwSt.': voucher type, price or value range, tax rates, hidden price. */
export function PricePanel({ values, errors, update, minimumCents }: Props) {
  const quantity = values.type === 'quantity';
  const labels = builderFields(values.type);
  const minimum = formatEuro(Math.max(minimumCents, DEFAULT_MINIMUM_CENTS));
  const several = values.tax.length > 1;

  return (
    <div className="builder-panel__body">
      <fieldset className="field type-switch">
        <legend className="field__label">Gutscheinart</legend>
        <div className="type-switch__options">
          {TYPES.map((option, index) => (
            <label
              key={option.value}
              className={`type-switch__option${values.type === option.value ? ' is-checked' : ''}`}
            >
              <input
                id={index === 0 ? fieldId('type') : undefined}
                type="radio"
                name="type"
                value={option.value}
                checked={values.type === option.value}
                onChange={() => update({ type: option.value }, ['type', 'qty_val', 'min', 'max'])}
              />
              <span className="type-switch__title">{option.title}</span>
              <span className="type-switch__text">{option.text}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {quantity ? (
        <>
          <UnitField
            name="qty_val"
            label={labels.qty_val?.label ?? 'Preis pro Stück (€)'}
            unit="€"
            required
            value={values.qty_val}
            error={errors.qty_val}
            hint={`Inkl. MwSt., mindestens ${minimum}.`}
            onValueChange={(qty_val) => update({ qty_val })}
          />
          <div className="form__row">
            <UnitField
              name="min"
              label={labels.min?.label ?? ''}
              unit="Stück"
              required
              value={values.qty_min}
              error={errors.min}
              onValueChange={(qty_min) => update({ qty_min }, ['min'])}
            />
            <UnitField
              name="max"
              label={labels.max?.label ?? ''}
              unit="Stück"
              required
              value={values.qty_max}
              error={errors.max}
              onValueChange={(qty_max) => update({ qty_max }, ['max'])}
            />
          </div>
        </>
      ) : (
        <div className="form__row">
          <UnitField
            name="min"
            label={labels.min?.label ?? ''}
            unit="€"
            required
            value={values.val_min}
            error={errors.min}
            hint={`Mindestens ${minimum}.`}
            onValueChange={(val_min) => update({ val_min }, ['min'])}
          />
          <UnitField
            name="max"
            label={labels.max?.label ?? ''}
            unit="€"
            required
            value={values.val_max}
            error={errors.max}
            onValueChange={(val_max) => update({ val_max }, ['max'])}
          />
        </div>
      )}

      <div className="builder-section">
        <ChipGroup
          name="tax"
          legend="Steuersatz"
          multiple
          required
          options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate} %` }))}
          value={values.tax_unsure ? [] : values.tax.map((row) => row.tax)}
          error={errors.tax}
          hint={
            several
              ? 'Mehrere Steuersätze: gib an, welcher Teil des Preises mit welchem Satz besteuert wird.'
              : 'Mehrere Sätze möglich, z. B. für Übernachtung und Essen.'
          }
          onToggle={(rate) => update({ tax: toggleTaxRate(values.tax, rate), tax_unsure: false }, ['tax'])}
        />
        {several && !values.tax_unsure && (
          <div className="tax-amounts">
            {values.tax.map((row, index) => (
              <UnitField
                key={row.tax}
                name={`tax.${index}.value`}
                label={`Anteil mit ${row.tax} %`}
                unit="€"
                required
                value={row.value}
                error={errors[`tax.${index}.value`]}
                onValueChange={(value) =>
                  update({ tax: values.tax.map((r, i) => (i === index ? { ...r, value } : r)) }, [`tax.${index}.value`])
                }
              />
            ))}
          </div>
        )}
        <CheckboxField
          name="tax_unsure"
          checked={values.tax_unsure}
          onCheckedChange={(tax_unsure) => update({ tax_unsure, tax: tax_unsure ? [] : values.tax }, ['tax'])}
        >
          Steuersatz kann noch nicht bestimmt werden
        </CheckboxField>
      </div>

      <CheckboxField
        name="price_hidden"
        checked={values.price_hidden}
        onCheckedChange={(price_hidden) => update({ price_hidden })}
      >
        Preis auf dem Gutschein ausblenden
      </CheckboxField>
    </div>
  );
}
