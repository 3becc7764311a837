import { useAuth } from '../../lib/auth.ts';
import { PasswordForm } from '../../features/profile/components/password-form.tsx';
import { ProfileLayout } from '../../features/profile/components/profile-layout.tsx';

/** /profile-settings: the password tab (01 §2 currentTab 1). */
export default function ProfileSettingsPage() {
  const auth = useAuth();
  if (!auth.isAuth) return null;
  return (
    <ProfileLayout role={auth.role.name} active="password">
      <PasswordForm userId={auth.data.id} />
    </ProfileLayout>
  );
}
