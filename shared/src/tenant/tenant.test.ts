import { describe, expect, it } from 'vitest';
import { APEX_DOMAIN_PATTERN, LOCAL_APEX_DOMAIN, tenantFromHost, tenantHost } from './tenant.ts';

const APEX = 'gutscheinmarkt.at';

describe('tenantFromHost', () => {
  it('takes the single label in front of the apex as the tenant', () => {
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at', APEX)).toBe('alpenspa');
    expect(tenantFromHost('Alpenspa.Gutscheinmarkt.AT', APEX)).toBe('alpenspa');
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at:443', APEX)).toBe('alpenspa');
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at.', APEX)).toBe('alpenspa');
    expect(tenantFromHost('reitstall-lechtal.gutscheinmarkt.at', 'Gutscheinmarkt.at')).toBe('reitstall-lechtal');
  });

  it('finds tenants of the local apex', () => {
    expect(tenantFromHost('alpenspa.gutscheinmarkt.localhost:5173', LOCAL_APEX_DOMAIN)).toBe('alpenspa');
    expect(tenantFromHost('gutscheinmarkt.localhost:5173', LOCAL_APEX_DOMAIN)).toBeUndefined();
    expect(tenantFromHost('localhost:5173', LOCAL_APEX_DOMAIN)).toBeUndefined();
  });

  it("sees the main site on CloudFront's own host, whatever its number of labels", () => {
    expect(tenantFromHost('d1a2b3c4d5e6f7.cloudfront.net', APEX)).toBeUndefined();
    expect(tenantFromHost('d1a2b3c4d5e6f7.cloudfront.net', 'gutscheinmarkt.co.at')).toBeUndefined();
  });

  it('sees the main site on the apex, www, deeper names and foreign hosts', () => {
    expect(tenantFromHost('gutscheinmarkt.at', APEX)).toBeUndefined();
    expect(tenantFromHost('www.gutscheinmarkt.at', APEX)).toBeUndefined();
    expect(tenantFromHost('a.b.gutscheinmarkt.at', APEX)).toBeUndefined();
    expect(tenantFromHost('alpenspa.evil.com', APEX)).toBeUndefined();
    expect(tenantFromHost('alpenspagutscheinmarkt.at', APEX)).toBeUndefined();
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at.evil.com', APEX)).toBeUndefined();
    expect(tenantFromHost('127.0.0.1:3000', APEX)).toBeUndefined();
    expect(tenantFromHost('-x.gutscheinmarkt.at', APEX)).toBeUndefined();
    expect(tenantFromHost('', APEX)).toBeUndefined();
  });

  it('knows tenants under a multi-label apex', () => {
    expect(tenantFromHost('alpenspa.gutscheinmarkt.co.at', 'gutscheinmarkt.co.at')).toBe('alpenspa');
    expect(tenantFromHost('gutscheinmarkt.co.at', 'gutscheinmarkt.co.at')).toBeUndefined();
  });

  it('has no tenants without an apex', () => {
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at', undefined)).toBeUndefined();
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at', '')).toBeUndefined();
  });
});

describe('tenantHost', () => {
  it('puts the name in front of the apex', () => {
    expect(tenantHost('alpenspa', APEX)).toBe('alpenspa.gutscheinmarkt.at');
    expect(tenantFromHost(tenantHost('Berg', LOCAL_APEX_DOMAIN), LOCAL_APEX_DOMAIN)).toBe('berg');
  });
});

describe('APEX_DOMAIN_PATTERN', () => {
  it('accepts bare host names only', () => {
    for (const ok of ['gutscheinmarkt.at', 'gutscheinmarkt.localhost', 'shop.example.co.at'])
      expect(APEX_DOMAIN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['localhost', 'https://gutscheinmarkt.at', 'gutscheinmarkt.at:443', 'gutscheinmarkt.at/', '.at'])
      expect(APEX_DOMAIN_PATTERN.test(bad), bad).toBe(false);
  });
});
