import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

const event = (sourceIp: string, headers: Record<string, string> = {}) =>
  ({ headers, requestContext: { http: { sourceIp } } }) as Parameters<typeof clientIp>[0];

describe('clientIp', () => {
  it('takes the viewer address the edge set', () => {
    expect(clientIp(event('130.176.1.1', { 'x-viewer-address': '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientIp(event('130.176.1.1', { 'x-viewer-address': '2001:db8::7' }))).toBe('2001:db8::7');
  });

  it('never reads X-Forwarded-For, whatever the client put in it', () => {
    const viewer = { 'x-viewer-address': '203.0.113.9' };
    expect(clientIp(event('130.176.1.1', { ...viewer, 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }))).toBe('203.0.113.9');
    expect(clientIp(event('198.51.100.7', { 'x-forwarded-for': '10.0.0.1' }))).toBe('198.51.100.7');
  });

  it('falls back to the source address without a viewer address', () => {
    expect(clientIp(event('198.51.100.7'))).toBe('198.51.100.7');
  });
});
