import { describe, expect, it } from 'vitest';
import { tenantFromHost } from '@gm/shared/tenant/tenant';
import { mainSiteUrl } from './main-site.ts';

describe('main site of a tenant host', () => {
  it('drops the tenant label and keeps scheme and port', () => {
    expect(mainSiteUrl({ protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' })).toBe(
      'https://gutscheinmarkt.at/home',
    );
    expect(mainSiteUrl({ protocol: 'http:', hostname: 'nix.gutscheinmarkt.localhost', port: '5173' })).toBe(
      'http://gutscheinmarkt.localhost:5173/home',
    );
  });

  it('leads to another page of the marketplace', () => {
    expect(
      mainSiteUrl({ protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' }, '/vouchers/v-berg'),
    ).toBe('https://gutscheinmarkt.at/vouchers/v-berg');
  });

  it('lands on a host that is no tenant any more, so the redirect cannot loop', () => {
    for (const hostname of ['a.b.c', 'nix.gutscheinmarkt.localhost', 'x.example.org']) {
      const target = new URL(mainSiteUrl({ protocol: 'http:', hostname, port: '8080' }));
      expect(tenantFromHost(target.host)).toBeUndefined();
    }
    expect(mainSiteUrl({ protocol: 'http:', hostname: 'localhost', port: '5173' })).toBe('http://localhost:5173/home');
  });
});
