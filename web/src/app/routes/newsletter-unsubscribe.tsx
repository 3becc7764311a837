import { useParams } from 'react-router';
import { NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { useUnsubscribeFromNewsletter } from '../../entities/newsletter/api/newsletter.ts';
import { NewsletterLinkStatus } from '../../entities/newsletter/components/newsletter-link-status.tsx';

/** /newsletter/abmelden/:token: the unsubscribe link of every newsletter mail (issue 13); no login needed. */
export default function NewsletterUnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribeFromNewsletter();
  return (
    <AuthLayout title={NEWSLETTER_TEXT.unsubscribeTitle} testId="newsletter-unsubscribe-page">
      <NewsletterLinkStatus
        token={token}
        action={unsubscribe}
        working={NEWSLETTER_TEXT.unsubscribing}
        testId="newsletter-unsubscribe-status"
      />
    </AuthLayout>
  );
}
