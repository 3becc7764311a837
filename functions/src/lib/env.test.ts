import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache, stripeEnv } from './env.ts';

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
