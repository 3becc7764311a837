/**
 * What the Lambda bundles get for `node:stream/web` (the esbuild alias in bundle-options.ts).
 * @middy/core imports its `ReadableStream` for one `instanceof` check on the streaming path
 * (`streamifyResponse`), which no handler of ours takes; the real import loads Node's whole web-streams
 * implementation (and timers/promises, worker/io) into every cold start, about 3 ms. This class stands
 * in for it: `instanceof` and `new` reach the real `ReadableStream`, loaded on that first use.
 * Any other name imported from `node:stream/web` fails the build (no such export), so nothing is
 * replaced silently.
 */
const real = (): typeof globalThis.ReadableStream =>
  process.getBuiltinModule('node:stream/web').ReadableStream as typeof globalThis.ReadableStream;

export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof real();
  }

  constructor(...args: ConstructorParameters<typeof globalThis.ReadableStream>) {
    return new (real())(...args) as unknown as ReadableStream;
  }
}
