import type { ComponentProps } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import type { VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { CheckboxField, SelectField } from '../../../components/ui/form-fields.tsx';
import { ChipGroup, ColourField, CountedField, UnitField } from '../../../components/form/builder-inputs.tsx';
import type { BuilderFormValues } from '../builder/builder-form.ts';

export type BuilderControl = Control<BuilderFormValues, unknown, VoucherForm>;
export type BuilderPath = FieldPath<BuilderFormValues>;

/**
 * The builder's inputs bound to its form. `path` is where the form keeps the value; `name` (the
 * contract's key, default `path`) gives the input its id, so the error summary and a server 422 find it.
 * `deps` are the fields whose rules read this one (min ≤ max, the type's price fields): they are
 * checked again when it changes, once the seller has tried to save.
 */
type Bound = { control: BuilderControl; path: BuilderPath; name?: string; deps?: BuilderPath[] };

function useBound({ control, path, deps }: Bound) {
  const { field, fieldState } = useController({ control, name: path, rules: deps ? { deps } : {} });
  return { value: field.value as unknown, onChange: field.onChange, error: fieldState.error?.message };
}

type Unbound<P> = Omit<P, 'name' | 'value' | 'onValueChange' | 'error'>;

export function BoundCountedField(props: Bound & Unbound<ComponentProps<typeof CountedField>>) {
  const { control, path, name = path, deps, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return <CountedField {...rest} name={name} value={String(value ?? '')} onValueChange={onChange} error={error} />;
}

export function BoundUnitField(props: Bound & Unbound<ComponentProps<typeof UnitField>>) {
  const { control, path, name = path, deps, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return <UnitField {...rest} name={name} value={String(value ?? '')} onValueChange={onChange} error={error} />;
}

export function BoundColourField(props: Bound & Unbound<ComponentProps<typeof ColourField>>) {
  const { control, path, name = path, deps, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return <ColourField {...rest} name={name} value={String(value ?? '')} onValueChange={onChange} error={error} />;
}

/** A select over a text or number value (the validity in years is a number). */
export function BoundSelectField(
  props: Bound &
    Unbound<ComponentProps<typeof SelectField>> & { numeric?: boolean; onPicked?: (value: string) => void },
) {
  const { control, path, name = path, deps, numeric, onPicked, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return (
    <SelectField
      {...rest}
      name={name}
      value={String(value ?? '')}
      onValueChange={(next) => {
        onChange(numeric ? Number(next) : next);
        onPicked?.(next);
      }}
      error={error}
    />
  );
}

export function BoundCheckboxField(
  props: Bound & Omit<ComponentProps<typeof CheckboxField>, 'name' | 'checked' | 'onCheckedChange' | 'error'>,
) {
  const { control, path, name = path, deps, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return <CheckboxField {...rest} name={name} checked={Boolean(value)} onCheckedChange={onChange} error={error} />;
}

type ChoiceProps<T extends string> = Bound & {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  required?: boolean;
};

/** Exactly one of a few pill-shaped choices (target group, season, text colour). */
export function BoundChoiceField<T extends string>(props: ChoiceProps<T>) {
  const { control, path, name = path, deps, ...rest } = props;
  const { value, onChange, error } = useBound({ control, path, deps });
  return <ChipGroup<T> {...rest} name={name} value={(value as T | '') ?? ''} onSelect={onChange} error={error} />;
}
