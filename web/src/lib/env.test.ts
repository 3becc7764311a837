import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env.ts';

describe('parseWebEnv', () => {
  it('is off by default', () => {
    expect(parseWebEnv({})).toEqual({ salesPaused: false, socialProviders: [] });
  });

  it('reads the sales pause flag only from "true"', () => {
    expect(parseWebEnv({ VITE_SALES_PAUSED: 'true' }).salesPaused).toBe(true);
    expect(parseWebEnv({ VITE_SALES_PAUSED: ' TRUE ' }).salesPaused).toBe(true);
    expect(parseWebEnv({ VITE_SALES_PAUSED: '1' }).salesPaused).toBe(false);
  });

  it('lists social providers, deduplicated, with labels', () => {
    expect(parseWebEnv({ VITE_SOCIAL_PROVIDERS: 'google, Facebook,google,,bad provider' }).socialProviders).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'facebook', label: 'Facebook' },
    ]);
  });
});
