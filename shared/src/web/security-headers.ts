/**
 * The response headers of the web app (issue 14 "closed edge"), one source for CloudFront's response
 * headers policy (infra/lib/edge-stack.ts) and for the local `vite preview` that the browser tests run
 * against, so every browser test runs under the production Content-Security-Policy.
 *
 * Scripts only from the app itself and Stripe.js; frames only Stripe's; no inline script, no eval.
 * Inline styles stay allowed (React style props and Stripe's elements set them). `frame-ancestors`
 * forbids framing, except the embeddable voucher list /wp (01 §2), which partner sites frame.
 * Stripe's list: https://docs.stripe.com/security/guide#content-security-policy
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://maps.googleapis.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The policy. `storageOrigins`: where the browser talks to object storage directly — presigned
 * uploads (connect-src) and the admin's presigned view of ID documents (img-src): on AWS the media and
 * private buckets' regional endpoints, locally the S3 stand-in.
 */
export function contentSecurityPolicy(options: { storageOrigins: readonly string[]; embeddable?: boolean }): string {
  const storage = options.storageOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE.script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${STRIPE.img.join(' ')} ${storage}`,
    "font-src 'self' data:",
    `connect-src 'self' ${STRIPE.connect.join(' ')} ${storage}`,
    `frame-src ${STRIPE.frame.join(' ')}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Every page forbids framing except /wp, the voucher list partner sites embed (https only).
    `frame-ancestors ${options.embeddable ? 'https:' : "'none'"}`,
  ]
    .map((directive) => directive.replace(/\s+/g, ' ').trim())
    .join('; ');
}

/** HSTS: two years, subdomains (the tenant shops) included. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers as the local preview server sends them (CloudFront adds HSTS on https only). */
export function localSecurityHeaders(storageOrigins: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ storageOrigins }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
  };
}
