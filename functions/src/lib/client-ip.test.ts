import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

const event = (sourceIp: string, forwarded?: string) =>
  ({
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    requestContext: { http: { sourceIp } },
  }) as Parameters<typeof clientIp>[0];

describe('clientIp', () => {
  it('uses the source address when nothing was forwarded', () => {
    expect(clientIp(event('198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(event('198.51.100.7', '198.51.100.7'))).toBe('198.51.100.7');
  });

  it('takes the viewer address CloudFront appended, not a forged one further left', () => {
    expect(clientIp(event('130.176.1.1', '203.0.113.9, 130.176.1.1'))).toBe('203.0.113.9');
    expect(clientIp(event('130.176.1.1', '10.0.0.1, 203.0.113.9, 130.176.1.1'))).toBe('203.0.113.9');
  });
});
