import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors as RhfFieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { germanFallback } from '@gm/shared/validation/fields';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from './api-client.ts';

/** A form over a shared zod contract: fields hold its input type, submit receives its output. */
export type ZodForm<S extends z.ZodMiniType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;

/**
 * `useForm` with the shared contract as resolver (its German messages are what the fields show).
 * Validation runs on submit first, then on every change of a failing field.
 */
export function useZodForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> & {
    defaultValues: DefaultValues<z.input<S>>;
  },
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    // The contract's German texts first; our German fallback where it names none (never English).
    resolver: zodResolver(schema, { error: germanFallback }),
  });
}

/** The failing fields in form order with their labels, for the 'Dieses Feld muss ausgefüllt werden!' warning (01 §5). */
export function failingFields(
  errors: RhfFieldErrors,
  labels: Readonly<Record<string, string>>,
): Array<{ name: string; label: string }> {
  // `get` reads dotted names ('guest.email') from the nested error object.
  return Object.keys(labels)
    .filter((name) => get(errors, name))
    .map((name) => ({ name, label: labels[name] ?? name }));
}

/**
 * Puts a server answer onto the form: a 422's field messages on the fields the form shows (first one
 * focused), everything else as the message above the form (01 §8). Returns that message.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormReturn<T>['setError'],
  fields: readonly string[],
): string | undefined {
  if (!(error instanceof ApiError)) {
    console.error(error);
    return TEXT.genericError;
  }
  if (!error.isValidation) return error.message;
  const other: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages?.[0];
    if (!message) continue;
    if (!fields.includes(field)) {
      other.push(message);
      continue;
    }
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (other.length) return other.join(' ');
  return focused ? undefined : error.message;
}

type SubmitOptions<S extends z.ZodMiniType<FieldValues, FieldValues>> = {
  /** Field labels in form order (the failed-submit warning lists them). */
  labels: Readonly<Record<string, string>>;
  submit: (data: z.output<S>) => Promise<void>;
  /** Handles a server error itself (e.g. a dialog); return true when handled. */
  onServerError?: (error: ApiError) => boolean;
};

/**
 * The submit of a form: client validation by the resolver with the failed-submit warning, then the
 * request, with server answers mapped onto the fields or shown above the form.
 */
export function useFormSubmit<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  form: ZodForm<S>,
  { labels, submit, onServerError }: SubmitOptions<S>,
) {
  const [message, setMessage] = useState<string | undefined>();
  const [summary, setSummary] = useState<Array<{ name: string; label: string }>>([]);
  const fields = Object.keys(labels);

  const onSubmit = form.handleSubmit(
    async (data) => {
      setMessage(undefined);
      setSummary([]);
      try {
        await submit(data);
      } catch (error) {
        if (error instanceof ApiError && onServerError?.(error)) return;
        setMessage(applyServerError(error, form.setError, fields));
      }
    },
    (errors) => {
      setMessage(undefined);
      setSummary(failingFields(errors, labels));
    },
  );

  return { onSubmit, message, setMessage, summary, submitting: form.formState.isSubmitting };
}
