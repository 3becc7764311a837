import { Link } from 'react-router';
import type { AuthResponse } from '@gm/shared/auth/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { authStore } from '../../../lib/auth.ts';
import { paths } from '../../../config/paths.ts';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormPasswordField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { login, loginRequestSchema } from '../api/login.ts';

const LABELS = { email: 'E-Mail', password: 'Passwort' };

/** Email and password; 401/404 show the server message above the form, 422 the field errors (01 §8). */
export function LoginForm({ onSuccess }: { onSuccess: (session: AuthResponse) => void }) {
  const form = useZodForm(loginRequestSchema, { defaultValues: { email: '', password: '' } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      const session = await login(input);
      authStore.signIn(session);
      onSuccess(session);
    },
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="login-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormTextField
        control={form.control}
        name="email"
        label={LABELS.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <FormPasswordField
        control={form.control}
        name="password"
        label={LABELS.password}
        autoComplete="current-password"
        required
      />
      <p className="form__aside">
        <Link to={paths.forgotPassword} data-testid="forgot-password-link">
          Passwort vergessen?
        </Link>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={submitting}
        data-testid="login-submit"
      >
        Anmelden
      </button>
      <LoadingOverlay show={submitting} label="Anmeldung läuft…" />
    </form>
  );
}
