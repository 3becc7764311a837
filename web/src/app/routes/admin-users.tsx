import { useSearchParams } from 'react-router';
import { UsersAdminScreen } from '../../features/users-admin/components/users-admin-screen.tsx';

/** Admin /users 'User Management' (03 §2); `?tab=sellers` opens the sellers tab (the admin home links there). */
export default function AdminUsersPage() {
  const [params] = useSearchParams();
  return <UsersAdminScreen initialTab={params.get('tab') === 'sellers' ? 'seller' : 'user'} />;
}
