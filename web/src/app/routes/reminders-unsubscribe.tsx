import { REMINDER_TEXT } from '@gm/shared/admin/seller-mails';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { UnsubscribeStatus } from '../../features/reminders/components/unsubscribe-status.tsx';
import { useParams } from 'react-router';

/** /erinnerungen/abmelden/:token: the unsubscribe link of the expiry reminder mails (issue 12); no login needed. */
export default function RemindersUnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <AuthLayout title={REMINDER_TEXT.pageTitle} testId="reminders-unsubscribe-page">
      <UnsubscribeStatus token={token} />
    </AuthLayout>
  );
}
