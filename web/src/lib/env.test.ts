import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env.ts';

const HOSTED_UI = {
  VITE_COGNITO_DOMAIN: 'https://gutscheinmarkt-at.auth.eu-central-1.amazoncognito.com/',
  VITE_COGNITO_CLIENT_ID: '4abc123def',
};

describe('parseWebEnv', () => {
  it('is off by default', () => {
    expect(parseWebEnv({})).toEqual({ socialProviders: [], hostedUi: null });
  });

  it('lists the known social providers, deduplicated, with labels and Cognito names', () => {
    expect(
      parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google, Facebook,google,,bad provider,apple', ...HOSTED_UI })
        .socialProviders,
    ).toEqual([
      { id: 'google', label: 'Google', cognitoName: 'Google' },
      { id: 'facebook', label: 'Facebook', cognitoName: 'Facebook' },
    ]);
  });

  it('reads the hosted UI as an origin; a bare host gets https', () => {
    expect(parseWebEnv(HOSTED_UI).hostedUi).toEqual({
      baseUrl: 'https://gutscheinmarkt-at.auth.eu-central-1.amazoncognito.com',
      clientId: '4abc123def',
    });
    expect(parseWebEnv({ ...HOSTED_UI, VITE_COGNITO_DOMAIN: 'auth.example.com' }).hostedUi?.baseUrl).toBe(
      'https://auth.example.com',
    );
  });

  it('shows no provider without a usable hosted UI', () => {
    expect(parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google' }).socialProviders).toEqual([]);
    expect(
      parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google', VITE_COGNITO_DOMAIN: HOSTED_UI.VITE_COGNITO_DOMAIN })
        .socialProviders,
    ).toEqual([]);
    expect(
      parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google', ...HOSTED_UI, VITE_COGNITO_DOMAIN: 'http://auth.example.com' })
        .hostedUi,
    ).toBeNull();
    expect(
      parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google', ...HOSTED_UI, VITE_COGNITO_CLIENT_ID: 'a b' }).socialProviders,
    ).toEqual([]);
  });
});
