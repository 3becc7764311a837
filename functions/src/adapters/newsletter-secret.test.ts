import { describe, expect, it } from 'vitest';
import { newsletterSecretsFrom } from './newsletter-secret.ts';

describe('newsletter secrets', () => {
  const secrets = newsletterSecretsFrom(async () => 'a-test-secret-of-some-length');
  const other = newsletterSecretsFrom(async () => 'another-secret-of-some-length');

  it('hashes an IP with the secret (hex, stable, not the plain sha256)', async () => {
    const hash = await secrets.ipHash('10.1.2.3');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await secrets.ipHash('10.1.2.3')).toBe(hash);
    expect(await other.ipHash('10.1.2.3')).not.toBe(hash);
    expect(await secrets.ipHash('10.1.2.4')).not.toBe(hash);
  });

  it('derives one URL-safe unsubscribe token per address, different from the IP hash purpose', async () => {
    const token = await secrets.unsubscribeToken('erika@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await secrets.unsubscribeToken('erika@example.com')).toBe(token);
    expect(await secrets.unsubscribeToken('max@example.com')).not.toBe(token);
    expect(await other.unsubscribeToken('erika@example.com')).not.toBe(token);
  });
});
