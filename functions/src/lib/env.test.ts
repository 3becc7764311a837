import { afterEach, describe, expect, it } from 'vitest';
import { dataEnv, env, resetEnvCache, stripeEnv } from './env.ts';
import { FUNCTION_ENV } from './test-env.ts';

const STRIPE_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_SECRET_KEY_PARAMETER',
  'STRIPE_WEBHOOK_SECRET_PARAMETER',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
];

function withEnv(vars: Record<string, string>): void {
  for (const name of STRIPE_VARS) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvCache();
}

describe('stripeEnv', () => {
  const saved = Object.fromEntries(STRIPE_VARS.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  });

  it('takes literal keys and the stand-in locally', () => {
    withEnv({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    });
    expect(stripeEnv()).toEqual({
      secretKey: { value: 'sk_test_local' },
      webhookSecret: { value: 'whsec_x' },
      publishableKey: 'pk_test_local',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  it('takes SSM parameter names on AWS and talks to Stripe itself', () => {
    withEnv({
      STRIPE_SECRET_KEY_PARAMETER: '/gutscheinmarkt/stripe/secret-key',
      STRIPE_WEBHOOK_SECRET_PARAMETER: '/gutscheinmarkt/stripe/webhook-secret',
    });
    expect(stripeEnv()).toEqual({
      secretKey: { parameter: '/gutscheinmarkt/stripe/secret-key' },
      webhookSecret: { parameter: '/gutscheinmarkt/stripe/webhook-secret' },
      publishableKey: undefined,
      api: undefined,
    });
  });

  it('refuses a missing key source and keys of the wrong kind', () => {
    withEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(() => stripeEnv()).toThrow(/STRIPE_SECRET_KEY or STRIPE_SECRET_KEY_PARAMETER/);
    withEnv({ STRIPE_SECRET_KEY: 'pk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(() => stripeEnv()).toThrow(/STRIPE_SECRET_KEY/);
    withEnv({ STRIPE_SECRET_KEY: 'rk_live_restricted', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripeEnv().secretKey).toEqual({ value: 'rk_live_restricted' });
  });
});

describe('env and dataEnv', () => {
  const saved = { ...process.env };
  /** process.env as exactly `vars` (the cache cleared): what a function is started with. */
  function startedWith(vars: Record<string, string>): void {
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, vars);
    resetEnvCache();
  }
  afterEach(() => startedWith(saved as Record<string, string>));

  it('reads the table alone where nothing else is set (the Cognito trigger)', () => {
    startedWith({ TABLE_NAME: 'gm-table' });
    expect(dataEnv()).toEqual({ AWS_REGION: 'eu-central-1', TABLE_NAME: 'gm-table', DYNAMODB_ENDPOINT: undefined });
    expect(() => env()).toThrow(/Invalid environment: MEDIA_BUCKET: .*APP_URL/);
  });

  it('answers the data part of the whole environment once that is read', () => {
    startedWith({ ...FUNCTION_ENV, AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    expect(env()).toMatchObject({ TABLE_NAME: 'table', isLocal: true });
    process.env.TABLE_NAME = 'changed-after-the-cold-start';
    expect(dataEnv()).toEqual({
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: 'table',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
    });
  });

  it('refuses a bad table name or endpoint, and leaves the Stripe keys to stripeEnv', () => {
    startedWith({ ...FUNCTION_ENV, STRIPE_SECRET_KEY: 'not-a-stripe-key' });
    expect(env().TABLE_NAME).toBe('table');
    expect(() => stripeEnv()).toThrow(/STRIPE_SECRET_KEY/);
    startedWith({ ...FUNCTION_ENV, TABLE_NAME: '' });
    expect(() => dataEnv()).toThrow(/Invalid environment: TABLE_NAME/);
    startedWith({ ...FUNCTION_ENV, DYNAMODB_ENDPOINT: 'not a url' });
    expect(() => env()).toThrow(/Invalid environment: DYNAMODB_ENDPOINT/);
  });
});
