export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PersistedStore<T> = {
  getSnapshot: () => T;
  subscribe: (listener: () => void) => () => void;
  set: (value: T) => void;
  reset: () => void;
  /** Re-reads storage, e.g. after another tab changed it. */
  reload: () => void;
  readonly key: string;
};

/**
 * A tiny external store for React's useSyncExternalStore, persisted as JSON under one key.
 * What comes back from storage goes through `parse` (a small hand check: no zod on the first load, issue 15);
 * anything it refuses (undefined) or that is unreadable falls back to `initial`.
 */
export function createPersistedStore<T>(options: {
  key: string;
  parse: (stored: unknown) => T | undefined;
  initial: T;
  storage: KeyValueStorage | null;
}): PersistedStore<T> {
  const { key, parse, initial, storage } = options;
  const listeners = new Set<() => void>();
  let current = read();

  function read(): T {
    try {
      const raw = storage?.getItem(key);
      if (raw == null) return initial;
      return parse(JSON.parse(raw)) ?? initial;
    } catch {
      return initial;
    }
  }

  function write(value: T | undefined): void {
    try {
      if (value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage may be full or blocked (private mode); the in-memory value still works for this tab.
    }
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  return {
    key,
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      current = value;
      write(value);
      emit();
    },
    reset() {
      current = initial;
      write(undefined);
      emit();
    },
    reload() {
      const next = read();
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      current = next;
      emit();
    },
  };
}

/** localStorage when the page has one (not in unit tests or locked-down browsers). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps a store in step with other tabs. */
export function syncAcrossTabs(store: Pick<PersistedStore<unknown>, 'key' | 'reload'>): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === store.key || event.key === null) store.reload();
  });
}
