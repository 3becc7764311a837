import { describe, expect, it } from 'vitest';
import { createCartIdStore, createCartReturnFlag } from './cart-session.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

const ID_A = '3b241101-e2bb-4255-8caf-4136c566a962';
const ID_B = '9f1c7a52-6c1e-4f43-9d0e-4f2a1f9b2c11';

describe('guest cart id', () => {
  it('creates one id on first use and keeps it across reads and page loads', () => {
    const storage = memoryStorage();
    let calls = 0;
    const first = createCartIdStore(storage, () => (++calls === 1 ? ID_A : ID_B));
    expect(first.id()).toBe(ID_A);
    expect(first.id()).toBe(ID_A);
    expect(calls).toBe(1);
    // A new page load reads the stored id instead of making another.
    const reloaded = createCartIdStore(storage, () => ID_B);
    expect(reloaded.id()).toBe(ID_A);
  });

  it('starts a new cart after renew', () => {
    const storage = memoryStorage();
    const ids = [ID_A, ID_B];
    const store = createCartIdStore(storage, () => ids.shift() ?? 'x');
    expect(store.id()).toBe(ID_A);
    store.renew();
    expect(store.id()).toBe(ID_B);
  });

  it('replaces a tampered stored value with a fresh uuid', () => {
    const storage = memoryStorage();
    storage.setItem('gm.cart-id', JSON.stringify({ id: 'not-a-uuid' }));
    expect(createCartIdStore(storage, () => ID_B).id()).toBe(ID_B);
  });
});

describe('cart return flag', () => {
  it('is true once after set', () => {
    const flag = createCartReturnFlag(memoryStorage());
    expect(flag.take()).toBe(false);
    flag.set();
    expect(flag.take()).toBe(true);
    expect(flag.take()).toBe(false);
  });
});
