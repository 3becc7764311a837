import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailField } from '@gm/shared/validation/fields';
import { fetchUnique, type UniqueField } from './api/check-unique.ts';

/** Field → (normalised value → the server's "taken" message). */
type TakenValues = Map<UniqueField, Map<string, string>>;

const UNIQUE_DEBOUNCE_MS = 300;

/** The value as the server compares it: e-mails without case, both without surrounding spaces. */
export function normaliseUnique(field: UniqueField, value: string): string {
  return field === 'email' ? value.trim().toLowerCase() : value.trim();
}

/** Worth asking the server: not empty, and an e-mail must be one. */
function askable(field: UniqueField, value: string): boolean {
  if (!value) return false;
  return field !== 'email' || emailField().safeParse(value).success;
}

/**
 * The form's schema, refusing every value the server called taken: submit, 'Weiter' and the
 * re-validation on change fail on such a value (with the server's message) until the field holds
 * another one. Runs even while other fields fail (`when`), so one submit shows every problem.
 */
function rejectTaken<S extends z.ZodMiniType>(schema: S, taken: TakenValues): S {
  return schema.check(
    z.superRefine(
      (form, ctx) => {
        if (typeof form !== 'object' || form === null) return;
        for (const [field, values] of taken) {
          const raw = (form as Record<string, unknown>)[field];
          const message = typeof raw === 'string' ? values.get(normaliseUnique(field, raw)) : undefined;
          if (message) ctx.addIssue({ code: 'custom', path: [field], message });
        }
      },
      { when: () => true },
    ),
  );
}

/** The schema guard of a form with unique fields; pass `schema` to useZodForm and the guard to useUniqueCheck. */
export function useUniqueGuard<S extends z.ZodMiniType>(base: S) {
  const [taken] = useState<TakenValues>(() => new Map());
  const schema = useMemo(() => rejectTaken(base, taken), [base, taken]);
  return { schema, taken };
}

type Options = {
  /** The user being edited (profile): their own value is not "taken". */
  userId?: string | null;
  /** Values that need no check (the stored e-mail of the profile), per field. */
  unchanged?: Partial<Record<UniqueField, string>>;
};

/**
 * 01 §5: e-mail and username must be unique, asked with `auth/unique` on blur (debounced) and before
 * a wizard step is left. A taken value shows the server's message on the field (setError) and blocks
 * submitting until the value changes; the server checks again atomically on save.
 */
export function useUniqueCheck<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  guard: { taken: TakenValues },
  { userId = null, unchanged = {} }: Options = {},
) {
  const client = useQueryClient();
  const [checking, setChecking] = useState<Partial<Record<UniqueField, boolean>>>({});
  const timers = useRef<Partial<Record<UniqueField, number>>>({});
  const { taken } = guard;
  const { getValues, setError, clearErrors, getFieldState, watch } = form;

  const current = useCallback(
    (field: UniqueField) => {
      const value: unknown = getValues(field as Path<T>);
      return normaliseUnique(field, typeof value === 'string' ? value : '');
    },
    [getValues],
  );

  /** Asks the server (once per value, through the query cache); records a taken value. */
  const ask = useCallback(
    async (field: UniqueField, value: string): Promise<string | undefined> => {
      const own = unchanged[field];
      if (!askable(field, value) || (own !== undefined && value === normaliseUnique(field, own))) return undefined;
      setChecking((c) => ({ ...c, [field]: true }));
      try {
        const result = await fetchUnique(client, field, value, userId);
        if (result.free) return undefined;
        if (!taken.has(field)) taken.set(field, new Map());
        taken.get(field)?.set(value, result.message);
        return result.message;
      } catch (error) {
        // The server checks again on submit; a failed check must not block the form.
        console.error('Uniqueness check failed', error);
        return undefined;
      } finally {
        setChecking((c) => ({ ...c, [field]: false }));
      }
    },
    [client, taken, userId, unchanged],
  );

  /** On blur: the answer lands on the field, if the field still holds the value asked for. */
  const check = useCallback(
    (field: UniqueField) => {
      window.clearTimeout(timers.current[field]);
      timers.current[field] = window.setTimeout(() => {
        const asked = current(field);
        void ask(field, asked).then((message) => {
          if (current(field) !== asked) return;
          if (message) setError(field as Path<T>, { type: 'unique', message });
          else if (getFieldState(field as Path<T>).error?.type === 'unique') clearErrors(field as Path<T>);
        });
      }, UNIQUE_DEBOUNCE_MS);
    },
    [ask, current, setError, clearErrors, getFieldState],
  );

  /** Before validating (e.g. 'Weiter'): the answers for the current values, so validation knows them. */
  const ensure = useCallback(
    async (fields: readonly UniqueField[]) => {
      await Promise.all(fields.map((field) => ask(field, current(field))));
    },
    [ask, current],
  );

  // A "taken" message set on blur belongs to the value asked for: editing the field removes it.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name !== 'email' && name !== 'username') return;
      if (getFieldState(name as Path<T>).error?.type === 'unique') clearErrors(name as Path<T>);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, clearErrors]);

  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach((timer) => window.clearTimeout(timer));
  }, []);

  return { check, ensure, checking };
}
