import { describe, expect, it, vi } from 'vitest';
import { createCatalogueCache } from './catalogue-cache.ts';

describe('catalogue cache', () => {
  it('loads once per TTL and shares a load between concurrent callers', async () => {
    let now = 0;
    const listCatalogue = vi.fn(async () => []);
    const cache = createCatalogueCache({ listCatalogue }, 1000, () => now);
    await Promise.all([cache.entries(), cache.entries()]);
    expect(listCatalogue).toHaveBeenCalledTimes(1);
    now = 999;
    await cache.entries();
    expect(listCatalogue).toHaveBeenCalledTimes(1);
    now = 1001;
    await cache.entries();
    expect(listCatalogue).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load so the next call retries', async () => {
    const listCatalogue = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([]);
    const cache = createCatalogueCache({ listCatalogue }, 1000, () => 0);
    await expect(cache.entries()).rejects.toThrow('down');
    await expect(cache.entries()).resolves.toEqual([]);
  });
});
