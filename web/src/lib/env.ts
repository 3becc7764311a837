/**
 * The social sign-in providers the web knows: the spec's two, with the name Cognito gives each as an
 * identity provider (the `identity_provider` parameter of the hosted UI's authorize endpoint).
 */
const KNOWN_PROVIDERS: Record<string, { label: string; cognitoName: string }> = {
  google: { label: 'Google', cognitoName: 'Google' },
  facebook: { label: 'Facebook', cognitoName: 'Facebook' },
};

export type SocialProvider = { id: string; label: string; cognitoName: string };

/** The Cognito hosted UI that social sign-in redirects through. */
export type HostedUi = { baseUrl: string; clientId: string };

export type WebEnv = { socialProviders: SocialProvider[]; hostedUi: HostedUi | null };

/** `https://x.auth.eu-central-1.amazoncognito.com` (a bare host gets https://); anything else is no hosted UI. */
function hostedUiOf(domain: string | undefined, clientId: string | undefined): HostedUi | null {
  const id = clientId?.trim();
  const raw = domain?.trim();
  if (!id || !/^[\w-]+$/.test(id) || !raw) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return null;
    return { baseUrl: url.origin, clientId: id };
  } catch {
    return null;
  }
}

/**
 * Reads the build-time settings once; unknown or malformed values fall back to "off". Social
 * buttons need both the provider list and the hosted UI (domain and client id): without the
 * hosted UI no provider can work, so none is shown.
 */
export function parseWebEnv(raw: Record<string, unknown>): WebEnv {
  // Optional strings: anything else counts as unset (a hand check, no zod on the first load; issue 15).
  const text = (key: string) => (typeof raw[key] === 'string' ? raw[key] : undefined);
  const hostedUi = hostedUiOf(text('VITE_COGNITO_DOMAIN'), text('VITE_COGNITO_CLIENT_ID'));
  const ids = (text('VITE_SOCIAL_PROVIDERS') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id, index, all) => id in KNOWN_PROVIDERS && all.indexOf(id) === index);
  return {
    socialProviders: hostedUi ? ids.map((id) => ({ id, ...KNOWN_PROVIDERS[id]! })) : [],
    hostedUi,
  };
}

export const webEnv: WebEnv = parseWebEnv(import.meta.env as unknown as Record<string, unknown>);
