import { Link } from 'react-router';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { GuestRetrievalForm } from '../../features/wallet/components/guest-retrieval-form.tsx';

/** /gast-bestellung/abrufen: a guest asks for the vouchers of their orders again (01 §2). */
export default function GuestRetrievalPage() {
  return (
    <AuthLayout
      title={WALLET_TEXT.guestRetrievalTitle}
      subtitle="Gib die E-Mail-Adresse ein, mit der du als Gast bestellt hast. Wir schicken dir deine Gutscheine als PDF noch einmal zu."
      testId="guest-retrieval-page"
    >
      <GuestRetrievalForm />
      <p className="auth-layout__switch">
        <Link to={paths.login}>Du hast ein Konto? Anmelden</Link>
      </p>
    </AuthLayout>
  );
}
