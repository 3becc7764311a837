import * as z from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` when it may, and probes for that permission on
 * the first parse. The Content-Security-Policy forbids eval (shared/src/web/security-headers.ts), so
 * the probe would only produce a CSP violation report before zod fell back: parse without it.
 * Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
