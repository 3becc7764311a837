import * as z from 'zod';
import { MSG } from './messages.ts';

/** Building blocks whose failures read as the spec's German messages. */
export const requiredString = (max?: number) => {
  let schema = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required });
  if (max !== undefined) schema = schema.max(max, { error: MSG.max(max) });
  return schema;
};

export const optionalString = (max?: number) => {
  let schema = z.string({ error: MSG.required }).trim();
  if (max !== undefined) schema = schema.max(max, { error: MSG.max(max) });
  return schema.optional().nullable();
};

export const emailField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .pipe(z.email({ error: MSG.email }))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const passwordField = () =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required })
    .min(PASSWORD_MIN, { error: MSG.min(PASSWORD_MIN) })
    .max(PASSWORD_MAX, { error: MSG.max(PASSWORD_MAX) });

/** Accepts true, 1, '1', 'true' (form data sends strings); anything else fails as "required". */
export const mustAccept = () =>
  z
    .union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true'), z.literal('on')], {
      error: MSG.mustAccept,
    })
    .transform(() => true as const);

export const booleanish = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** Query strings arrive as text; numbers in them are coerced with German messages. */
export const intParam = (min = 1, max = 1000) =>
  z.coerce
    .number({ error: MSG.numeric })
    .int({ error: MSG.integer })
    .min(min, { error: MSG.minValue(min) })
    .max(max, { error: MSG.maxValue(max) });

export type FieldErrors = Record<string, string[]>;

/** Flattens zod issues to the spec's field → messages map (nested paths joined by dots). */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
