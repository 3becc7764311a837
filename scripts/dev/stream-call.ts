import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which stream consumer (scripts/dev/stream-consumers.ts) the current call runs in, if any: the
 * stream stand-in runs each batch inside it, so the int set-up's transaction recorder can tell the
 * consumers' transactions (off the write path) from the handlers' (issue 15, "no hot items").
 */
export const streamCall = new AsyncLocalStorage<string>();
