import { Navigate, useSearchParams } from 'react-router';
import { PROFILE_TABS } from '@gm/shared/users/profile';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useUser } from '../../entities/user/api/user.ts';
import { BuyerProfileForm } from '../../features/profile/components/buyer-profile-form.tsx';
import { ProfileLayout } from '../../features/profile/components/profile-layout.tsx';
import { SellerProfileForm } from '../../features/profile/components/seller-profile-form.tsx';
import { VerificationForm } from '../../features/profile/components/verification-form.tsx';
import { PayoutSetupSection } from '../../entities/payout-account/components/payout-setup.tsx';

/** /profile-info (01 §2, 02 §2): tab 0 the profile, `?currentTab=1` the password tab, `?currentTab=2` the seller's verification tab with the payout set-up (issue 12; `&stripe=return` after Stripe). */
export default function ProfileInfoPage() {
  const auth = useAuth();
  const [search] = useSearchParams();
  const tab = Number(search.get('currentTab') ?? PROFILE_TABS.info);
  const userId = auth.isAuth ? auth.data.id : null;
  const role = auth.isAuth ? auth.role.name : undefined;
  // A fresh copy on every visit: the forms send its version, and a stale one would be refused.
  const query = useUser(userId, { staleTime: 0 });
  const { error, refetch } = query;
  // The form waits for this visit's copy, so what the user types is not replaced when it arrives.
  const profile = query.isFetching && !query.isFetchedAfterMount ? undefined : query.data;

  if (!role) return null;
  if (tab === PROFILE_TABS.password) return <Navigate to={paths.profileSettings} replace />;
  const verification = role === 'seller' && tab === PROFILE_TABS.verification;

  return (
    <ProfileLayout role={role} active={verification ? 'verification' : 'info'}>
      {error && !query.isFetching && !profile ? (
        <LoadFailed text="Dein Profil konnte gerade nicht geladen werden." onRetry={() => void refetch()} />
      ) : !profile ? (
        <PageLoader label="Profil wird geladen…" />
      ) : verification ? (
        <>
          <VerificationForm key={`v${profile.version}`} profile={profile} />
          <PayoutSetupSection back={search.get('stripe') === 'return'} expired={search.get('stripe') === 'refresh'} />
        </>
      ) : role === 'seller' ? (
        <SellerProfileForm key={`s${profile.version}`} profile={profile} />
      ) : (
        <BuyerProfileForm
          key={`b${profile.version}`}
          profile={profile}
          variant={role === 'user' ? 'buyer' : 'account'}
        />
      )}
    </ProfileLayout>
  );
}
