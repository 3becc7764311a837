import * as z from 'zod/mini';

// Shared by many variables: a schema is immutable, and each one built costs every cold start.
const name = z.string().check(z.minLength(1));
const optionalName = z.optional(name);
const optionalUrl = z.optional(z.url());

/** The table and its client settings: everything the DynamoDB client and the repositories read. */
const dataShape = {
  AWS_REGION: z._default(name, 'eu-central-1'),
  TABLE_NAME: name,
  DYNAMODB_ENDPOINT: optionalUrl,
};

/**
 * The one place that reads process.env, parsed with zod at cold start. Endpoint overrides are set
 * only locally (scripts/dev); on AWS they are absent and the SDK's defaults apply. The Stripe
 * variables are read apart (stripeEnv), only by the functions that take payments.
 */
const envSchema = z.object({
  ...dataShape,
  MEDIA_BUCKET: name,
  PRIVATE_BUCKET: name,
  COGNITO_USER_POOL_ID: name,
  COGNITO_CLIENT_ID: name,
  /** Token issuer; defaults to the AWS Cognito issuer of the pool. */
  COGNITO_ISSUER: optionalUrl,
  MAIL_FROM: z.string().check(z.minLength(3)),
  /** The SES configuration set every mail is sent with (bounce and complaint metrics); unset locally. */
  SES_CONFIGURATION_SET: optionalName,
  /** Where the imprint's contact form is delivered; defaults to MAIL_FROM. */
  CONTACT_EMAIL: z.optional(z.string().check(z.minLength(3))),
  /** The mail queue (issue 14): every mail is a job on it, sent by the mail worker. */
  MAIL_QUEUE_URL: z.url(),
  /** Public web origin used in links inside e-mails. */
  APP_URL: z.url(),
  /**
   * The domain tenant shops are subdomains of (`<name>.<apex>`). On AWS unset: APP_URL's host is the
   * apex (`https://<domainName>`). Locally `gutscheinmarkt.localhost`, while APP_URL is localhost.
   */
  APEX_DOMAIN: optionalName,
  /** How long a function keeps the catalogue projection in memory (0 in tests: always fresh). */
  CATALOGUE_CACHE_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3600)), 30),
  /**
   * How long a function trusts a user's looked-up account status (deactivated, deleted) before
   * reading it again; at most 60 s (0 in tests: always fresh).
   */
  USER_STATUS_CACHE_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(60)), 60),
  /**
   * Impersonation tokens (ES256, issue 11). The private key (PKCS#8 PEM) signs and is read only by
   * change-role; the public key (SPKI PEM) verifies in every function. Production names SSM
   * parameters (`*_PARAMETER`), read on first use; locally the PEMs themselves are given.
   */
  IMPERSONATION_PRIVATE_KEY: z.optional(z.string().check(z.includes('PRIVATE KEY'))),
  IMPERSONATION_PRIVATE_KEY_PARAMETER: optionalName,
  IMPERSONATION_PUBLIC_KEY: z.optional(z.string().check(z.includes('PUBLIC KEY'))),
  IMPERSONATION_PUBLIC_KEY_PARAMETER: optionalName,
  /**
   * The newsletter's pepper (issue 13): IP hashes of the consent record and the unsubscribe tokens are
   * HMAC-SHA256 under it. Production names an SSM SecureString parameter; locally the value is given.
   */
  NEWSLETTER_SECRET: z.optional(z.string().check(z.minLength(16))),
  NEWSLETTER_SECRET_PARAMETER: optionalName,
  S3_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
});

export type Env = z.infer<typeof envSchema> & { isLocal: boolean; cognitoIssuer: string };

/** process.env parsed by `schema`; a failure names every variable that is wrong. */
function parsed<S extends z.ZodMiniType>(schema: S): z.output<S> {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    throw new Error(
      `Invalid environment: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const e = parsed(envSchema);
  cached = {
    ...e,
    isLocal: Boolean(e.DYNAMODB_ENDPOINT),
    cognitoIssuer: e.COGNITO_ISSUER ?? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com/${e.COGNITO_USER_POOL_ID}`,
  };
  return cached;
}

/**
 * The apex of tenant hosts (see APEX_DOMAIN), read without the rest of the configuration like the
 * origin secret: the http wrapper asks on every request, also where a test sets only these two.
 * Undefined (no tenants) when neither is set.
 */
export function apexDomain(): string | undefined {
  const explicit = process.env.APEX_DOMAIN?.trim();
  if (explicit) return explicit;
  const appUrl = process.env.APP_URL;
  if (!appUrl) return undefined;
  try {
    return new URL(appUrl).hostname || undefined;
  } catch {
    return undefined;
  }
}

export type DataEnv = { [K in keyof typeof dataShape]: z.output<(typeof dataShape)[K]> };

let cachedData: DataEnv | undefined;

/**
 * The data part of the environment alone. The Cognito pre token generation trigger gets only
 * TABLE_NAME: it cannot be given the user pool's or client's id, because the pool names the
 * trigger (a CloudFormation cycle). API handlers validate the whole environment in env(); once
 * that is read, its data part is this (no second schema, no second parse).
 */
export function dataEnv(): DataEnv {
  if (cachedData) return cachedData;
  const e = cached ?? parsed(z.object(dataShape));
  cachedData = { AWS_REGION: e.AWS_REGION, TABLE_NAME: e.TABLE_NAME, DYNAMODB_ENDPOINT: e.DYNAMODB_ENDPOINT };
  return cachedData;
}

/** Where the Stripe keys come from: the value itself (local) or an SSM parameter name (AWS). */
export type SecretSource = { value: string } | { parameter: string };

export type StripeEnv = {
  secretKey: SecretSource;
  webhookSecret: SecretSource;
  /** Stripe signs Connect events (connected accounts) with a second endpoint's secret; absent = only the first. */
  connectWebhookSecret?: SecretSource;
  publishableKey: string | undefined;
  /** The stand-in locally; undefined = Stripe's own API. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
};

/** Bundled only where payments are taken: no other function builds or checks these. */
const stripeEnvSchema = z.object({
  /** Production names SSM SecureString parameters (`*_PARAMETER`), read once per container; locally the values themselves are given. */
  STRIPE_SECRET_KEY: z.optional(
    z.string().check(z.regex(/^(sk|rk)_/, 'a secret (sk_…) or restricted (rk_…) Stripe key')),
  ),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.startsWith('whsec_'))),
  STRIPE_SECRET_KEY_PARAMETER: optionalName,
  STRIPE_WEBHOOK_SECRET_PARAMETER: optionalName,
  /** The Connect endpoint's own signing secret (events of connected accounts, e.g. account.updated); optional. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.optional(z.string().check(z.startsWith('whsec_'))),
  STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER: optionalName,
  /** Not secret; the web's Stripe.js key (answers may carry it). */
  STRIPE_PUBLISHABLE_KEY: z.optional(z.string().check(z.startsWith('pk_'))),
  /** Local only: the Stripe stand-in (scripts/dev/stripe-stand-in.ts); unset on AWS = api.stripe.com. */
  STRIPE_API_HOST: optionalName,
  STRIPE_API_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
  STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
});

let cachedStripe: StripeEnv | undefined;

/** The Stripe part of the environment, checked when a payment dependency is first built. */
export function stripeEnv(): StripeEnv {
  if (cachedStripe) return cachedStripe;
  const e = parsed(stripeEnvSchema);
  const source = (value: string | undefined, parameter: string | undefined, name: string): SecretSource => {
    if (value) return { value };
    if (parameter) return { parameter };
    throw new Error(`Invalid environment: set ${name} or ${name}_PARAMETER`);
  };
  cachedStripe = {
    secretKey: source(e.STRIPE_SECRET_KEY, e.STRIPE_SECRET_KEY_PARAMETER, 'STRIPE_SECRET_KEY'),
    webhookSecret: source(e.STRIPE_WEBHOOK_SECRET, e.STRIPE_WEBHOOK_SECRET_PARAMETER, 'STRIPE_WEBHOOK_SECRET'),
    ...(e.STRIPE_CONNECT_WEBHOOK_SECRET || e.STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER
      ? {
          connectWebhookSecret: source(
            e.STRIPE_CONNECT_WEBHOOK_SECRET,
            e.STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER,
            'STRIPE_CONNECT_WEBHOOK_SECRET',
          ),
        }
      : {}),
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    api: e.STRIPE_API_HOST
      ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT ?? 443, protocol: e.STRIPE_API_PROTOCOL ?? 'https' }
      : undefined,
  };
  return cachedStripe;
}

/** Tests change the environment between suites. */
export function resetEnvCache(): void {
  cached = undefined;
  cachedData = undefined;
  cachedStripe = undefined;
}
