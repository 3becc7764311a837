import type { AddToCartRequest } from '@gm/shared/orders/contracts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.ts';
import { cartHeaders, cartId } from '../cart-session.ts';
import { currentTenant } from '../../../lib/tenant.ts';

/** Cart calls (01 §7): buyers use their session, guests the `x-cart-id` header; both carry the header. */
const isGuest = () => !authStore.getSnapshot().isAuth;

/*
 * The header reads the cart on every first load: its reads name their contract lazily (checked in development
 * and tests, trusted in the production build; lib/api-client.ts). Changes load the contracts when made.
 */
const contracts = () => import('@gm/shared/orders/contracts');
const orderList = () => contracts().then((c) => c.orderListSchema);

/** The cart shows every pending line on one page (the API's upper page size). */
export const CART_PAGE_SIZE = 100;

/** POST order (buyer) or order/guest (guest). */
export async function addToCart(input: AddToCartRequest) {
  const { addToCartRequestSchema, orderLineResponseSchema } = await contracts();
  const body = addToCartRequestSchema.parse(input);
  return api.request(isGuest() ? 'order/guest' : 'order', {
    method: 'POST',
    body,
    headers: cartHeaders(),
    schema: orderLineResponseSchema,
  });
}

/** PATCH order/{id}: the new quantity (product vouchers) or value in cents (value vouchers). */
export async function updateCartLine(id: string, amount: { qty?: number; value?: number }) {
  const { updateCartLineRequestSchema, orderLineResponseSchema } = await contracts();
  const body = updateCartLineRequestSchema.parse(amount);
  return api.request(`order/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    headers: cartHeaders(),
    schema: orderLineResponseSchema,
  });
}

/** DELETE order/{id}: the answer carries nothing the page needs. */
export async function removeCartLine(id: string) {
  const { anyAnswer } = await import('../../../lib/any-answer.ts');
  return api.request(`order/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: cartHeaders(),
    schema: anyAnswer,
  });
}

/** GET order?status=pending: the cart lines; on a tenant shop POST order/search with its subdomain (that shop's lines only). */
export function getCart(signal?: AbortSignal) {
  if (currentTenant) {
    const body = { status: 'pending', subdomain: currentTenant, page: 1, paginate: CART_PAGE_SIZE };
    return api.request('order/search', {
      method: 'POST',
      body,
      headers: cartHeaders(),
      schema: orderList,
      signal,
    });
  }
  return api.request('order', {
    query: { status: 'pending', page: 1, paginate: CART_PAGE_SIZE },
    headers: cartHeaders(),
    schema: orderList,
    signal,
  });
}

/**
 * Query keys of the cart: every cart mutation invalidates `cartKeys.all`, so the lines and the header
 * count follow without any sync code. The session is not part of the key: signing in or out resets
 * the whole cache (lib/query-client.ts).
 */
export const cartKeys = {
  all: ['cart'] as const,
  lines: () => [...cartKeys.all, 'lines', currentTenant ?? null] as const,
  count: () => [...cartKeys.all, 'count', currentTenant ?? null] as const,
};

export const cartLinesQuery = () =>
  queryOptions({ queryKey: cartKeys.lines(), queryFn: ({ signal }) => getCart(signal), staleTime: 0 });

export function useCart() {
  return useQuery(cartLinesQuery());
}

/** Who has a cart: buyers (not tourism employees, 03 §9) and guests once they have a cart id. */
function useHasCart(): boolean {
  const auth = useAuth();
  const guestCart = useSyncExternalStore(cartId.store.subscribe, cartId.store.getSnapshot, cartId.store.getSnapshot);
  if (auth.isAuth) return auth.role.name === 'user' && !auth.data.is_employee;
  return guestCart !== null;
}

/**
 * The header's cart count (01 §4 "cart total loaded at login"): 0 for anyone without a cart,
 * undefined while it loads (the badge shows no number rather than a wrong one).
 */
export function useCartCount(): number | undefined {
  const enabled = useHasCart();
  const query = useQuery({
    queryKey: cartKeys.count(),
    queryFn: ({ signal }) => getCartCount(signal),
    enabled,
    select: (answer) => answer.total,
  });
  if (!enabled) return 0;
  return query.isError ? 0 : query.data;
}

/**
 * 01 §2 "Login": the cart count reads 0 while the login page is open (the session that logs in loads
 * its own). Leaving the page without logging in (a guest back to the shop or to /payment) loads the
 * real count again, so a guest's cart never shows 0 elsewhere.
 */
export function useZeroCartCountWhileMounted(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = cartKeys.count();
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, { total: 0 });
    return () => void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient]);
}

type CartCount = { total: number };

/**
 * The count comes from an index that DynamoDB updates eventually, so a count read right after a change
 * can still be the old one. Mutations therefore step the cached count themselves (01 §4: "Cart count
 * increases by 1", "After successful payment the cart count is 0") and only mark it stale; the lines
 * are refetched.
 */
function useCartCache() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const countKey = cartKeys.count();
    return {
      /** Before a change: no late count answer may overwrite the stepped count. */
      async hold(): Promise<void> {
        await queryClient.cancelQueries({ queryKey: countKey });
        // A guest's first add creates the cart: it was empty.
        if (!authStore.getSnapshot().isAuth && !cartId.store.getSnapshot()) {
          queryClient.setQueryData<CartCount>(countKey, { total: 0 });
        }
      },
      step(delta: number): void {
        const current = queryClient.getQueryData<CartCount>(countKey);
        if (current) queryClient.setQueryData<CartCount>(countKey, { total: Math.max(0, current.total + delta) });
      },
      async settle(): Promise<void> {
        const known = queryClient.getQueryData<CartCount>(countKey) !== undefined;
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: cartKeys.lines() }),
          queryClient.invalidateQueries({ queryKey: countKey, refetchType: known ? 'none' : 'active' }),
        ]);
      },
      /** A completed payment empties the cart. */
      emptied(): void {
        queryClient.setQueryData<CartCount>(countKey, { total: 0 });
        void queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
      },
    };
  }, [queryClient]);
}

export function useAddToCart() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: addToCart,
    onMutate: () => cache.hold(),
    onSuccess: () => cache.step(+1),
    onSettled: () => cache.settle(),
  });
}

export function useUpdateCartLine() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: { qty?: number; value?: number } }) =>
      updateCartLine(id, amount),
    onSettled: () => cache.settle(),
  });
}

export function useRemoveCartLine() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: removeCartLine,
    onMutate: () => cache.hold(),
    onSuccess: () => cache.step(-1),
    onSettled: () => cache.settle(),
  });
}

/** For the checkout's completion: the count is 0 at once, the rest reloads when next shown. */
export function useEmptiedCart(): () => void {
  const cache = useCartCache();
  return cache.emptied;
}

/**
 * GET order/total-user-cart or order/guest/total-user-cart: the header's cart count. On a tenant shop the
 * count is that shop's lines only, like its cart: POST order/search with its subdomain, one line a page, its `total`.
 */
export async function getCartCount(signal?: AbortSignal): Promise<{ total: number }> {
  if (currentTenant) {
    const body = { status: 'pending', subdomain: currentTenant, page: 1, paginate: 1 };
    const answer = await api.request('order/search', {
      method: 'POST',
      body,
      headers: cartHeaders(),
      schema: orderList,
      signal,
    });
    return { total: answer.total };
  }
  return api.request(isGuest() ? 'order/guest/total-user-cart' : 'order/total-user-cart', {
    headers: cartHeaders(),
    schema: () => contracts().then((c) => c.cartTotalSchema),
    signal,
  });
}

/** POST check-coupon: the coupon entries for the code (upper-cased by the contract). */
export async function checkCoupon(coupon: string, signal?: AbortSignal) {
  const { checkCouponRequestSchema, checkCouponResponseSchema } = await contracts();
  const body = checkCouponRequestSchema.parse({ coupon });
  return api.request('check-coupon', { method: 'POST', body, schema: checkCouponResponseSchema, signal });
}
