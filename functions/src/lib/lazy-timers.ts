/**
 * What the Lambda bundles get for `node:timers` (the esbuild alias in bundle-options.ts): Node's
 * global timer functions, which are the module's own. @middy/core imports `setTimeout` from it, and
 * an ES import of the builtin reads every export, its `promises` getter too: that loads
 * timers/promises into every cold start for nothing. Any other name fails the build.
 */
export const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate } = globalThis;
