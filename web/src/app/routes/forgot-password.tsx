import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Passwort vergessen?"
      subtitle="Gib deine E-Mail-Adresse ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegen kannst."
      testId="forgot-password-page"
    >
      <ForgotPasswordForm />
      <p className="auth-layout__switch">
        <Link to={paths.login}>Zurück zur Anmeldung</Link>
      </p>
    </AuthLayout>
  );
}
