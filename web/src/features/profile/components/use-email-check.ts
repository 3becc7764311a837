import { useRef, useState } from 'react';
import { emailField } from '@gm/shared/validation/fields';
import { checkUnique } from '../../../entities/user/api/check-unique.ts';

type EmailForm = {
  valuesRef: { current: { email?: string | boolean } };
  setFieldError: (name: string, error: string | undefined) => void;
};

/**
 * 01 §5: the e-mail must be unique among users excluding the current user id, asked on blur with
 * `auth/unique` (field, model, entity, id). The server checks again atomically on save.
 */
export function useEmailCheck(form: EmailForm, userId: string, storedEmail: string) {
  const [checking, setChecking] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  function check() {
    window.clearTimeout(timer.current);
    const raw = String(form.valuesRef.current.email ?? '');
    const parsed = emailField().safeParse(raw);
    if (!parsed.success || parsed.data === storedEmail) return;
    const value = parsed.data;
    timer.current = window.setTimeout(() => {
      setChecking(true);
      checkUnique('email', value, userId)
        .then((result) => {
          // Only the answer for the value still in the field counts.
          if (
            String(form.valuesRef.current.email ?? '')
              .trim()
              .toLowerCase() !== value
          )
            return;
          form.setFieldError('email', result.free ? undefined : result.message);
        })
        .catch((error: unknown) => console.error('Uniqueness check failed', error))
        .finally(() => setChecking(false));
    }, 300);
  }
  return { check, checking };
}
