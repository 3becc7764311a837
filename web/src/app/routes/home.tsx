import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { SearchBanner } from '../../entities/catalogue/components/search-banner.tsx';
import { CategoryShortcuts } from '../../entities/catalogue/components/category-shortcuts.tsx';
import { FeaturedVouchers } from '../../entities/catalogue/components/featured-vouchers.tsx';
import { HowItWorks } from '../../entities/catalogue/components/how-it-works.tsx';
import { ExperienceCategories } from '../../entities/catalogue/components/experience-categories.tsx';
import { PartnerLogos } from '../../entities/catalogue/components/partner-logos.tsx';
import { SignupTeaser } from '../../entities/catalogue/components/signup-teaser.tsx';
import { CategorySlider } from '../../entities/catalogue/components/category-slider.tsx';
import { AnnouncementModal } from '../../entities/catalogue/components/announcement-modal.tsx';
import { DiscoveryModals } from '../../entities/catalogue/components/discovery-modals.tsx';
import { useDiscoveryModals } from '../../entities/catalogue/hooks/use-discovery-modals.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { currentTenant } from '../../lib/tenant.ts';
import { useStagesAfterPaint } from '../../lib/use-after-paint.ts';

// Only signed-in sellers and admins see it: guests do not load the seller dashboard or the sales-pause switch.
const RoleHome = lazy(() => import('../layout/role-home.tsx').then((module) => ({ default: module.RoleHome })));

// Only tenant hosts show it: the marketplace home's first visit does not load it.
const TenantLanding = lazy(() =>
  import('../../features/tenant/components/tenant-landing.tsx').then((module) => ({ default: module.TenantLanding })),
);

/** /home by role: guests and buyers get the marketplace home, other roles a greeting with their menu. */
export default function HomePage() {
  const auth = useAuth();
  const modals = useDiscoveryModals();
  // Below the fold, one section after each painted frame: the first paint shows the hero (and the announcement) without
  // waiting for the whole page's layout (issue 15). The main area is at least the viewport high, so nothing in view moves.
  const later = useStagesAfterPaint(5);
  // A scanner user sees nothing but the scanner (02 §1): its Home is /scanner (issue 6).
  if (auth.isAuth && auth.role.name === 'scanner') return <Navigate to={paths.scanner} replace />;
  if (auth.isAuth && auth.role.name !== 'user')
    return (
      <Suspense fallback={<PageLoader />}>
        <RoleHome role={auth.role.name} user={auth.data} />
      </Suspense>
    );
  // A tenant's root and /home are its seller landing page (01 §2) for guests and buyers.
  if (currentTenant)
    return (
      <Suspense fallback={<PageLoader label="Shop wird geladen…" />}>
        <TenantLanding />
      </Suspense>
    );
  return (
    <div className="guest-home" data-testid="guest-home">
      <title>Gutscheinmarkt – regionale Gutscheine verschenken</title>
      <SearchBanner />
      <CategoryShortcuts />
      <CategorySlider />
      {later >= 1 && <FeaturedVouchers onOpenVoucher={modals.openVoucher} onOpenSeller={modals.openSeller} />}
      {later >= 2 && <HowItWorks />}
      {later >= 3 && <ExperienceCategories />}
      {later >= 4 && <PartnerLogos />}
      {later >= 5 && !auth.isAuth && <SignupTeaser />}
      {!auth.isAuth && <AnnouncementModal />}
      <DiscoveryModals modals={modals} />
    </div>
  );
}
