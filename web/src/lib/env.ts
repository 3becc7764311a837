import * as z from 'zod';

const KNOWN_PROVIDER_LABELS: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

export type SocialProvider = { id: string; label: string };

const webEnvSchema = z.object({
  VITE_SALES_PAUSED: z.string().optional(),
  VITE_SOCIAL_PROVIDERS: z.string().optional(),
});

export type WebEnv = { salesPaused: boolean; socialProviders: SocialProvider[] };

/** Reads the build-time settings once; unknown or malformed values fall back to "off". */
export function parseWebEnv(raw: Record<string, unknown>): WebEnv {
  const env = webEnvSchema.parse({
    VITE_SALES_PAUSED: typeof raw.VITE_SALES_PAUSED === 'string' ? raw.VITE_SALES_PAUSED : undefined,
    VITE_SOCIAL_PROVIDERS: typeof raw.VITE_SOCIAL_PROVIDERS === 'string' ? raw.VITE_SOCIAL_PROVIDERS : undefined,
  });
  const ids = (env.VITE_SOCIAL_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id, index, all) => /^[a-z][a-z0-9-]*$/.test(id) && all.indexOf(id) === index);
  return {
    salesPaused: env.VITE_SALES_PAUSED?.trim().toLowerCase() === 'true',
    socialProviders: ids.map((id) => ({ id, label: KNOWN_PROVIDER_LABELS[id] ?? id.charAt(0).toUpperCase() + id.slice(1) })),
  };
}

export const webEnv: WebEnv = parseWebEnv(import.meta.env as unknown as Record<string, unknown>);
