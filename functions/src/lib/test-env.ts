/**
 * What every deployed function is given (infra/lib/api-stack.ts), with made-up values: for the tests
 * that start a function's environment (env.test.ts) and for loading bundles (scripts/test/bundles.ts:
 * the bundle test and the benchmark load every bundle).
 */
export const FUNCTION_ENV = {
  AWS_REGION: 'eu-central-1',
  TABLE_NAME: 'table',
  MEDIA_BUCKET: 'media',
  PRIVATE_BUCKET: 'private',
  COGNITO_USER_POOL_ID: 'eu-central-1_pool',
  COGNITO_CLIENT_ID: 'client',
  MAIL_FROM: 'noreply@example.com',
  MAIL_QUEUE_URL: 'https://sqs.eu-central-1.amazonaws.com/123456789012/mail',
  APP_URL: 'https://example.com',
};
