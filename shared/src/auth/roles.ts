/** Role ids as the spec numbers them (01 §3, 03 §6); Cognito groups carry the names. */
export const ROLE_IDS = { admin: 1, seller: 2, user: 3, scanner: 4 } as const;

export type RoleName = keyof typeof ROLE_IDS;
export type RoleId = (typeof ROLE_IDS)[RoleName];

export const ROLE_NAMES = Object.keys(ROLE_IDS) as RoleName[];

export function roleIdOf(name: RoleName): RoleId {
  return ROLE_IDS[name];
}

export function roleNameOf(id: number): RoleName | undefined {
  return ROLE_NAMES.find((name) => ROLE_IDS[name] === id);
}

/** Picks the role from a token's Cognito groups; a user belongs to exactly one role group. */
export function roleFromGroups(groups: readonly string[] | undefined): RoleName | undefined {
  if (!groups) return undefined;
  // Highest privilege first, so a misconfigured multi-group user is never under-authorised silently.
  return ROLE_NAMES.find((name) => groups.includes(name));
}

/** Who may call a route: `public` (token optional) or the list of roles allowed. */
export type Access = 'public' | readonly RoleName[];

export function isAllowed(access: Access, role: RoleName | undefined): 'ok' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'ok';
  if (!role) return 'unauthenticated';
  return access.includes(role) ? 'ok' : 'forbidden';
}

/** Route guard classes of the web (01 §2). */
export type GuardClass =
  | 'any'
  | 'guest-only'
  | 'authenticated'
  | 'user-only'
  | 'admin-only'
  | 'seller-only'
  | 'user-or-guest'
  | 'user-or-seller'
  | 'scanner-or-seller'
  /** A voucher's statistics: its seller, and admins from the admin voucher modal (issue 11). */
  | 'seller-or-admin';

export type GuardResult = 'ok' | 'login' | 'not-allowed' | 'home';

export function checkGuard(guard: GuardClass, role: RoleName | undefined): GuardResult {
  switch (guard) {
    case 'any':
      return 'ok';
    case 'guest-only':
      return role ? 'home' : 'ok';
    case 'authenticated':
      return role ? 'ok' : 'login';
    case 'user-or-guest':
      return !role || role === 'user' ? 'ok' : 'not-allowed';
    case 'user-only':
      return only(role, ['user']);
    case 'admin-only':
      return only(role, ['admin']);
    case 'seller-only':
      return only(role, ['seller']);
    case 'user-or-seller':
      return only(role, ['user', 'seller']);
    case 'scanner-or-seller':
      return only(role, ['scanner', 'seller']);
    case 'seller-or-admin':
      return only(role, ['seller', 'admin']);
  }
}

function only(role: RoleName | undefined, allowed: RoleName[]): GuardResult {
  if (!role) return 'login';
  return allowed.includes(role) ? 'ok' : 'not-allowed';
}
