import * as z from 'zod/mini';
import { MSG } from './messages.ts';

/**
 * Building blocks whose failures read as the spec's German messages. Each `.check()` clones the schema,
 * so a field's checks go in one call: every object built costs every cold start that builds the contract.
 */
const maxLength = (max?: number) => (max === undefined ? [] : [z.maxLength(max, { error: MSG.max(max) })]);

export const requiredString = (max?: number) =>
  z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, { error: MSG.required }), ...maxLength(max));

export const optionalString = (max?: number) =>
  z.nullable(z.optional(z.string({ error: MSG.required }).check(z.trim(), ...maxLength(max))));

export const emailField = () =>
  z.pipe(
    z.pipe(
      z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, { error: MSG.required })),
      z.email({ error: MSG.email }),
    ),
    z.transform((value) => value.toLowerCase()),
  );

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const passwordField = () =>
  z
    .string({ error: MSG.required })
    .check(
      z.minLength(1, { error: MSG.required }),
      z.minLength(PASSWORD_MIN, { error: MSG.min(PASSWORD_MIN) }),
      z.maxLength(PASSWORD_MAX, { error: MSG.max(PASSWORD_MAX) }),
    );

/** Accepts true, 1, '1', 'true' (form data sends strings); anything else fails as "required". */
export const mustAccept = () =>
  z.pipe(
    z.union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true'), z.literal('on')], {
      error: MSG.mustAccept,
    }),
    z.transform(() => true as const),
  );

export const booleanish = () =>
  z.pipe(
    z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]),
    z.transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
  );

/** Query strings arrive as text; numbers in them are coerced with German messages. */
export const intParam = (min = 1, max = 1000) =>
  z.coerce
    .number({ error: MSG.numeric })
    .check(
      z.int({ error: MSG.integer }),
      z.gte(min, { error: MSG.minValue(min) }),
      z.lte(max, { error: MSG.maxValue(max) }),
    );

/**
 * zod/mini has no `z.preprocess`: classic's is this pipe (a transform into the schema), typed with the
 * schema's optionality so an object key stays optional when the schema is.
 */
export const preprocess = <A, U extends z.core.SomeType>(
  fn: (value: unknown, payload: z.core.ParsePayload) => A,
  schema: U,
): z.ZodMiniType<z.core.output<U>, unknown, z.core.$ZodPreprocessInternals<U, unknown>> =>
  z.pipe(z.transform(fn), schema as unknown as z.core.$ZodType<unknown, Awaited<A>>) as never;

export type FieldErrors = Record<string, string[]>;

/** Flattens zod issues to the spec's field → messages map (nested paths joined by dots). */
export function toFieldErrors(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The German text for an issue whose contract names none — pass it as the parse's error map,
 * `schema.safeParse(input, { error: germanFallback })`: zod/mini loads no locale (docs/performance.md),
 * and a contract's own texts come first. The spec's texts where one fits (missing, not a number, too
 * short/long, too small/large), else MSG.invalid: never English in a 422 or under a form field.
 */
export function germanFallback(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return MSG.required;
      return issue.expected === 'number' || issue.expected === 'int' ? MSG.numeric : MSG.invalid;
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') return MSG.min(Number(issue.minimum));
      return issue.origin === 'number' ? MSG.minValue(Number(issue.minimum)) : MSG.invalid;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') return MSG.max(Number(issue.maximum));
      return issue.origin === 'number' ? MSG.maxValue(Number(issue.maximum)) : MSG.invalid;
    default:
      return MSG.invalid;
  }
}
