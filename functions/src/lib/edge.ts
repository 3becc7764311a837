import { timingSafeEqual } from 'node:crypto';

/**
 * The closed edge (issue 14): the API answers only requests that came through CloudFront. CloudFront
 * adds this header with a secret value to every request it forwards to API Gateway (an origin
 * custom header, infra/lib/edge-stack.ts); the http wrapper refuses any request without it, so a
 * client calling API Gateway's own endpoint cannot choose the headers the API trusts from the edge
 * (`X-Forwarded-Host`, rewritten by the edge function; `CloudFront-Viewer-Address`).
 * Locally no secret is configured: the local API server is the edge itself.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Constant-time comparison of the sent header with the configured secret. */
export function originVerified(sent: string | undefined, secret: string): boolean {
  const a = Buffer.from(sent ?? '', 'utf8');
  const b = Buffer.from(secret, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
