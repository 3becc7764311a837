import { CART_ID_HEADER } from '@gm/shared/orders/cart-header';
import {
  browserStorage,
  createPersistedStore,
  syncAcrossTabs,
  type KeyValueStorage,
  type PersistedStore,
} from '../../lib/persisted-store.ts';

/**
 * The guest cart's id (01 §3, contracts CART_ID_HEADER): a random UUID kept in localStorage and sent as
 * `x-cart-id` on every orders call, so a guest finds the same cart after a reload. Created on first use.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored `{ id }` when its id is a UUID (a hand check: no zod on the first load, issue 15). */
export function storedCartId(stored: unknown): { id: string } | null | undefined {
  if (stored === null) return null;
  if (typeof stored !== 'object' || !('id' in stored)) return undefined;
  return typeof stored.id === 'string' && UUID.test(stored.id) ? { id: stored.id } : undefined;
}

export function createCartIdStore(storage: KeyValueStorage | null, newId: () => string = () => crypto.randomUUID()) {
  const store: PersistedStore<{ id: string } | null> = createPersistedStore<{ id: string } | null>({
    key: 'gm.cart-id',
    parse: storedCartId,
    initial: null,
    storage,
  });
  return {
    store,
    /** The stored id, or a fresh one that is stored from now on. */
    id(): string {
      const current = store.getSnapshot();
      if (current) return current.id;
      const id = newId();
      store.set({ id });
      return id;
    },
    /** A paid guest cart is done: the next guest purchase starts a new one. */
    renew(): void {
      store.reset();
    },
  };
}

export const cartId = createCartIdStore(browserStorage());
syncAcrossTabs(cartId.store);

/** Headers for an orders call: the guest cart id, always (the server ignores it for signed-in buyers). */
export function cartHeaders(): Record<string, string> {
  return { [CART_ID_HEADER]: cartId.id() };
}

/**
 * "If a cart flag was set the user goes to the cart" after login (01 §4): set when a guest presses
 * 'Zur Kasse', read and cleared by the login page.
 */
const FLAG_KEY = 'gm.cart-return';

export function createCartReturnFlag(storage: KeyValueStorage | null) {
  return {
    set(): void {
      try {
        storage?.setItem(FLAG_KEY, '1');
      } catch {
        // Blocked storage: login then lands on the default page.
      }
    },
    isSet(): boolean {
      try {
        return storage?.getItem(FLAG_KEY) === '1';
      } catch {
        return false;
      }
    },
    /** True once after it was set. */
    take(): boolean {
      try {
        const set = storage?.getItem(FLAG_KEY) === '1';
        storage?.removeItem(FLAG_KEY);
        return set;
      } catch {
        return false;
      }
    },
  };
}

export const cartReturnFlag = createCartReturnFlag(browserStorage());
