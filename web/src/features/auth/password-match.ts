import * as z from 'zod/mini';
import { MSG } from '@gm/shared/validation/messages';

/**
 * Adds 'Passwort ist unterschiedlich' on the confirm field to a registration form's schema, reported
 * together with the other fields' errors on the first submit. A plain object refine runs only once
 * every field passes, so the mismatch used to appear only after everything else was fixed. Skipped
 * while the confirm field is empty (it shows 'required' then) or already has a message.
 */
export function withPasswordMatch<S extends z.ZodMiniType>(schema: S, password: string, confirm: string): S {
  const valueOf = (form: unknown, key: string): unknown =>
    typeof form === 'object' && form !== null ? (form as Record<string, unknown>)[key] : undefined;
  return schema.check(
    z.superRefine(
      (form, ctx) => {
        if (valueOf(form, password) !== valueOf(form, confirm))
          ctx.addIssue({ code: 'custom', path: [confirm], message: MSG.passwordMismatch });
      },
      {
        when: (payload) => {
          const repeated = valueOf(payload.value, confirm);
          return (
            typeof valueOf(payload.value, password) === 'string' &&
            typeof repeated === 'string' &&
            repeated !== '' &&
            !payload.issues.some((issue) => issue.path?.[0] === confirm)
          );
        },
      },
    ),
  );
}
