import { GetParametersCommand, type SSMClient } from '@aws-sdk/client-ssm';

/**
 * Secrets from SSM Parameter Store (SecureString, decrypted), read once per Lambda container and
 * kept in memory. All names asked for together are fetched in one GetParameters call; a failed
 * read is not cached, so the next request tries again.
 */
export type SecretParameters = { get(name: string): Promise<string> };

export class MissingParameterError extends Error {
  constructor(names: string[]) {
    super(`SSM parameter(s) not found: ${names.join(', ')}`);
    this.name = 'MissingParameterError';
  }
}

export function createSsmParameters(client: SSMClient): SecretParameters {
  const cache = new Map<string, Promise<string>>();
  let batch:
    { names: Set<string>; waiters: Map<string, { resolve(v: string): void; reject(e: unknown): void }[]> } | undefined;

  async function fetchBatch(
    names: string[],
    waiters: Map<string, { resolve(v: string): void; reject(e: unknown): void }[]>,
  ): Promise<void> {
    try {
      const out = await client.send(new GetParametersCommand({ Names: names, WithDecryption: true }));
      const found = new Map((out.Parameters ?? []).map((p) => [p.Name as string, p.Value as string]));
      const missing = names.filter((n) => !found.has(n));
      for (const name of names) {
        const value = found.get(name);
        for (const w of waiters.get(name) ?? []) {
          if (value !== undefined) w.resolve(value);
          else w.reject(new MissingParameterError(missing));
        }
      }
    } catch (error) {
      for (const list of waiters.values()) for (const w of list) w.reject(error);
    }
  }

  return {
    get(name) {
      const cached = cache.get(name);
      if (cached) return cached;
      const promise = new Promise<string>((resolve, reject) => {
        if (!batch) {
          const current = {
            names: new Set<string>(),
            waiters: new Map<string, { resolve(v: string): void; reject(e: unknown): void }[]>(),
          };
          batch = current;
          // Names requested in the same tick share one call (the secret key and the webhook secret).
          queueMicrotask(() => {
            batch = undefined;
            void fetchBatch([...current.names], current.waiters);
          });
        }
        batch.names.add(name);
        batch.waiters.set(name, [...(batch.waiters.get(name) ?? []), { resolve, reject }]);
      });
      cache.set(name, promise);
      promise.catch(() => cache.delete(name));
      return promise;
    },
  };
}
