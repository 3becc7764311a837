/**
 * zod 4 compiles object parsers with `new Function` when it may, and probes for that permission on
 * the first parse. The Content-Security-Policy forbids eval (shared/src/web/security-headers.ts), so
 * the probe would only produce a CSP violation report before zod fell back: parse without it.
 *
 * zod keeps its global config on `globalThis.__zod_globalConfig` and adopts an existing one when it
 * loads, so this sets `jitless` without importing zod: zod stays off the first load (issue 15) and
 * loads later with a form or a lazy contract, already configured. Imported first by main.tsx;
 * zod-config.test.ts fails when a zod release stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};
