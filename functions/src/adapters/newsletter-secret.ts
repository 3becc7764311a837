import { createHmac } from 'node:crypto';
import type { SecretParameters } from './ssm-parameters.ts';

/**
 * The newsletter's secret (pepper): the caller's IP is kept only as HMAC-SHA256 under it (consent
 * record, no raw IP), and each address's unsubscribe token is HMAC-SHA256 of the address under it, so
 * the link can be rebuilt for every mail (and the CSV) while only its sha256 is stored. The value
 * comes from `NEWSLETTER_SECRET` (local) or the SSM SecureString `NEWSLETTER_SECRET_PARAMETER` (AWS).
 */
export type NewsletterSecrets = {
  ipHash(ip: string): Promise<string>;
  unsubscribeToken(email: string): Promise<string>;
};

export type NewsletterSecretEnv = {
  NEWSLETTER_SECRET?: string | undefined;
  NEWSLETTER_SECRET_PARAMETER?: string | undefined;
};

export function createNewsletterSecrets(e: NewsletterSecretEnv, parameters: () => SecretParameters): NewsletterSecrets {
  let secret: Promise<string> | undefined;
  const load = () => {
    secret ??= (async () => {
      if (e.NEWSLETTER_SECRET) return e.NEWSLETTER_SECRET;
      if (e.NEWSLETTER_SECRET_PARAMETER) return parameters().get(e.NEWSLETTER_SECRET_PARAMETER);
      throw new Error('The newsletter is not configured: set NEWSLETTER_SECRET or NEWSLETTER_SECRET_PARAMETER');
    })().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  return newsletterSecretsFrom(load);
}

/** The HMACs over a secret (also what unit tests build with a fixed one). */
export function newsletterSecretsFrom(secret: () => Promise<string>): NewsletterSecrets {
  const hmac = async (purpose: string, value: string) =>
    createHmac('sha256', await secret())
      .update(`${purpose}\n${value}`)
      .digest();
  return {
    ipHash: async (ip) => (await hmac('newsletter-ip', ip)).toString('hex'),
    unsubscribeToken: async (email) => (await hmac('newsletter-unsubscribe', email)).toString('base64url'),
  };
}
