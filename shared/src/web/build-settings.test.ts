import { describe, expect, it } from 'vitest';
import { assertWebBuild, deployableBuildProblems } from './build-settings.ts';

const LIVE = {
  VITE_STRIPE_MODE: 'live',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEf',
  VITE_APEX_DOMAIN: 'gutscheinmarkt.at',
};

describe('deployable web build', () => {
  it('builds with live Stripe, a publishable key and the apex domain', () => {
    expect(deployableBuildProblems(LIVE)).toEqual([]);
    expect(deployableBuildProblems({ ...LIVE, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEf' })).toEqual([]);
    expect(() => assertWebBuild('production', LIVE)).not.toThrow();
  });

  it('refuses a production build without them, in one line naming each', () => {
    expect(() => assertWebBuild('production', {})).toThrow(
      /^Web build \(mode production\) refused: VITE_STRIPE_MODE must be "live" \(is unset\); VITE_STRIPE_PUBLISHABLE_KEY .*; VITE_APEX_DOMAIN .*vite build --mode stand-in\.$/,
    );
    expect(deployableBuildProblems({ ...LIVE, VITE_STRIPE_MODE: 'local' })).toEqual([
      'VITE_STRIPE_MODE must be "live" (is "local")',
    ]);
  });

  it("refuses the stand-in's key, secret keys and malformed domains", () => {
    for (const key of ['pk_test_local', 'sk_live_51AbCdEf', 'pk_live_', ''])
      expect(deployableBuildProblems({ ...LIVE, VITE_STRIPE_PUBLISHABLE_KEY: key })).toHaveLength(1);
    for (const apex of ['https://gutscheinmarkt.at', 'gutscheinmarkt.at:443', 'localhost'])
      expect(deployableBuildProblems({ ...LIVE, VITE_APEX_DOMAIN: apex })).toHaveLength(1);
  });

  it('treats every mode but development and stand-in as deployable', () => {
    expect(() => assertWebBuild('development', {})).not.toThrow();
    expect(() => assertWebBuild('stand-in', {})).not.toThrow();
    expect(() => assertWebBuild('staging', {})).toThrow(/mode staging/);
  });
});
