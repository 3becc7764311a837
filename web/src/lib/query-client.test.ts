// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { authStore } from './auth.ts';
import { createQueryClient, resetOnSessionChange } from './query-client.ts';

type Snapshot = ReturnType<typeof authStore.getSnapshot>;

function fakeStore(initial: Snapshot) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  const store = {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as typeof authStore;
  const set = (next: Snapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return { store, set };
}

describe('resetOnSessionChange', () => {
  it('drops session data on a user change but keeps queries marked session-independent', async () => {
    const client = createQueryClient();
    const { store, set } = fakeStore({ isAuth: false } as Snapshot);
    resetOnSessionChange(client, store);
    await client.fetchQuery({ queryKey: ['cart'], queryFn: () => 3 });
    await client.fetchQuery({
      queryKey: ['tenant-shop', 'alpenspa'],
      queryFn: () => 'shop',
      meta: { sessionIndependent: true },
    });

    set({ isAuth: true, data: { id: 'u1' } } as Snapshot);
    expect(client.getQueryData(['cart'])).toBeUndefined();
    expect(client.getQueryData(['tenant-shop', 'alpenspa'])).toBe('shop');
  });
});
