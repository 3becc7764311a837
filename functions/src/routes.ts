import type { Access, RoleName } from '@gm/shared/auth/roles';

/**
 * The route manifest: every endpoint of the API, once. It drives the CDK routes (one Lambda each),
 * the local API gateway and the authorisation matrix test. Adding an endpoint = one line here plus
 * a handler module at `handlers/<handler>.ts` exporting `handler`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** API domains; each becomes its own CDK stack so no stack nears CloudFormation's 500-resource limit. */
export type Domain = 'auth' | 'users' | 'catalogue' | 'orders' | 'wallet' | 'redemption' | 'admin' | 'tourism';

export type RouteDef = {
  method: HttpMethod;
  /** Path below /api/v1/, with {param} segments. */
  path: string;
  /** Module below functions/src/handlers/, without extension. */
  handler: string;
  access: Access;
  domain: Domain;
};

const PUBLIC = 'public' as const;
const ANY_ROLE: readonly RoleName[] = ['admin', 'seller', 'user', 'scanner'];

export const routes = [
  // Accounts (01 §7, 02 §7)
  { method: 'POST', path: 'auth/login', handler: 'auth/login', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/logout', handler: 'auth/logout', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/register', handler: 'auth/register', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/forgot-password', handler: 'auth/forgot-password', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/reset-password', handler: 'auth/reset-password', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/unique', handler: 'auth/unique', access: PUBLIC, domain: 'auth' },
  { method: 'GET', path: 'user/{id}', handler: 'users/get-user', access: ANY_ROLE, domain: 'users' },

  // Catalogue (01 §7)
  { method: 'GET', path: 'voucher-category', handler: 'catalogue/list-categories', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'voucher', handler: 'catalogue/list-vouchers', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'voucher/{id}', handler: 'catalogue/get-voucher', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'company/all', handler: 'catalogue/list-companies', access: PUBLIC, domain: 'catalogue' },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
export type RouteKey = `${Route['method']} ${Route['path']}`;

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: RouteKey): RouteDef {
  const found = (routes as readonly RouteDef[]).find((r) => routeKey(r) === key);
  if (!found) throw new Error(`route ${key} is not in the manifest`);
  return found;
}

export const API_PREFIX = '/api/v1/';
