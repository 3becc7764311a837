/**
 * PKCE (RFC 7636) for the hosted UI's authorization-code flow: a random code verifier kept in the
 * tab, its S256 challenge sent to /oauth2/authorize, and random `state` values against forged callbacks.
 */
type RandomSource = Pick<Crypto, 'getRandomValues'>;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `byteCount` random bytes, base64url-encoded (32 bytes → 43 characters, 256 bits). */
export function randomToken(byteCount = 32, random: RandomSource = crypto): string {
  return base64url(random.getRandomValues(new Uint8Array(byteCount)));
}

/** A code verifier: 43 characters from the unreserved set, as RFC 7636 §4.1 asks. */
export function createCodeVerifier(random: RandomSource = crypto): string {
  return randomToken(32, random);
}

/** BASE64URL(SHA256(verifier)), the `S256` code challenge (RFC 7636 §4.2). */
export async function codeChallengeS256(verifier: string, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
