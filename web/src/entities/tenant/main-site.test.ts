import { describe, expect, it } from 'vitest';
import { tenantFromHost } from '@gm/shared/tenant/tenant';
import { mainSiteUrl } from './main-site.ts';

describe('main site of a tenant host', () => {
  it('goes to the apex domain and keeps scheme and port', () => {
    expect(
      mainSiteUrl(
        { protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' },
        '/home',
        'gutscheinmarkt.at',
      ),
    ).toBe('https://gutscheinmarkt.at/home');
    expect(
      mainSiteUrl(
        { protocol: 'http:', hostname: 'nix.gutscheinmarkt.localhost', port: '5173' },
        '/home',
        'gutscheinmarkt.localhost',
      ),
    ).toBe('http://gutscheinmarkt.localhost:5173/home');
  });

  it('uses the local apex by default', () => {
    expect(mainSiteUrl({ protocol: 'http:', hostname: 'nix.gutscheinmarkt.localhost', port: '5173' })).toBe(
      'http://gutscheinmarkt.localhost:5173/home',
    );
  });

  it('leads to another page of the marketplace', () => {
    expect(
      mainSiteUrl(
        { protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' },
        '/vouchers/v-berg',
        'gutscheinmarkt.at',
      ),
    ).toBe('https://gutscheinmarkt.at/vouchers/v-berg');
  });

  it('stays on a host that is no tenant, so the redirect cannot loop', () => {
    const apex = 'gutscheinmarkt.at';
    for (const hostname of ['a.b.c', 'd1a2b3c4.cloudfront.net', 'alpenspa.gutscheinmarkt.at', 'x.example.org']) {
      const target = new URL(mainSiteUrl({ protocol: 'https:', hostname, port: '8080' }, '/home', apex));
      expect(tenantFromHost(target.host, apex)).toBeUndefined();
    }
    expect(mainSiteUrl({ protocol: 'https:', hostname: 'd1a2b3c4.cloudfront.net', port: '' }, '/home', apex)).toBe(
      'https://d1a2b3c4.cloudfront.net/home',
    );
    expect(mainSiteUrl({ protocol: 'http:', hostname: 'localhost', port: '5173' })).toBe('http://localhost:5173/home');
  });
});
