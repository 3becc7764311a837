import { describe, expect, it } from 'vitest';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { assertSalesOpen, createSalesPauseCache } from './sales-pause.ts';

describe('sales pause', () => {
  it('caches the switch for the TTL and re-reads after it or after invalidate()', async () => {
    let stored = false;
    let reads = 0;
    let clock = 0;
    const cache = createSalesPauseCache(
      { getSalesPause: async () => (reads++, { sales_paused: stored }) },
      1000,
      () => clock,
    );
    expect(await cache.get()).toEqual({ sales_paused: false });
    stored = true;
    clock = 999;
    expect(await cache.get()).toEqual({ sales_paused: false });
    clock = 1000;
    expect(await cache.get()).toEqual({ sales_paused: true });
    stored = false;
    cache.invalidate();
    expect(await cache.get()).toEqual({ sales_paused: false });
    expect(reads).toBe(3);
  });

  it('assertSalesOpen refuses with the German notice only while paused', async () => {
    const reader = (paused: boolean) => ({
      salesPause: { get: async () => ({ sales_paused: paused }), invalidate: () => undefined },
    });
    await expect(assertSalesOpen(reader(false))).resolves.toBeUndefined();
    const error = await assertSalesOpen(reader(true)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      statusCode: 422,
      message: ORDER_TEXT.salesPaused,
      errors: { _: [ORDER_TEXT.salesPaused] },
    });
  });
});
