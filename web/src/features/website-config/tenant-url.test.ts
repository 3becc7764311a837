import { describe, expect, it } from 'vitest';
import { tenantSiteUrl } from './tenant-url.ts';

describe('tenantSiteUrl', () => {
  it('puts the subdomain in front of the apex domain', () => {
    expect(tenantSiteUrl({ protocol: 'https:', port: '' }, 'alpenspa', 'gutscheinmarkt.at')).toBe(
      'https://alpenspa.gutscheinmarkt.at/',
    );
  });

  it('uses the local apex by default and keeps the port', () => {
    expect(tenantSiteUrl({ protocol: 'http:', port: '5173' }, 'alpenspa')).toBe(
      'http://alpenspa.gutscheinmarkt.localhost:5173/',
    );
  });

  it('is the same from the main site, www, a tenant or the CloudFront host', () => {
    for (const location of [
      { protocol: 'https:', hostname: 'www.gutscheinmarkt.at', port: '' },
      { protocol: 'https:', hostname: 'alpenspa.gutscheinmarkt.at', port: '' },
      { protocol: 'https:', hostname: 'd1a2b3c4.cloudfront.net', port: '' },
    ])
      expect(tenantSiteUrl(location, 'berg', 'gutscheinmarkt.at')).toBe('https://berg.gutscheinmarkt.at/');
  });
});
