import { checkGuard, type GuardClass, type RoleName } from '@gm/shared/auth/roles';
import { pathAfterLogin, paths } from '../config/paths.ts';

/** Where a guard sends the visitor, or null when the page may render (01 §2). */
export function guardRedirect(guard: GuardClass, role: RoleName | undefined): string | null {
  const result = checkGuard(guard, role);
  switch (result) {
    case 'ok':
      return null;
    case 'login':
      return paths.login;
    case 'not-allowed':
      return paths.notAllowed;
    case 'home':
      return role ? pathAfterLogin(role) : paths.home;
  }
}
