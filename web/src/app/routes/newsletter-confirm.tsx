import { useParams } from 'react-router';
import { NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { useConfirmNewsletter } from '../../entities/newsletter/api/newsletter.ts';
import { NewsletterLinkStatus } from '../../entities/newsletter/components/newsletter-link-status.tsx';

/** /newsletter/bestaetigen/:token: the double opt-in's confirmation link (issue 13); no login needed. */
export default function NewsletterConfirmPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmNewsletter();
  return (
    <AuthLayout title={NEWSLETTER_TEXT.confirmTitle} testId="newsletter-confirm-page">
      <NewsletterLinkStatus
        token={token}
        action={confirm}
        working={NEWSLETTER_TEXT.confirming}
        testId="newsletter-confirm-status"
      />
    </AuthLayout>
  );
}
