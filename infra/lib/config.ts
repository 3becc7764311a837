import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Node } from 'constructs';
import { APEX_DOMAIN_PATTERN } from '@gm/shared/tenant/tenant';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c name=value`). Only `domainName`
 * is required (synth works offline with it alone); what else is missing is left out (no aliases, no
 * social sign-in, no web upload), never replaced by a made-up value.
 */
export type AppConfig = {
  /** Prefix of the stack names, so a second installation can live in the same account. */
  stackPrefix: string;
  /**
   * Apex domain, e.g. gutscheinmarkt.at: APP_URL, the sender domain and the tenant shops `<name>.<domainName>`
   * (the API takes the apex from APP_URL; the web build gets it as VITE_APEX_DOMAIN).
   */
  domainName: string;
  /** ACM certificate in us-east-1 covering `<domainName>` and `*.<domainName>`. */
  certificateArn?: string;
  /** Sender address of every e-mail; defaults to noreply@<domainName>. */
  mailFrom: string;
  /**
   * The built web (`web/dist`, absolute) that the Web stack uploads to the web bucket; unset = no Web
   * stack (the bucket keeps what it has).
   */
  webDist?: string;
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
  /** Where alarm notifications go (SNS e-mail subscription); without it the topic has no subscriber. */
  alarmEmail?: string;
  /**
   * The CloudFront web ACL (issue 14): on by default (`-c waf=false` turns it off). Created in a us-east-1
   * stack of its own, unless `wafWebAclArn` names an existing one (e.g. managed by Firewall Manager).
   */
  waf: { enabled: boolean; webAclArn?: string; rateLimit: number };
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
  webDist: 'webDist',
  apiRateLimit: 'apiRateLimit',
  apiBurstLimit: 'apiBurstLimit',
  alarmEmail: 'alarmEmail',
  waf: 'waf',
  wafWebAclArn: 'wafWebAclArn',
  wafRateLimit: 'wafRateLimit',
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

/**
 * A deployment setting that is missing or wrong. Its message is one line naming the context key and
 * what to pass; bin/app.ts prints only that line and exits 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new ConfigError(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim() || undefined;
}

/** `webDist` resolved against the repository root; it must hold a built web (index.html and assets/). */
function webDistOf(node: Node, repoRoot: string): string | undefined {
  const given = text(node, CONTEXT_KEYS.webDist);
  if (!given) return undefined;
  const dir = path.resolve(repoRoot, given);
  if (!existsSync(path.join(dir, 'index.html')) || !existsSync(path.join(dir, 'assets')))
    throw new ConfigError(
      `Context "webDist" is ${given}, but ${dir} holds no built web (index.html and assets/): run "npm run build -w web" first`,
    );
  return dir;
}

/** A boolean context value: true/false (CLI `-c waf=false` passes the string). */
function flag(node: Node, key: string, fallback: boolean): boolean {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ConfigError(`Context "${key}" must be true or false, got ${JSON.stringify(value)}`);
}

export function readConfig(node: Node, repoRoot: string = process.cwd()): AppConfig {
  const domainName = text(node, CONTEXT_KEYS.domainName)?.toLowerCase();
  if (!domainName)
    throw new ConfigError(
      'Context "domainName" is required (e.g. -c domainName=gutscheinmarkt.at): it is the app URL, the e-mail sender domain (mailFrom defaults to noreply@<domainName>) and the apex of the tenant shops',
    );
  if (!APEX_DOMAIN_PATTERN.test(domainName)) {
    throw new ConfigError(`Context "domainName" must be a bare host name like gutscheinmarkt.at, got "${domainName}"`);
  }
  const certificateArn = text(node, CONTEXT_KEYS.certificateArn);
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new ConfigError(
      'Context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only uses those)',
    );
  }

  const social = (idKey: string, secretKey: string, defaultSecret: string): SocialProvider | undefined => {
    const clientId = text(node, idKey);
    return clientId ? { clientId, secretName: text(node, secretKey) ?? defaultSecret } : undefined;
  };
  const google = social(CONTEXT_KEYS.googleClientId, CONTEXT_KEYS.googleSecretName, DEFAULT_SECRET_NAMES.google);
  const facebook = social(CONTEXT_KEYS.facebookAppId, CONTEXT_KEYS.facebookSecretName, DEFAULT_SECRET_NAMES.facebook);

  const parameterName = (key: string, fallback: string) => {
    const name = text(node, key) ?? fallback;
    if (!/^\/[a-zA-Z0-9_.\-/]+$/.test(name))
      throw new ConfigError(`Context "${key}" must be an SSM parameter path like ${fallback}, got "${name}"`);
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
    throw new ConfigError('Context "stripePublishableKey" must be a Stripe publishable key (pk_…)');
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
      throw new ConfigError(`Context "${key}" must be a positive integer, got ${JSON.stringify(raw)}`);
    return value;
  };
  const mailFrom = text(node, CONTEXT_KEYS.mailFrom) ?? `noreply@${domainName}`;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom))
    throw new ConfigError(`Context "mailFrom" must be an e-mail address like noreply@${domainName}, got "${mailFrom}"`);
  const config: AppConfig = {
    stackPrefix: text(node, CONTEXT_KEYS.stackPrefix) ?? 'Gutscheinmarkt',
    domainName,
    mailFrom,
    stripe,
    impersonation,
    newsletterSecretParameter: parameterName(
      CONTEXT_KEYS.newsletterSecretParameter,
      DEFAULT_SECRET_NAMES.newsletterSecret,
    ),
    // A regional marketplace: ~100 requests/s is far above its peak; the burst absorbs a page load storm.
    apiRateLimit: limit(CONTEXT_KEYS.apiRateLimit, 100),
    apiBurstLimit: limit(CONTEXT_KEYS.apiBurstLimit, 200),
    waf: {
      enabled: flag(node, CONTEXT_KEYS.waf, true),
      // Requests per IP in 5 minutes, pages, assets and API together (a page load is 20–60 requests).
      rateLimit: limit(CONTEXT_KEYS.wafRateLimit, 2000),
    },
  };
  const wafWebAclArn = text(node, CONTEXT_KEYS.wafWebAclArn);
  if (wafWebAclArn && !/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\//.test(wafWebAclArn))
    throw new ConfigError('Context "wafWebAclArn" must be a CloudFront (global) WAFv2 web ACL ARN in us-east-1');
  if (wafWebAclArn) config.waf.webAclArn = wafWebAclArn;
  const alarmEmail = text(node, CONTEXT_KEYS.alarmEmail);
  if (alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail))
    throw new ConfigError(`Context "alarmEmail" must be an e-mail address, got "${alarmEmail}"`);
  if (alarmEmail) config.alarmEmail = alarmEmail;
  if (certificateArn) config.certificateArn = certificateArn;
  const webDist = webDistOf(node, repoRoot);
  if (webDist) config.webDist = webDist;
  const contactEmail = text(node, CONTEXT_KEYS.contactEmail);
  if (contactEmail) config.contactEmail = contactEmail;
  if (google) config.google = google;
  if (facebook) config.facebook = facebook;
  const authDomainPrefix = text(node, CONTEXT_KEYS.authDomainPrefix) ?? domainName.replace(/\./g, '-');
  if (authDomainPrefix && (google || facebook)) config.authDomainPrefix = authDomainPrefix;
  return config;
}
