import { describe, expect, it, vi } from 'vitest';
import { createCachedValue, createCatalogueCache } from './catalogue-cache.ts';

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

describe('cached value', () => {
  it('serves the previous value while a refresh after the TTL is under way', async () => {
    let now = 0;
    let version = 0;
    let release: (() => void) | undefined;
    const load = vi.fn(() => {
      version += 1;
      const v = version;
      if (v === 1) return Promise.resolve(v);
      return new Promise<number>((done) => {
        release = () => done(v);
      });
    });
    const cached = createCachedValue(load, 1000, () => now);
    expect(await cached.get()).toBe(1);
    now = 2000;
    expect(await cached.get()).toBe(1);
    expect(await cached.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    release?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached.get()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps serving the previous value when a refresh fails, and retries', async () => {
    let now = 0;
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('a')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('b');
    const cached = createCachedValue(load, 1000, () => now);
    expect(await cached.get()).toBe('a');
    now = 5000;
    expect(await cached.get()).toBe('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached.get()).toBe('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached.get()).toBe('b');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads on every call with TTL 0 and forgets everything on invalidate', async () => {
    const load = vi.fn(async () => 'x');
    const cached = createCachedValue(load, 0, () => 0);
    await cached.get();
    await cached.get();
    expect(load).toHaveBeenCalledTimes(2);
    const long = createCachedValue(load, 60_000, () => 0);
    await long.get();
    long.invalidate();
    await long.get();
    expect(load).toHaveBeenCalledTimes(4);
  });
});
