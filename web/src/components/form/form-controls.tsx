import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ComponentProps, FocusEvent } from 'react';
import { CheckboxField, PasswordField, SelectField, TextField } from '../ui/form-fields.tsx';

/**
 * The design system's fields bound to a react-hook-form control: the value, the change, the blur and
 * the error message come from the form; the input's ref lets the form focus the first failing field.
 */
type Bound<T extends FieldValues, P> = Omit<
  P,
  'name' | 'value' | 'onValueChange' | 'error' | 'checked' | 'onCheckedChange'
> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
};

/** The props a text-like field takes from the form; the caller's blur (e.g. a uniqueness check) runs as well. */
function useBoundText<T extends FieldValues>(
  control: Control<T, unknown, FieldValues>,
  name: Path<T>,
  onBlur: ((event: FocusEvent<HTMLInputElement>) => void) | undefined,
) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    name,
    value: (field.value as string | undefined) ?? '',
    onValueChange: field.onChange,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      field.onBlur();
      onBlur?.(event);
    },
    error: fieldState.error?.message,
  };
}

export function FormTextField<T extends FieldValues>({
  control,
  name,
  onBlur,
  ...props
}: Bound<T, ComponentProps<typeof TextField>>) {
  return <TextField {...props} {...useBoundText(control, name, onBlur)} />;
}

export function FormPasswordField<T extends FieldValues>({
  control,
  name,
  onBlur,
  ...props
}: Bound<T, ComponentProps<typeof PasswordField>>) {
  return <PasswordField {...props} {...useBoundText(control, name, onBlur)} />;
}

export function FormSelectField<T extends FieldValues>({
  control,
  name,
  onBlur,
  ...props
}: Bound<T, ComponentProps<typeof SelectField>>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SelectField
      {...props}
      ref={field.ref}
      name={name}
      value={(field.value as string | undefined) ?? ''}
      onValueChange={field.onChange}
      onBlur={() => {
        field.onBlur();
        onBlur?.();
      }}
      error={fieldState.error?.message}
    />
  );
}

export function FormCheckboxField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, ComponentProps<typeof CheckboxField>>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CheckboxField
      {...props}
      ref={field.ref}
      name={name}
      checked={Boolean(field.value)}
      onCheckedChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
