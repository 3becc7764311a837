import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_ROUTE, BUNDLED_ROUTE, routeDefine } from './bundle-options.ts';
import { routeKey, routes as manifest, type RouteDef } from './routes.ts';

const routes: readonly RouteDef[] = manifest;

const SRC = path.dirname(fileURLToPath(import.meta.url));

/**
 * A route's bundle carries its own manifest entry (`define`) instead of the manifest; the handler
 * names its route by key (`http('<METHOD path>', …)`). The two can only drift if a handler's key
 * is not its manifest entry's, which this holds for every route.
 */
describe("a route's bundled entry", () => {
  it('is the manifest entry of the handler module that serves the route: its http() key is the route key', () => {
    const mismatched = routes.flatMap((route) => {
      const source = readFileSync(path.join(SRC, 'handlers', `${route.handler}.ts`), 'utf8');
      const keys = [...source.matchAll(/\bhttp\(\s*'([^']+)'/g)].map((m) => m[1]);
      return keys.length === 1 && keys[0] === routeKey(route) ? [] : [`${route.handler}: ${keys.join(', ')}`];
    });
    expect(mismatched).toEqual([]);
  });

  it("carries the route's access rule and domain, as the JSON string lib/http.ts parses", () => {
    for (const route of routes) {
      const define = routeDefine(route);
      expect(Object.keys(define)).toEqual([BUNDLED_ROUTE, ANONYMOUS_ROUTE]);
      expect(define[ANONYMOUS_ROUTE]).toBe(route.anonymous === true ? 'true' : 'false');
      expect(JSON.parse(JSON.parse(define[BUNDLED_ROUTE]!) as string)).toEqual({
        access: route.access,
        domain: route.domain,
      });
    }
  });

  it('replaces the identifiers lib/http.ts declares', () => {
    const http = readFileSync(path.join(SRC, 'lib/http.ts'), 'utf8');
    expect(http).toContain(`declare const ${BUNDLED_ROUTE}: string | undefined;`);
    expect(http).toContain(`typeof ${BUNDLED_ROUTE} === 'string'`);
    expect(http).toContain(`declare const ${ANONYMOUS_ROUTE}: boolean | undefined;`);
    expect(http).toContain(`typeof ${ANONYMOUS_ROUTE} === 'boolean'`);
  });

  it('is anonymous only where the route is public and its handler never reads the actor', () => {
    // The wrapper of an anonymous route does not authenticate: a handler reading `actor` would see no one.
    const wrong = routes.flatMap((route) => {
      if (route.anonymous !== true) return [];
      const source = readFileSync(path.join(SRC, 'handlers', `${route.handler}.ts`), 'utf8');
      return route.access !== 'public' || /\bactor\b/.test(source) ? [routeKey(route)] : [];
    });
    expect(wrong).toEqual([]);
    expect(routes.filter((route) => route.anonymous === true).length).toBeGreaterThan(0);
  });
});
