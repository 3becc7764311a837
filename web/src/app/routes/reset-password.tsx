import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  // The mailed link is /forgot-password/<token>?email=<address> (01 §4).
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Neues Passwort"
      subtitle="Wähle ein neues Passwort mit 8 bis 16 Zeichen."
      testId="reset-password-page"
    >
      <ResetPasswordForm
        token={token}
        email={params.get('email') ?? ''}
        onDone={() => void navigate(paths.login, { replace: true })}
      />
      <p className="auth-layout__switch">
        <Link to={paths.login}>Zurück zur Anmeldung</Link>
      </p>
    </AuthLayout>
  );
}
