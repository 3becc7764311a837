import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from './api-client.ts';
import { failingFieldLabels, firstMessages, splitKnownErrors, validateForm, type FormErrors } from './form.ts';

type Values = Record<string, string | boolean>;

type UseFormOptions<V extends Values, S extends z.ZodType> = {
  initial: V;
  /** The shared contract; its German messages are what the fields show. */
  schema: S;
  /** Field labels in form order (also the list shown after a failed submit). */
  labels: Record<keyof V & string, string>;
  /** Turns form values into what the schema parses (e.g. '' → undefined). */
  prepare?: (values: V) => unknown;
  submit: (data: z.output<S>) => Promise<void>;
  /** Handles a server error itself (e.g. a dialog); return true when handled. */
  onServerError?: (error: ApiError) => boolean;
};

/**
 * Form state shared by the auth forms: client validation with the shared schema, the failed-submit
 * warning (01 §5), 422 answers next to the fields, other server messages above the form (01 §8).
 */
export function useForm<V extends Values, S extends z.ZodType>(options: UseFormOptions<V, S>) {
  const { initial, schema, labels, prepare, submit, onServerError } = options;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState<Array<{ name: string; label: string }>>([]);
  const [message, setMessage] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const fieldNames = Object.keys(labels);
  // Errors found outside submit (e.g. the async uniqueness check); they block submitting until the value changes.
  const externalErrors = useRef<FormErrors>({});
  /** The latest values, for async callbacks that outlive a render. */
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    delete externalErrors.current[name];
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const setFieldError = useCallback((name: string, error: string | undefined) => {
    if (error) externalErrors.current[name] = error;
    else delete externalErrors.current[name];
    setErrors((current) => ({ ...current, [name]: error }));
  }, []);

  function showErrors(all: FormErrors, withSummary: boolean): void {
    const { known, other } = splitKnownErrors(all, fieldNames);
    setErrors(known);
    const failing = failingFieldLabels(known, labels);
    setSummary(
      withSummary ? fieldNames.filter((n) => known[n]).map((name, i) => ({ name, label: failing[i] ?? name })) : [],
    );
    if (other.length) setMessage(other.join(' '));
    const first = fieldNames.find((n) => known[n]);
    if (first) requestAnimationFrame(() => document.getElementById(`field-${first}`)?.focus());
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    const result = validateForm(schema, prepare ? prepare(values) : values);
    const pending = Object.fromEntries(Object.entries(externalErrors.current).filter(([, message]) => message));
    if (!result.ok || Object.keys(pending).length > 0) {
      showErrors({ ...pending, ...(result.ok ? {} : result.errors) }, true);
      return;
    }
    setSummary([]);
    setSubmitting(true);
    try {
      await submit(result.data);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        console.error(error);
        setMessage(TEXT.genericError);
      } else if (onServerError?.(error)) {
        // handled by the caller
      } else if (error.isValidation && Object.keys(error.fieldErrors).length > 0) {
        showErrors(firstMessages(error.fieldErrors), false);
      } else {
        setMessage(error.message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  /** Props for a text-like field. */
  function text<K extends keyof V & string>(name: K) {
    return {
      name,
      label: labels[name],
      value: String(values[name] ?? ''),
      error: errors[name],
      onValueChange: (value: string) => setValue(name, value as V[K]),
    };
  }

  return {
    values,
    valuesRef,
    setValue,
    errors,
    setFieldError,
    summary,
    message,
    setMessage,
    submitting,
    handleSubmit,
    text,
  };
}
