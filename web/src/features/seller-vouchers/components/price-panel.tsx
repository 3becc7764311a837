import { useController } from 'react-hook-form';
import { TAX_RATES } from '@gm/shared/catalogue/reference-data';
import { DEFAULT_MINIMUM_CENTS } from '@gm/shared/catalogue/voucher-form';
import { formatEuro } from '@gm/shared/money/money';
import { CheckboxField, fieldId } from '../../../components/ui/form-fields.tsx';
import { toggleTaxRate, type BuilderValues, type TaxRow } from '../builder/builder-values.ts';
import { builderFields } from '../builder/builder-fields.ts';
import { ChipGroup, UnitField } from '../../../components/form/builder-inputs.tsx';
import { BoundCheckboxField, BoundUnitField, type BuilderPath } from './builder-controls.tsx';
import type { PanelProps } from './panel-props.ts';
import './price-panel.css';

type Props = PanelProps & { minimumCents: number };

const TYPES: Array<{ value: BuilderValues['type']; title: string; text: string }> = [
  { value: 'quantity', title: 'Produktgutschein', text: 'Fester Preis pro Stück, z. B. eine Massage.' },
  { value: 'value', title: 'Wertgutschein', text: 'Der Käufer wählt einen Betrag in deinem Rahmen.' },
];

/** Switching the type changes which price fields count: those are checked again. */
const PRICE_FIELDS: BuilderPath[] = ['qty_val', 'qty_min', 'qty_max', 'val_min', 'val_max'];

/** Tab 3 'Preis & MwSt.': voucher type, price or value range, tax rates, hidden price. */
export function PricePanel({ control, errors, minimumCents }: Props) {
  const typeField = useController({ control, name: 'type', rules: { deps: PRICE_FIELDS } }).field;
  const taxField = useController({ control, name: 'tax' }).field;
  const unsureField = useController({ control, name: 'tax_unsure', rules: { deps: ['tax'] } }).field;
  const unsure = unsureField.value;
  const type = typeField.value;
  const rows = taxField.value;
  const quantity = type === 'quantity';
  const labels = builderFields(type);
  const minimum = formatEuro(Math.max(minimumCents, DEFAULT_MINIMUM_CENTS));
  const several = rows.length > 1;
  const setRows = (next: TaxRow[]) => taxField.onChange(next);

  return (
    <div className="builder-panel__body">
      <fieldset className="field type-switch">
        <legend className="field__label">Gutscheinart</legend>
        <div className="type-switch__options">
          {TYPES.map((option, index) => (
            <label key={option.value} className={`type-switch__option${type === option.value ? ' is-checked' : ''}`}>
              <input
                id={index === 0 ? fieldId('type') : undefined}
                type="radio"
                name="type"
                value={option.value}
                checked={type === option.value}
                onChange={() => typeField.onChange(option.value)}
              />
              <span className="type-switch__title">{option.title}</span>
              <span className="type-switch__text">{option.text}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {quantity ? (
        <>
          <BoundUnitField
            control={control}
            path="qty_val"
            label={labels.qty_val?.label ?? 'Preis pro Stück (€)'}
            unit="€"
            required
            hint={`Inkl. MwSt., mindestens ${minimum}.`}
          />
          <div className="form__row">
            <BoundUnitField
              control={control}
              path="qty_min"
              name="min"
              deps={['qty_max']}
              label={labels.min?.label ?? ''}
              unit="Stück"
              required
            />
            <BoundUnitField
              control={control}
              path="qty_max"
              name="max"
              label={labels.max?.label ?? ''}
              unit="Stück"
              required
            />
          </div>
        </>
      ) : (
        <div className="form__row">
          <BoundUnitField
            control={control}
            path="val_min"
            name="min"
            deps={['val_max']}
            label={labels.min?.label ?? ''}
            unit="€"
            required
            hint={`Mindestens ${minimum}.`}
          />
          <BoundUnitField
            control={control}
            path="val_max"
            name="max"
            label={labels.max?.label ?? ''}
            unit="€"
            required
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
          value={unsure ? [] : rows.map((row) => row.tax)}
          error={errors.tax}
          hint={
            several
              ? 'Mehrere Steuersätze: gib an, welcher Teil des Preises mit welchem Satz besteuert wird.'
              : 'Mehrere Sätze möglich, z. B. für Übernachtung und Essen.'
          }
          onToggle={(rate) => {
            setRows(toggleTaxRate(rows, rate));
            unsureField.onChange(false);
          }}
        />
        {several && !unsure && (
          <div className="tax-amounts">
            {rows.map((row, index) => (
              <UnitField
                key={row.tax}
                name={`tax.${index}.value`}
                label={`Anteil mit ${row.tax} %`}
                unit="€"
                required
                value={row.value}
                error={errors[`tax.${index}.value`]}
                onValueChange={(value) => setRows(rows.map((r, i) => (i === index ? { ...r, value } : r)))}
              />
            ))}
          </div>
        )}
        <CheckboxField
          name="tax_unsure"
          checked={unsure}
          onCheckedChange={(checked) => {
            unsureField.onChange(checked);
            if (checked) setRows([]);
          }}
        >
          Steuersatz kann noch nicht bestimmt werden
        </CheckboxField>
      </div>

      <BoundCheckboxField control={control} path="price_hidden">
        Preis auf dem Gutschein ausblenden
      </BoundCheckboxField>
    </div>
  );
}
