import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/** Registrations (buyer and seller alike) per client IP and hour; decision of 2026-11-26. */
export const REGISTRATION_LIMIT = { hits: 20, windowSeconds: 60 * 60 } as const;

/**
 * Counts one registration attempt for the caller's IP (`RATE#register#<ip>`) and refuses it with 429
 * once the hour's allowance is used up, before anything is written. Called after the form passed
 * validation, so typing mistakes cost nothing; an attempt with a taken e-mail or username counts,
 * which also slows probing which addresses are registered.
 */
export async function assertRegistrationAllowed(deps: Pick<Deps, 'rateLimiter' | 'clock'>, ip: string): Promise<void> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  if (
    !(await deps.rateLimiter.hit('register', ip, REGISTRATION_LIMIT.hits, REGISTRATION_LIMIT.windowSeconds, nowSeconds))
  ) {
    throw new TooManyRequestsError(AUTH_TEXT.tooManyRegistrations);
  }
}

/**
 * `auth/unique` per client IP (issue 14): it tells no more than a registration attempt does, so it
 * must not be a faster way to probe which e-mail addresses and names are registered. The form asks
 * on blur and before submit, a few times per registration; 100 per ten minutes leaves a shared
 * network room and stops a scripted probe after 100 (it was 300 in 2.7 s).
 */
export const UNIQUE_CHECK_LIMIT = { hits: 100, windowSeconds: 10 * 60 } as const;

export async function assertUniqueCheckAllowed(deps: Pick<Deps, 'rateLimiter' | 'clock'>, ip: string): Promise<void> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  if (
    !(await deps.rateLimiter.hit('unique', ip, UNIQUE_CHECK_LIMIT.hits, UNIQUE_CHECK_LIMIT.windowSeconds, nowSeconds))
  ) {
    throw new TooManyRequestsError(AUTH_TEXT.tooManyUniqueChecks);
  }
}
