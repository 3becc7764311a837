import type { Deps } from '../../services/deps.ts';

/** A dependency built once per container on first use; `reset()` rebuilds it on the next call (tests). */
export type Provider<T> = (() => T) & { reset(): void };

export function once<T>(build: () => T): Provider<T> {
  let value: T | undefined;
  let built = false;
  const provider = () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
  provider.reset = () => {
    built = false;
    value = undefined;
  };
  return provider;
}

/**
 * Calls each named provider: `resolve({ users, identity })` → `{ users: UserRepository, identity: Identity }`.
 * A provider may give part of a dependency under its name (`resolve({ users: userReader })` → `{ users: { get } }`):
 * the service then declares that part (`Pick<UserRepository, 'get'>`), and the route's bundle holds no more (issue 15).
 */
export function resolve<P extends { [K in keyof Deps]?: Provider<Partial<Deps[K]>> }>(
  providers: P,
): { [K in keyof P]: P[K] extends Provider<infer T> ? T : never } {
  return Object.fromEntries(
    Object.entries(providers).map(([name, provider]) => [name, (provider as Provider<unknown>)()]),
  ) as {
    [K in keyof P]: P[K] extends Provider<infer T> ? T : never;
  };
}
