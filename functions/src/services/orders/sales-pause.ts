import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import type { SalesPause } from '@gm/shared/settings/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { SettingsRepository } from '../../repositories/settings-repository.ts';
import type { Deps } from '../deps.ts';

/** The sales pause (`sales_paused` of the global settings item; the API calls it app-status), cached per container (docs/data-model.md §1: ≤ 60 s). */
export type SalesPauseReader = { get(): Promise<SalesPause>; invalidate(): void };

export function createSalesPauseCache(
  settings: Pick<SettingsRepository, 'getSalesPause'>,
  ttlMs: number,
  now: () => number = Date.now,
): SalesPauseReader {
  let cached: { value: SalesPause; at: number } | undefined;
  return {
    async get() {
      if (cached && now() - cached.at < ttlMs) return cached.value;
      const value = await settings.getSalesPause();
      cached = { value, at: now() };
      return value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/** GET app-status (public): what the web needs to show the discontinuation notice and hide purchases. */
export async function getSalesPause(deps: Pick<Deps, 'salesPause'>): Promise<SalesPause> {
  return { sales_paused: (await deps.salesPause.get()).sales_paused };
}

/** Refuses a new sale while sales are paused: 422 with the spec's German notice. Cart add and payment call it. */
export async function assertSalesOpen(deps: Pick<Deps, 'salesPause'>): Promise<void> {
  if ((await deps.salesPause.get()).sales_paused)
    throw new ValidationError({ _: [ORDER_TEXT.salesPaused] }, ORDER_TEXT.salesPaused);
}

/**
 * PUT app-status (admin): sets the sales pause. This container's cache is dropped at once; other
 * containers see the change within the cache time (≤ 60 s).
 */
export async function setSalesPause(
  deps: Pick<Deps, 'settings' | 'salesPause' | 'clock'>,
  status: SalesPause,
): Promise<SalesPause> {
  await deps.settings.putSalesPause({ sales_paused: status.sales_paused }, deps.clock().toISOString());
  deps.salesPause.invalidate();
  return { sales_paused: status.sales_paused };
}
