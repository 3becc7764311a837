import { Link } from 'react-router';
import type { AuthResponse } from '@gm/shared/auth/contracts';
import { useForm } from '../../../lib/use-form.ts';
import { authStore } from '../../../lib/auth.ts';
import { paths } from '../../../config/paths.ts';
import { FormErrorSummary, FormMessage, PasswordField, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { login, loginRequestSchema } from '../api/login.ts';

const LABELS = { email: 'E-Mail', password: 'Passwort' };

/** Email and password; 401/404 show the server message above the form, 422 the field errors (01 §8). */
export function LoginForm({ onSuccess }: { onSuccess: (session: AuthResponse) => void }) {
  const form = useForm({
    initial: { email: '', password: '' },
    schema: loginRequestSchema,
    labels: LABELS,
    submit: async (input) => {
      const session = await login(input);
      authStore.signIn(session);
      onSuccess(session);
    },
  });

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="login-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('email')} type="email" autoComplete="email" inputMode="email" required />
      <PasswordField {...form.text('password')} autoComplete="current-password" required />
      <p className="form__aside">
        <Link to={paths.forgotPassword} data-testid="forgot-password-link">
          Passwort vergessen?
        </Link>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.submitting}
        data-testid="login-submit"
      >
        Anmelden
      </button>
      <LoadingOverlay show={form.submitting} label="Anmeldung läuft…" />
    </form>
  );
}
