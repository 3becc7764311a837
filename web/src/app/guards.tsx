import { Navigate, Outlet, useLocation } from 'react-router';
import type { GuardClass } from '@gm/shared/auth/roles';
import { paths, safeReturnPath } from '../config/paths.ts';
import { useRole } from '../lib/auth.ts';
import { useLoginPath } from '../entities/tenant/use-custom-auth.ts';
import { guardRedirect } from './guard-redirect.ts';

/** Layout route that renders its children only for the roles the guard class allows. */
export function Guard({ guard }: { guard: GuardClass }) {
  const role = useRole();
  const { search } = useLocation();
  const loginPath = useLoginPath();
  let target = guardRedirect(guard, role);
  // Custom-auth tenants log in on /auth (03 §9, issue 13).
  if (target === paths.login) target = loginPath;
  // A login started from a gift link (/login?next=…) returns there, not to the role's home (issue 5 transfer).
  if (target && role && guard === 'guest-only')
    target = safeReturnPath(new URLSearchParams(search).get('next')) ?? target;
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
