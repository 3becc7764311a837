import * as streamWeb from 'node:stream/web';
import * as timers from 'node:timers';
import { describe, expect, it } from 'vitest';
import { ReadableStream } from './lazy-stream-web.ts';
import * as lazyTimers from './lazy-timers.ts';

describe('the stand-ins for builtins @middy/core imports (bundle-options.ts alias)', () => {
  it('ReadableStream: instanceof and new reach Node’s own', async () => {
    const real = new streamWeb.ReadableStream({ start: (c) => (c.enqueue('a'), c.close()) });
    expect(real instanceof ReadableStream).toBe(true);
    expect({} instanceof ReadableStream).toBe(false);
    expect(new streamWeb.WritableStream() instanceof ReadableStream).toBe(false);
    const made = new ReadableStream({ start: (c) => (c.enqueue('b'), c.close()) });
    expect(made).toBeInstanceOf(streamWeb.ReadableStream);
    const chunks: unknown[] = [];
    for await (const chunk of made as unknown as streamWeb.ReadableStream) chunks.push(chunk);
    expect(chunks).toEqual(['b']);
  });

  it('timers: the functions of node:timers themselves', () => {
    expect(lazyTimers.setTimeout).toBe(timers.setTimeout);
    expect(lazyTimers.clearTimeout).toBe(timers.clearTimeout);
    expect(lazyTimers.setInterval).toBe(timers.setInterval);
    expect(lazyTimers.clearInterval).toBe(timers.clearInterval);
    expect(lazyTimers.setImmediate).toBe(timers.setImmediate);
    expect(lazyTimers.clearImmediate).toBe(timers.clearImmediate);
  });
});
