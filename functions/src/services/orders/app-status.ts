import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import type { AppStatus } from '@gm/shared/settings/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { SettingsRepository } from '../../repositories/settings-repository.ts';
import type { Deps } from '../deps.ts';

/** The platform switches of the global settings item, cached per container (docs/data-model.md §1: ≤ 60 s). */
export type AppStatusReader = { get(): Promise<AppStatus>; invalidate(): void };

export function createAppStatusCache(
  settings: Pick<SettingsRepository, 'getAppStatus'>,
  ttlMs: number,
  now: () => number = Date.now,
): AppStatusReader {
  let cached: { value: AppStatus; at: number } | undefined;
  return {
    async get() {
      if (cached && now() - cached.at < ttlMs) return cached.value;
      const value = await settings.getAppStatus();
      cached = { value, at: now() };
      return value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/** GET app-status (public): what the web needs to show the discontinuation notice and hide purchases. */
export async function getAppStatus(deps: Pick<Deps, 'appStatus'>): Promise<AppStatus> {
  return { sales_paused: (await deps.appStatus.get()).sales_paused };
}

/** Refuses a new sale while sales are paused: 422 with the spec's German notice. Cart add and payment call it. */
export async function assertSalesOpen(deps: Pick<Deps, 'appStatus'>): Promise<void> {
  if ((await deps.appStatus.get()).sales_paused)
    throw new ValidationError({ _: [ORDER_TEXT.salesPaused] }, ORDER_TEXT.salesPaused);
}

/**
 * PUT app-status (admin): sets the sales pause. This container's cache is dropped at once; other
 * containers see the change within the cache time (≤ 60 s).
 */
export async function setAppStatus(
  deps: Pick<Deps, 'settings' | 'appStatus' | 'clock'>,
  status: AppStatus,
): Promise<AppStatus> {
  await deps.settings.putAppStatus({ sales_paused: status.sales_paused }, deps.clock().toISOString());
  deps.appStatus.invalidate();
  return { sales_paused: status.sales_paused };
}
