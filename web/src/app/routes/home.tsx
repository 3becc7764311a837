import { useAuth } from '../../lib/auth.ts';
import { RoleHome } from '../../components/layout/role-home.tsx';
import { SearchBanner } from '../../features/catalogue/components/search-banner.tsx';
import { CategoryShortcuts } from '../../features/catalogue/components/category-shortcuts.tsx';
import { FeaturedVouchers } from '../../features/catalogue/components/featured-vouchers.tsx';
import { HowItWorks } from '../../features/catalogue/components/how-it-works.tsx';
import { ExperienceCategories } from '../../features/catalogue/components/experience-categories.tsx';
import { PartnerLogos } from '../../features/catalogue/components/partner-logos.tsx';
import { SignupTeaser } from '../../features/catalogue/components/signup-teaser.tsx';

/** /home by role: guests and buyers get the marketplace home, other roles a greeting with their menu. */
export default function HomePage() {
  const auth = useAuth();
  if (auth.isAuth && auth.role.name !== 'user') return <RoleHome role={auth.role.name} user={auth.data} />;
  return (
    <div className="guest-home" data-testid="guest-home">
      <title>Gutscheinmarkt – regionale Gutscheine verschenken</title>
      <SearchBanner />
      <CategoryShortcuts />
      <FeaturedVouchers />
      <HowItWorks />
      <ExperienceCategories />
      <PartnerLogos />
      {!auth.isAuth && <SignupTeaser />}
    </div>
  );
}
