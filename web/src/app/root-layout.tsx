import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Header } from './layout/header.tsx';
import { useAuth } from '../lib/auth.ts';
import { impersonatingAdmin } from '../lib/auth-store.ts';
import { Footer } from './layout/footer.tsx';
import { CookieNotice } from './layout/cookie-notice.tsx';
import { PageLoader } from '../components/ui/spinner.tsx';
import { useTourismRedirect } from './layout/tourism-redirect.ts';

// Only an admin acting as another user sees it: nobody else's first load carries it (issue 15).
const ImpersonationBanner = lazy(() =>
  import('./layout/impersonation-banner.tsx').then((module) => ({ default: module.ImpersonationBanner })),
);

function ImpersonationSlot() {
  const auth = useAuth();
  if (!impersonatingAdmin(auth)) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner />
    </Suspense>
  );
}

/** Scroll resets to the top on every navigation (01 §2); focus moves to the main region for screen readers. */
function useNavigationReset(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useNavigationReset(mainRef);
  const tourismTarget = useTourismRedirect();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Zum Inhalt springen
      </a>
      <ImpersonationSlot />
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <Suspense fallback={<PageLoader />}>
          {tourismTarget ? <Navigate to={tourismTarget} replace /> : <Outlet />}
        </Suspense>
      </main>
      <Footer />
      <CookieNotice />
    </div>
  );
}
