import type * as z from 'zod';
import { toFieldErrors } from '@gm/shared/validation/fields';

/** One message per field, as the forms show them. */
export type FormErrors = Record<string, string | undefined>;

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/** Validates form values with the shared contract; messages are the contract's German texts. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: firstMessages(toFieldErrors(result.error)) };
}

export function firstMessages(errors: Record<string, string[] | undefined>): FormErrors {
  const out: FormErrors = {};
  for (const [field, messages] of Object.entries(errors)) if (messages?.[0]) out[field] = messages[0];
  return out;
}

/** Labels of the failing fields in form order, for the 'Dieses Feld muss ausgefüllt werden!' warning (01 §5). */
export function failingFieldLabels(errors: FormErrors, labels: Record<string, string>): string[] {
  return Object.keys(labels)
    .filter((field) => errors[field])
    .map((field) => labels[field] ?? field);
}

/** Keeps only errors of fields the form shows; the rest (e.g. `_`) is returned separately. */
export function splitKnownErrors(
  errors: FormErrors,
  fields: readonly string[],
): { known: FormErrors; other: string[] } {
  const known: FormErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    if (fields.includes(field)) known[field] = message;
    else other.push(message);
  }
  return { known, other };
}
