import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ComponentProps } from 'react';
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

export function FormTextField<T extends FieldValues>({
  control,
  name,
  onBlur,
  ...props
}: Bound<T, ComponentProps<typeof TextField>>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      ref={field.ref}
      name={name}
      value={(field.value as string | undefined) ?? ''}
      onValueChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        // The caller's blur (e.g. a uniqueness check) runs as well.
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
}

export function FormPasswordField<T extends FieldValues>({
  control,
  name,
  onBlur,
  ...props
}: Bound<T, ComponentProps<typeof PasswordField>>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordField
      {...props}
      ref={field.ref}
      name={name}
      value={(field.value as string | undefined) ?? ''}
      onValueChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        // The caller's blur (e.g. a uniqueness check) runs as well.
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
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
