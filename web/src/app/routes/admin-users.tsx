import { UsersAdminScreen } from '../../features/users-admin/components/users-admin-screen.tsx';

/** Admin /users 'User Management' (03 §2). */
export default function AdminUsersPage() {
  return <UsersAdminScreen />;
}
