import * as z from 'zod';

/**
 * The one place that reads process.env, parsed with zod at cold start. Endpoint overrides are set
 * only locally (scripts/dev); on AWS they are absent and the SDK's defaults apply.
 */
const envSchema = z.object({
  AWS_REGION: z.string().min(1).default('eu-central-1'),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
  PRIVATE_BUCKET: z.string().min(1),
  COGNITO_USER_POOL_ID: z.string().min(1),
  COGNITO_CLIENT_ID: z.string().min(1),
  /** Token issuer; defaults to the AWS Cognito issuer of the pool. */
  COGNITO_ISSUER: z.url().optional(),
  MAIL_FROM: z.string().min(3),
  /** Where the imprint's contact form is delivered; defaults to MAIL_FROM. */
  CONTACT_EMAIL: z.string().min(3).optional(),
  /** Public web origin used in links inside e-mails. */
  APP_URL: z.url(),
  /** How long a function keeps the catalogue projection in memory (0 in tests: always fresh). */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  SES_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
});

export type Env = z.infer<typeof envSchema> & { isLocal: boolean; cognitoIssuer: string };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  cached = {
    ...e,
    isLocal: Boolean(e.DYNAMODB_ENDPOINT),
    cognitoIssuer: e.COGNITO_ISSUER ?? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com/${e.COGNITO_USER_POOL_ID}`,
  };
  return cached;
}

/** The table and its client settings: everything the DynamoDB client and the repositories read. */
const dataEnvSchema = envSchema.pick({ AWS_REGION: true, TABLE_NAME: true, DYNAMODB_ENDPOINT: true });
export type DataEnv = z.infer<typeof dataEnvSchema>;

let cachedData: DataEnv | undefined;

/**
 * The data part of the environment alone. The Cognito pre token generation trigger gets only
 * TABLE_NAME: it cannot be given the user pool's or client's id, because the pool names the
 * trigger (a CloudFormation cycle). API handlers still validate the whole environment in env().
 */
export function dataEnv(): DataEnv {
  if (cachedData) return cachedData;
  const parsed = dataEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  cachedData = parsed.data;
  return cachedData;
}

/** Tests change the environment between suites. */
export function resetEnvCache(): void {
  cached = undefined;
  cachedData = undefined;
}
