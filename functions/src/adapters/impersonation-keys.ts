import type { CryptoKey } from 'jose';
import { signingKey, verifyingKey } from '../lib/impersonation-token.ts';
import type { SecretParameters } from './ssm-parameters.ts';

/** The ES256 key pair of impersonation tokens: PEMs from the environment (local) or SSM (AWS). */
export type ImpersonationKeys = { signing(): Promise<CryptoKey>; verifying(): Promise<CryptoKey> };

export type ImpersonationKeyEnv = {
  IMPERSONATION_PRIVATE_KEY?: string | undefined;
  IMPERSONATION_PRIVATE_KEY_PARAMETER?: string | undefined;
  IMPERSONATION_PUBLIC_KEY?: string | undefined;
  IMPERSONATION_PUBLIC_KEY_PARAMETER?: string | undefined;
};

export class ImpersonationNotConfiguredError extends Error {
  constructor(which: string) {
    super(`Impersonation is not configured: set IMPERSONATION_${which} or IMPERSONATION_${which}_PARAMETER`);
    this.name = 'ImpersonationNotConfiguredError';
  }
}

/** Imported once per container; a failed read is not cached, so the next request tries again. */
export function createImpersonationKeys(e: ImpersonationKeyEnv, parameters: () => SecretParameters): ImpersonationKeys {
  const pem = async (value: string | undefined, parameter: string | undefined, which: string) => {
    if (value) return value;
    if (parameter) return parameters().get(parameter);
    throw new ImpersonationNotConfiguredError(which);
  };
  const cached = <T>(load: () => Promise<T>) => {
    let promise: Promise<T> | undefined;
    return () => {
      promise ??= load().catch((error: unknown) => {
        promise = undefined;
        throw error;
      });
      return promise;
    };
  };
  return {
    signing: cached(async () =>
      signingKey(await pem(e.IMPERSONATION_PRIVATE_KEY, e.IMPERSONATION_PRIVATE_KEY_PARAMETER, 'PRIVATE_KEY')),
    ),
    verifying: cached(async () =>
      verifyingKey(await pem(e.IMPERSONATION_PUBLIC_KEY, e.IMPERSONATION_PUBLIC_KEY_PARAMETER, 'PUBLIC_KEY')),
    ),
  };
}
