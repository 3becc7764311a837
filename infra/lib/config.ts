import type { Node } from 'constructs';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c name=value`). Everything is
 * optional so that `cdk synth` works offline with no context at all; what is missing is left out
 * (no aliases, no social sign-in), never replaced by a made-up value.
 */
export type AppConfig = {
  /** Prefix of the three stack names, so a second installation can live in the same account. */
  stackPrefix: string;
  /** Apex domain, e.g. gutscheinmarkt.at; the shop also answers on `*.<domainName>` for tenant shops. */
  domainName?: string;
  /** ACM certificate in us-east-1 covering `<domainName>` and `*.<domainName>`. */
  certificateArn?: string;
  /** Sender address of every e-mail; defaults to noreply@<domainName>. */
  mailFrom?: string;
  /** Where contact-form messages go; defaults to the sender address. */
  contactEmail?: string;
  google?: SocialProvider;
  facebook?: SocialProvider;
  /** Prefix of the Cognito hosted domain that social sign-in redirects through. */
  authDomainPrefix?: string;
  stripe: StripeSettings;
  impersonation: ImpersonationSettings;
  /** The newsletter's pepper (issue 13): a SecureString the operator creates; read by the routes declaring NEWSLETTER_SECRET (functions/src/capabilities.ts). */
  newsletterSecretParameter: string;
  /** API Gateway stage throttling (issue 14): steady requests per second and burst, for the whole API. */
  apiRateLimit: number;
  apiBurstLimit: number;
};

/**
 * Stripe: the two secrets live in SSM Parameter Store as SecureString (default key aws/ssm) under
 * these names, created by the operator (never in the template); the functions read them at cold start.
 */
export type StripeSettings = {
  secretKeyParameter: string;
  webhookSecretParameter: string;
  /** The Connect endpoint's signing secret (account.updated of connected accounts, issue 12). */
  connectWebhookSecretParameter: string;
  publishableKey?: string;
};

/**
 * Impersonation tokens (issue 11): an ES256 key pair the operator creates in SSM Parameter Store,
 * the private key (PKCS#8 PEM) as SecureString, the public key (SPKI PEM) as String or SecureString.
 * Only the change-role function may read the private key; every function reads the public key.
 */
export type ImpersonationSettings = { privateKeyParameter: string; publicKeyParameter: string };

export type SocialProvider = { clientId: string; secretName: string };

export const CONTEXT_KEYS = {
  stackPrefix: 'stackPrefix',
  apiRateLimit: 'apiRateLimit',
  apiBurstLimit: 'apiBurstLimit',
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  mailFrom: 'mailFrom',
  contactEmail: 'contactEmail',
  googleClientId: 'googleClientId',
  googleSecretName: 'googleClientSecretName',
  facebookAppId: 'facebookAppId',
  facebookSecretName: 'facebookAppSecretName',
  authDomainPrefix: 'authDomainPrefix',
  stripeSecretKeyParameter: 'stripeSecretKeyParameter',
  stripeWebhookSecretParameter: 'stripeWebhookSecretParameter',
  stripeConnectWebhookSecretParameter: 'stripeConnectWebhookSecretParameter',
  stripePublishableKey: 'stripePublishableKey',
  impersonationPrivateKeyParameter: 'impersonationPrivateKeyParameter',
  impersonationPublicKeyParameter: 'impersonationPublicKeyParameter',
  newsletterSecretParameter: 'newsletterSecretParameter',
} as const;

export const DEFAULT_SECRET_NAMES = {
  google: 'gutscheinmarkt/google-client-secret',
  facebook: 'gutscheinmarkt/facebook-app-secret',
  stripeSecretKey: '/gutscheinmarkt/stripe/secret-key',
  stripeWebhookSecret: '/gutscheinmarkt/stripe/webhook-secret',
  stripeConnectWebhookSecret: '/gutscheinmarkt/stripe/connect-webhook-secret',
  impersonationPrivateKey: '/gutscheinmarkt/impersonation/private-key',
  impersonationPublicKey: '/gutscheinmarkt/impersonation/public-key',
  newsletterSecret: '/gutscheinmarkt/newsletter/secret',
} as const;

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim() || undefined;
}

export function readConfig(node: Node): AppConfig {
  const domainName = text(node, CONTEXT_KEYS.domainName)?.toLowerCase();
  if (domainName && !/^([a-z0-9-]+\.)+[a-z]{2,}$/.test(domainName)) {
    throw new Error(`Context "domainName" must be a bare host name like gutscheinmarkt.at, got "${domainName}"`);
  }
  const certificateArn = text(node, CONTEXT_KEYS.certificateArn);
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error('Context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only uses those)');
  }
  if (certificateArn && !domainName) throw new Error('Context "certificateArn" needs "domainName" as well');

  const social = (idKey: string, secretKey: string, defaultSecret: string): SocialProvider | undefined => {
    const clientId = text(node, idKey);
    return clientId ? { clientId, secretName: text(node, secretKey) ?? defaultSecret } : undefined;
  };
  const google = social(CONTEXT_KEYS.googleClientId, CONTEXT_KEYS.googleSecretName, DEFAULT_SECRET_NAMES.google);
  const facebook = social(CONTEXT_KEYS.facebookAppId, CONTEXT_KEYS.facebookSecretName, DEFAULT_SECRET_NAMES.facebook);
  if ((google || facebook) && !domainName) {
    throw new Error('Social sign-in (googleClientId/facebookAppId) needs "domainName" for its callback URLs');
  }

  const parameterName = (key: string, fallback: string) => {
    const name = text(node, key) ?? fallback;
    if (!/^\/[a-zA-Z0-9_.\-/]+$/.test(name))
      throw new Error(`Context "${key}" must be an SSM parameter path like ${fallback}, got "${name}"`);
    return name;
  };
  const stripe: StripeSettings = {
    secretKeyParameter: parameterName(CONTEXT_KEYS.stripeSecretKeyParameter, DEFAULT_SECRET_NAMES.stripeSecretKey),
    webhookSecretParameter: parameterName(
      CONTEXT_KEYS.stripeWebhookSecretParameter,
      DEFAULT_SECRET_NAMES.stripeWebhookSecret,
    ),
    connectWebhookSecretParameter: parameterName(
      CONTEXT_KEYS.stripeConnectWebhookSecretParameter,
      DEFAULT_SECRET_NAMES.stripeConnectWebhookSecret,
    ),
  };
  const publishableKey = text(node, CONTEXT_KEYS.stripePublishableKey);
  if (publishableKey && !publishableKey.startsWith('pk_'))
    throw new Error('Context "stripePublishableKey" must be a Stripe publishable key (pk_…)');
  if (publishableKey) stripe.publishableKey = publishableKey;

  const impersonation: ImpersonationSettings = {
    privateKeyParameter: parameterName(
      CONTEXT_KEYS.impersonationPrivateKeyParameter,
      DEFAULT_SECRET_NAMES.impersonationPrivateKey,
    ),
    publicKeyParameter: parameterName(
      CONTEXT_KEYS.impersonationPublicKeyParameter,
      DEFAULT_SECRET_NAMES.impersonationPublicKey,
    ),
  };

  const limit = (key: string, fallback: number) => {
    const raw: unknown = node.tryGetContext(key);
    const value = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`Context "${key}" must be a positive integer, got ${JSON.stringify(raw)}`);
    return value;
  };
  const config: AppConfig = {
    stackPrefix: text(node, CONTEXT_KEYS.stackPrefix) ?? 'Gutscheinmarkt',
    stripe,
    impersonation,
    newsletterSecretParameter: parameterName(
      CONTEXT_KEYS.newsletterSecretParameter,
      DEFAULT_SECRET_NAMES.newsletterSecret,
    ),
    // A regional marketplace: ~100 requests/s is far above its peak; the burst absorbs a page load storm.
    apiRateLimit: limit(CONTEXT_KEYS.apiRateLimit, 100),
    apiBurstLimit: limit(CONTEXT_KEYS.apiBurstLimit, 200),
  };
  if (domainName) config.domainName = domainName;
  if (certificateArn) config.certificateArn = certificateArn;
  const mailFrom = text(node, CONTEXT_KEYS.mailFrom) ?? (domainName ? `noreply@${domainName}` : undefined);
  if (mailFrom) config.mailFrom = mailFrom;
  const contactEmail = text(node, CONTEXT_KEYS.contactEmail);
  if (contactEmail) config.contactEmail = contactEmail;
  if (google) config.google = google;
  if (facebook) config.facebook = facebook;
  const authDomainPrefix = text(node, CONTEXT_KEYS.authDomainPrefix) ?? domainName?.replace(/\./g, '-');
  if (authDomainPrefix && (google || facebook)) config.authDomainPrefix = authDomainPrefix;
  return config;
}
