import { describe, expect, it } from 'vitest';
import { tenantFromHost } from './tenant.ts';

describe('tenantFromHost', () => {
  it('treats exactly three labels as a tenant', () => {
    expect(tenantFromHost('alpenspa.gutscheinmarkt.at')).toBe('alpenspa');
    expect(tenantFromHost('alpenspa.gutscheinmarkt.localhost:5173')).toBe('alpenspa');
    expect(tenantFromHost('Alpenspa.Gutscheinmarkt.at')).toBe('alpenspa');
  });

  it('sees no tenant on the main site and other hosts', () => {
    expect(tenantFromHost('gutscheinmarkt.at')).toBeUndefined();
    expect(tenantFromHost('localhost:5173')).toBeUndefined();
    expect(tenantFromHost('a.b.gutscheinmarkt.at')).toBeUndefined();
    expect(tenantFromHost('127.0.0.1:3000')).toBeUndefined();
    expect(tenantFromHost('www.gutscheinmarkt.at')).toBeUndefined();
  });
});
