import { lazy, Suspense } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import type { NewsletterSource } from '@gm/shared/admin/newsletter';

// The form brings react-hook-form and the form fields: loaded only when the footer comes near the
// viewport, so a first visit that never scrolls there does not download them (issue 15 first load).
const NewsletterForm = lazy(() =>
  import('../../entities/newsletter/components/newsletter-form.tsx').then((m) => ({ default: m.NewsletterForm })),
);

/** The footer's newsletter sign-up, rendered once the footer scrolls into view (its slot keeps the height). */
export function LazyNewsletterForm({ source, tone }: { source: NewsletterSource; tone: 'light' | 'dark' }) {
  const { ref: slot, near } = useNearViewport<HTMLDivElement>();
  return (
    <div ref={slot} className="site-footer__newsletter-slot">
      {near && (
        <Suspense fallback={null}>
          <NewsletterForm source={source} tone={tone} />
        </Suspense>
      )}
    </div>
  );
}
