import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod, loaded afterwards, parse without eval (jitless)', async () => {
    await import('./zod-config.ts');
    const z = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x' });
  });
});
