import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, localSecurityHeaders } from '@gm/shared/web/security-headers';
import { cachingProblems, cspDirective, moduleScripts, securityHeaderProblems } from './web-checks.ts';

describe('moduleScripts', () => {
  it('finds the entry chunk Vite writes into index.html, not classic or inline scripts', () => {
    const html = `<!doctype html><html><head>
      <script>window.x = 1</script>
      <script src="/legacy.js"></script>
      <script type="module" crossorigin src="/assets/index-B1x2.js"></script>
      <link rel="modulepreload" href="/assets/vendor.js">
    </head><body><div id="root"></div></body></html>`;
    expect(moduleScripts(html)).toEqual(['/assets/index-B1x2.js']);
  });

  it('answers nothing for a page without one', () => {
    expect(moduleScripts('<html><body>403 Forbidden</body></html>')).toEqual([]);
  });
});

describe('securityHeaderProblems', () => {
  const production = () => {
    const headers = new Headers(localSecurityHeaders(['https://media.s3.eu-central-1.amazonaws.com']));
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    return headers;
  };

  it('accepts the headers the edge sends (shared/src/web/security-headers.ts), HSTS included on https', () => {
    expect(securityHeaderProblems(production(), true)).toEqual([]);
    expect(cspDirective(production().get('content-security-policy')!, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('needs HSTS of at least a year on https only', () => {
    const headers = production();
    headers.delete('strict-transport-security');
    expect(securityHeaderProblems(headers, false)).toEqual([]);
    expect(securityHeaderProblems(headers, true)).toEqual(['no Strict-Transport-Security']);
    headers.set('strict-transport-security', 'max-age=300');
    expect(securityHeaderProblems(headers, true)).toEqual(['HSTS max-age below one year: max-age=300']);
  });

  it('names every header that is missing', () => {
    expect(securityHeaderProblems(new Headers(), true)).toEqual([
      'no Content-Security-Policy',
      'no X-Content-Type-Options: nosniff',
      'no Referrer-Policy',
      'no Strict-Transport-Security',
    ]);
  });

  it('refuses a policy that lets inline script or any origin run, or that allows framing by anyone', () => {
    const headers = production();
    headers.set('content-security-policy', "default-src 'self'; script-src 'self' 'unsafe-inline' https:");
    expect(securityHeaderProblems(headers, true)).toEqual([
      "CSP script-src allows 'unsafe-inline' https:",
      'CSP without frame-ancestors',
    ]);
    headers.set(
      'content-security-policy',
      contentSecurityPolicy({ storageOrigins: [] }).replace(/script-src[^;]*;/, ''),
    );
    expect(securityHeaderProblems(headers, true)).toEqual([]); // default-src 'self' governs scripts then
  });
});

describe('cachingProblems', () => {
  const headers = (cacheControl?: string) => new Headers(cacheControl ? { 'cache-control': cacheControl } : {});
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it('accepts index.html that is revalidated and assets that are immutable', () => {
    for (const page of ['no-cache', 'no-store', 'max-age=0, must-revalidate', 'public, no-cache'])
      expect(cachingProblems(headers(page), headers(IMMUTABLE)), page).toEqual([]);
  });

  it('refuses a cached index.html and short-lived or mutable assets', () => {
    expect(cachingProblems(headers('max-age=300'), headers(IMMUTABLE))).toEqual([
      'index.html may be cached: Cache-Control max-age=300',
    ]);
    expect(cachingProblems(headers(), headers('max-age=3600, immutable'))).toEqual([
      'index.html may be cached: Cache-Control (none)',
      'the entry script is not immutable for a day at least: Cache-Control max-age=3600, immutable',
    ]);
    expect(cachingProblems(headers('no-cache'), headers('public, max-age=31536000'))).toHaveLength(1);
    expect(cachingProblems(headers('no-cache'), headers('s-maxage=0, immutable'))).toHaveLength(1);
  });
});
