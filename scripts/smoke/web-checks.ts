/** Pure checks of the home page answer (no I/O), unit-tested beside. */

/** The `src` of every `<script type="module" src=…>` in the page: the entry chunk Vite writes into index.html. */
export function moduleScripts(html: string): string[] {
  const sources: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\btype\s*=\s*["']?module\b/i.test(tag)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) sources.push(src);
  }
  return sources;
}

/** One directive's sources, e.g. `script-src` → ["'self'", 'https://js.stripe.com']; undefined when absent. */
export function cspDirective(policy: string, name: string): string[] | undefined {
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive?.toLowerCase() === name) return sources;
  }
  return undefined;
}

/**
 * What the response headers policy must give every page (issue 14 "closed edge"): a CSP whose scripts
 * come only from named origins (no inline script, no eval) and that forbids framing, nosniff, a
 * referrer policy, and on https HSTS. Answers the problems found; empty means fine.
 */
export function securityHeaderProblems(headers: Headers, https: boolean): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else {
    const scripts = cspDirective(csp, 'script-src') ?? cspDirective(csp, 'default-src');
    if (!scripts) problems.push('CSP without script-src or default-src');
    else {
      const loose = scripts.filter((s) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:'].includes(s));
      if (loose.length > 0) problems.push(`CSP script-src allows ${loose.join(' ')}`);
    }
    const ancestors = cspDirective(csp, 'frame-ancestors');
    if (!ancestors) problems.push('CSP without frame-ancestors');
  }
  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff');
  if (!headers.get('referrer-policy')) problems.push('no Referrer-Policy');
  if (https) {
    const hsts = headers.get('strict-transport-security');
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? 0);
    if (!hsts) problems.push('no Strict-Transport-Security');
    else if (maxAge < 31_536_000) problems.push(`HSTS max-age below one year: ${hsts}`);
  }
  return problems;
}

/** A short summary of what was found, for the step's line. */
export function securityHeaderSummary(headers: Headers): string {
  const hsts = /max-age=(\d+)/i.exec(headers.get('strict-transport-security') ?? '')?.[1];
  return ['CSP', 'nosniff', 'Referrer-Policy', ...(hsts ? [`HSTS max-age=${hsts}`] : [])].join(', ');
}

const maxAgeOf = (cacheControl: string) => Number(/(?:^|[,\s])max-age=(\d+)/i.exec(cacheControl)?.[1] ?? NaN);

/**
 * The release rules (issue 14 "deployable build"): `index.html` is never served from a cache without
 * asking (no-cache, no-store or max-age=0), and hashed assets are immutable for a long time (a day at
 * least, so users still running the previous release keep loading its chunks). Empty means fine.
 */
export function cachingProblems(page: Headers, asset: Headers): string[] {
  const problems: string[] = [];
  const pageCache = page.get('cache-control') ?? '';
  if (!/\bno-cache\b|\bno-store\b/i.test(pageCache) && maxAgeOf(pageCache) !== 0)
    problems.push(`index.html may be cached: Cache-Control ${pageCache || '(none)'}`);
  const assetCache = asset.get('cache-control') ?? '';
  if (!(maxAgeOf(assetCache) >= 86_400) || !/\bimmutable\b/i.test(assetCache))
    problems.push(`the entry script is not immutable for a day at least: Cache-Control ${assetCache || '(none)'}`);
  return problems;
}
