import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { NewsletterSource } from '@gm/shared/admin/newsletter';

// The form brings react-hook-form and the form fields: loaded only when the footer comes near the
// viewport, so a first visit that never scrolls there does not download them (issue 15 first load).
const NewsletterForm = lazy(() =>
  import('../../entities/newsletter/components/newsletter-form.tsx').then((m) => ({ default: m.NewsletterForm })),
);

/** The footer's newsletter sign-up, rendered once the footer scrolls into view (its slot keeps the height). */
export function LazyNewsletterForm({ source, tone }: { source: NewsletterSource; tone: 'light' | 'dark' }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
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
