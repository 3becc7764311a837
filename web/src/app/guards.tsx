import { Navigate, Outlet } from 'react-router';
import type { GuardClass } from '@gm/shared/auth/roles';
import { useRole } from '../lib/auth.ts';
import { guardRedirect } from './guard-redirect.ts';

/** Layout route that renders its children only for the roles the guard class allows. */
export function Guard({ guard }: { guard: GuardClass }) {
  const role = useRole();
  const target = guardRedirect(guard, role);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
