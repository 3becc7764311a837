import { currentTenant } from '../../lib/tenant.ts';
import { useTenantShop } from './api/tenant-shop.ts';

export type TenantScope = {
  /** False while the tenant's shop is still loading (or unknown, see TenantRedirect): lists wait. */
  ready: boolean;
  /** The seller whose vouchers alone a tenant's lists show; undefined on the main site. */
  sellerId: string | undefined;
};

/** Catalogue lists on a tenant host are limited to the tenant's seller (decisions 2026-11-26). */
export function useTenantScope(): TenantScope {
  const shop = useTenantShop();
  if (!currentTenant) return { ready: true, sellerId: undefined };
  const sellerId = shop.data?.data.seller_id;
  return { ready: sellerId !== undefined, sellerId };
}

/**
 * Whether this site sells a voucher of `sellerId`: the marketplace sells every seller's, a tenant shop
 * only its own seller's (the server refuses other lines there). Undefined while the shop loads.
 */
export function useSoldHere(sellerId: string): boolean | undefined {
  const scope = useTenantScope();
  if (!scope.ready) return undefined;
  return scope.sellerId === undefined || scope.sellerId === sellerId;
}
