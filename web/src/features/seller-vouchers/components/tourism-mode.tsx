import { EMPLOYEE_VALUE_MAX } from '@gm/shared/tourism/employee-vouchers';
import { CheckboxField } from '../../../components/ui/form-fields.tsx';
import { BoundCountedField, type BuilderControl } from './builder-controls.tsx';

/**
 * The builder's tourism mode (02 §2, issue 13): partner sellers create employee vouchers. The switch
 * is only offered when creating; an employee voucher stays one (its value is edited below).
 */
export function TourismMode({
  control,
  on,
  locked,
  onToggle,
}: {
  control: BuilderControl;
  on: boolean;
  locked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <fieldset className="builder-tourism" data-testid="builder-tourism">
      <legend className="visually-hidden">Mitarbeitergutschein</legend>
      {!locked && (
        <CheckboxField name="is_tourism" checked={on} onCheckedChange={onToggle}>
          Mitarbeitergutschein (Tourismus): nur für Mitarbeiter unserer Partnerbetriebe, ohne Preis, 10 Jahre gültig
        </CheckboxField>
      )}
      {locked && on && <p className="builder-tourism__note">Mitarbeitergutschein (Tourismus)</p>}
      {on && (
        <BoundCountedField
          control={control}
          path="employee_value"
          label="Mitarbeiter-Wert"
          max={EMPLOYEE_VALUE_MAX}
          placeholder="z. B. 1+1 gratis"
          required
        />
      )}
    </fieldset>
  );
}
