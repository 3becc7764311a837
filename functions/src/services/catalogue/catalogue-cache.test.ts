import { describe, expect, it, vi } from 'vitest';
import { createCachedValue, createSnapshotCatalogue } from './catalogue-cache.ts';
import { searchIndexOf } from './search-index.ts';
import { testCatalogueEntry } from './test-catalogue-entry.ts';

describe('snapshot catalogue', () => {
  const indexOf = (version: number) => searchIndexOf([testCatalogueEntry(`v${version}`)]);
  const source = (versions: (number | undefined)[]) => {
    let read = 0;
    return {
      pointer: vi.fn(async () => {
        const version = versions[Math.min(read++, versions.length - 1)];
        return version === undefined ? undefined : { version, key: `k${version}`, raw_bytes: 1 };
      }),
      load: vi.fn(async (pointer: { version: number }) => indexOf(pointer.version)),
    };
  };

  it('reads the pointer at most once per interval and loads only a newer version', async () => {
    let now = 0;
    const s = source([1, 1, 2]);
    const catalogue = createSnapshotCatalogue(s, 5000, () => now);
    await Promise.all([catalogue.index(), catalogue.index()]);
    expect(s.pointer).toHaveBeenCalledTimes(1);
    expect(s.load).toHaveBeenCalledTimes(1);
    now = 4999;
    await catalogue.index();
    expect(s.pointer).toHaveBeenCalledTimes(1);
    now = 5000;
    expect((await catalogue.index()).ids).toEqual(['v1']);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.pointer).toHaveBeenCalledTimes(2);
    expect(s.load).toHaveBeenCalledTimes(1);
    now = 10_000;
    // The newer version loads in the background: this call still gets the held index.
    expect((await catalogue.index()).ids).toEqual(['v1']);
    await new Promise((r) => setTimeout(r, 0));
    expect((await catalogue.index()).ids).toEqual(['v2']);
    expect(s.load).toHaveBeenCalledTimes(2);
  });

  it('checks and waits on every call with interval 0, and answers an empty catalogue before the first build', async () => {
    const s = source([undefined, 3, 3, 4]);
    const catalogue = createSnapshotCatalogue(s, 0, () => 0);
    expect((await catalogue.index()).size).toBe(0);
    expect((await catalogue.index()).ids).toEqual(['v3']);
    expect((await catalogue.index()).ids).toEqual(['v3']);
    expect((await catalogue.index()).ids).toEqual(['v4']);
    expect(s.pointer).toHaveBeenCalledTimes(4);
    expect(s.load).toHaveBeenCalledTimes(2);
  });

  it('keeps the held index when a load fails, and retries', async () => {
    let now = 0;
    const s = source([1, 2, 2]);
    s.load.mockImplementationOnce(async (p) => indexOf(p.version)).mockRejectedValueOnce(new Error('gone'));
    const catalogue = createSnapshotCatalogue(s, 1000, () => now);
    expect((await catalogue.index()).ids).toEqual(['v1']);
    now = 2000;
    expect((await catalogue.index()).ids).toEqual(['v1']);
    await new Promise((r) => setTimeout(r, 0));
    expect((await catalogue.index()).ids).toEqual(['v1']);
    await new Promise((r) => setTimeout(r, 0));
    expect((await catalogue.index()).ids).toEqual(['v2']);
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
