import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { germanFallback, optionalString, requiredString, toFieldErrors } from './fields.ts';
import { MSG } from './messages.ts';

const errorsOf = (schema: z.ZodMiniType, input: unknown) => {
  const result = schema.safeParse(input, { error: germanFallback });
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error);
};

describe('toFieldErrors', () => {
  it('keeps the texts a contract names, per field path', () => {
    const schema = z.object({ a: z.object({ b: z.string().check(z.minLength(2, { error: MSG.min(2) })) }) });
    expect(errorsOf(schema, { a: { b: 'x' } })).toEqual({ 'a.b': [MSG.min(2)] });
  });

  it('answers German where a contract names no text: missing, wrong type, limits, unknown option', () => {
    const schema = z.object({
      name: z.string(),
      count: z.number().check(z.gte(1), z.lte(9)),
      tags: z.array(z.string()).check(z.maxLength(1)),
      code: z.string().check(z.minLength(3)),
      kind: z.enum(['a', 'b']),
      flag: z.boolean(),
    });
    expect(errorsOf(schema, { count: 'x', tags: ['a', 'b'], code: 'x', kind: 'c', flag: 'yes' })).toEqual({
      name: [MSG.required],
      count: [MSG.numeric],
      tags: [MSG.max(1)],
      code: [MSG.min(3)],
      kind: [MSG.invalid],
      flag: [MSG.invalid],
    });
    expect(errorsOf(schema, { name: 'n', count: 0, tags: [], code: 'abc', kind: 'a', flag: true })).toEqual({
      count: [MSG.minValue(1)],
    });
    expect(errorsOf(schema, { name: 'n', count: 10, tags: [], code: 'abc', kind: 'a', flag: true })).toEqual({
      count: [MSG.maxValue(9)],
    });
    expect(errorsOf(schema, 'not an object')).toEqual({ _: [MSG.invalid] });
  });
});

describe('requiredString and optionalString', () => {
  const form = z.object({ name: requiredString(5), note: optionalString(3), free: requiredString() });

  it('trim, then hold the length with the spec’s texts', () => {
    expect(form.parse({ name: '  Anna ', note: ' ab ', free: ' x'.repeat(300) })).toEqual({
      name: 'Anna',
      note: 'ab',
      free: ' x'.repeat(300).trim(),
    });
    expect(errorsOf(form, { name: '   ', note: 'abcd', free: '' })).toEqual({
      name: [MSG.required],
      note: [MSG.max(3)],
      free: [MSG.required],
    });
    expect(errorsOf(form, { name: 'Annabel', free: 'x' })).toEqual({ name: [MSG.max(5)] });
    expect(errorsOf(form, { name: 42, free: 'x' })).toEqual({ name: [MSG.required] });
  });

  it('optional text may be missing or null', () => {
    expect(form.parse({ name: 'Anna', free: 'x' })).toEqual({ name: 'Anna', free: 'x' });
    expect(form.parse({ name: 'Anna', note: null, free: 'x' })).toEqual({ name: 'Anna', note: null, free: 'x' });
  });
});
