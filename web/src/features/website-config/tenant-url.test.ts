import { describe, expect, it } from 'vitest';
import { tenantSiteUrl } from './tenant-url.ts';

describe('tenantSiteUrl', () => {
  it('puts the subdomain in front of the main site', () => {
    expect(tenantSiteUrl({ protocol: 'https:', hostname: 'gutscheinmarkt.at', port: '' }, 'alpenspa')).toBe(
      'https://alpenspa.gutscheinmarkt.at/',
    );
    expect(tenantSiteUrl({ protocol: 'http:', hostname: 'gutscheinmarkt.localhost', port: '5173' }, 'alpenspa')).toBe(
      'http://alpenspa.gutscheinmarkt.localhost:5173/',
    );
  });

  it('uses the local tenant domain when the main site is localhost', () => {
    expect(tenantSiteUrl({ protocol: 'http:', hostname: 'localhost', port: '5173' }, 'alpenspa')).toBe(
      'http://alpenspa.gutscheinmarkt.localhost:5173/',
    );
  });

  it('replaces www or another tenant label', () => {
    expect(tenantSiteUrl({ protocol: 'https:', hostname: 'www.gutscheinmarkt.at', port: '' }, 'berg')).toBe(
      'https://berg.gutscheinmarkt.at/',
    );
    expect(tenantSiteUrl({ protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' }, 'berg')).toBe(
      'https://berg.gutscheinmarkt.at/',
    );
  });
});
