import { describe, expect, it, vi } from 'vitest';
import type { TenantShop } from '@gm/shared/orders/checkout-extras';
import { NotFoundError } from '../../lib/errors.ts';
import { createTenantShopCache } from './tenant-shop.ts';

const shop = (subdomain: string): TenantShop => ({
  seller_id: `s-${subdomain}`,
  username: subdomain,
  subdomain,
  is_custom_auth: false,
  is_tourism: false,
  company: null,
});

describe('tenant shop cache', () => {
  it('keeps a found shop per subdomain until invalidated', async () => {
    const load = vi.fn(async (subdomain: string) => shop(subdomain));
    const cache = createTenantShopCache(load, 30_000);
    await cache.get('alpenspa');
    await cache.get('alpenspa');
    await cache.get('berg');
    expect(load.mock.calls.map(([s]) => s)).toEqual(['alpenspa', 'berg']);
    cache.invalidate();
    await cache.get('alpenspa');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never keeps an unknown subdomain, and loads every time with a TTL of 0', async () => {
    const load = vi.fn(async (subdomain: string) => {
      if (subdomain === 'nix') throw new NotFoundError('Diesen Shop gibt es nicht.');
      return shop(subdomain);
    });
    const cache = createTenantShopCache(load, 30_000);
    await expect(cache.get('nix')).rejects.toBeInstanceOf(NotFoundError);
    await expect(cache.get('nix')).rejects.toBeInstanceOf(NotFoundError);
    expect(load).toHaveBeenCalledTimes(2);

    const uncached = createTenantShopCache(load, 0);
    await uncached.get('alpenspa');
    await uncached.get('alpenspa');
    expect(load).toHaveBeenCalledTimes(4);
  });
});
