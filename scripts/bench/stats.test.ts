import { describe, expect, it } from 'vitest';
import { percentile, runPool, seededRandom, summarise } from './stats.ts';

describe('benchmark statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(summarise([3, 1, 2])).toEqual({ count: 3, mean: 2, p50: 2, p95: 3, p99: 3, min: 1, max: 3 });
  });

  it('never runs more than the allowed number of tasks at once and keeps the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await runPool([5, 1, 4, 2, 3], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });

  it('draws the same numbers for the same seed', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
