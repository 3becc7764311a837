import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '@gm/shared/auth/roles';
import { TEXT } from '@gm/shared/validation/messages';
import { routes, type RouteDef } from '../../functions/src/routes.ts';
import { createTestAccount, type TestAccount } from './accounts.ts';
import { api } from './api.ts';

/**
 * Every route of the manifest, called as guest and as each role: a role outside the route's access
 * gets 401 (no login) or 403 (wrong role); a role inside never gets the route-level refusal.
 * Path parameters are filled with the caller's own id, so record-level rules don't blur the picture.
 */
type Caller = 'guest' | RoleName;
const callers: Caller[] = ['guest', ...ROLE_NAMES];
const accounts = new Map<RoleName, TestAccount>();

beforeAll(async () => {
  for (const role of ROLE_NAMES) accounts.set(role, await createTestAccount(role));
});

function pathFor(route: RouteDef, account: TestAccount | undefined): string {
  return route.path.replace(/\{[^}]+\}/g, account?.userId ?? 'guest-none');
}

describe.each(routes as readonly RouteDef[])('$method $path', (route) => {
  it.each(callers)('as %s', async (caller) => {
    // Logout ends every ID token of its user issued so far (issue 14): it gets an account of its own.
    const account =
      caller === 'guest'
        ? undefined
        : route.path === 'auth/logout'
          ? await createTestAccount(caller)
          : accounts.get(caller);
    const res = await api(route.method, pathFor(route, account), {
      token: account?.token,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    });
    const allowed = route.access === 'public' || (caller !== 'guest' && route.access.includes(caller));
    if (allowed) {
      expect(res.status, JSON.stringify(res.body)).not.toBe(403);
      if (res.status === 401) expect(res.body.message).not.toBe(TEXT.unauthenticated);
      expect(res.status).toBeLessThan(500);
    } else if (caller === 'guest') {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: TEXT.unauthenticated });
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: TEXT.forbidden });
    }
  });
});

/**
 * An admin acting as a user (issue 11) holds the user's role, never admin's: every route an admin
 * may call but the user may not answers 403, as do the user's password and impersonating again.
 */
describe.each(['user', 'seller'] as const)('impersonated %s', (role) => {
  let token: string;
  let target: TestAccount;
  beforeAll(async () => {
    target = await createTestAccount(role);
    const res = await api('POST', 'auth/change-role', {
      token: accounts.get('admin')!.token,
      body: { user_id: target.userId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    token = res.body.token;
  });

  const adminRoutes = (routes as readonly RouteDef[]).filter(
    (r) => r.access !== 'public' && r.access.includes('admin') && !r.access.includes(role),
  );
  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s → 403', async (_key, route) => {
    const res = await api(route.method, pathFor(route, target), {
      token,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });

  it('cannot change the password or impersonate again', async () => {
    const password = await api('PATCH', `user/change-password/${target.userId}`, { token, body: {} });
    expect(password.status).toBe(403);
    const again = await api('POST', 'auth/change-role', { token, body: { user_id: target.userId } });
    expect(again.status).toBe(403);
  });
});

describe('tokens', () => {
  it('treats a forged or foreign token like no token', async () => {
    const route = (routes as readonly RouteDef[]).find((r) => r.access !== 'public')!;
    const user = accounts.get('user')!;
    const [header, payload] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admin'] })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${user.token.split('.')[2]}`;
    const res = await api(route.method, pathFor(route, user), { token: forged });
    expect(res.status).toBe(401);
    const garbage = await api(route.method, pathFor(route, user), { token: 'not-a-jwt' });
    expect(garbage.status).toBe(401);
  });
});
