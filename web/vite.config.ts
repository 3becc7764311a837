import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, so Vite bundles them into the config (a workspace package would load as untranspiled TS).
import { assertWebBuild } from '../shared/src/web/build-settings.ts';
import { localSecurityHeaders } from '../shared/src/web/security-headers.ts';
import { firstScreenBoot } from './vite-first-screen.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';
// Media objects live under the key `media/...` in the bucket, so the bucket URL is the target and the path stays as is.
const mediaTarget = process.env.VITE_MEDIA_PROXY ?? 'http://127.0.0.1:4569/gm-media';
// The local Stripe stand-in: the test-card form creates PaymentMethods there (prefix stripped).
const stripeTarget = process.env.VITE_STRIPE_PROXY ?? 'http://127.0.0.1:12111';

// The S3 stand-in, which presigned uploads and document views reach directly (the CSP allows it).
const storageOrigins = process.env.S3_ENDPOINT ? [new URL(process.env.S3_ENDPOINT).origin] : [];

// Local servers only (dev and preview); the deployable bundle never calls /stripe-local (shared/src/web/build-settings.ts).
const proxy: Record<string, ProxyOptions> = {
  // xfwd: the API sees the browser's host (tenant detection, next_page_url) in x-forwarded-host.
  '/api': { target: apiTarget, changeOrigin: true, xfwd: true },
  '/media': { target: mediaTarget, changeOrigin: true, rewrite: (path) => path },
  '/stripe-local': { target: stripeTarget, changeOrigin: true, rewrite: (path) => path.replace(/^\/stripe-local/, '') },
};

// Tenants are `<name>.gutscheinmarkt.localhost` locally; the leading dot allows every subdomain.
const allowedHosts = ['.localhost'];

// `vite build` (mode production) is the deployable build: it refuses to start without live Stripe, its
// publishable key and the apex domain (shared/src/web/build-settings.ts). `npm start` runs the dev server
// (mode development); the browser tests build with `--mode stand-in`.
export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  if (command === 'build') assertWebBuild(mode, env);
  return {
    // The first-screen boot (issue 15): index.html starts a guest's first screen before the app's bundle runs.
    plugins: [react(), firstScreenBoot({ apexDomain: env.VITE_APEX_DOMAIN })],
    server: { proxy, allowedHosts },
    // The production response headers (CSP included), so every browser test runs under them. Not on the dev
    // server: its React refresh preamble is an inline script.
    preview: { proxy, allowedHosts, headers: localSecurityHeaders(storageOrigins) },
    build: {
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the entry imports statically loads on every first visit anyway: one chunk instead of ten
            // small ones compresses better and saves round trips (issue 10 first-load budget).
            groups: [
              { name: 'index', tags: ['$initial'] },
              {
                name: 'voucher-list',
                test: /web[\\/]src[\\/]entities[\\/](catalogue[\\/](components[\\/](voucher-card|voucher-grid|discovery-modals)|hooks[\\/]use-discovery-modals|voucher-format|api[\\/]vouchers)|wishlist[\\/]components)|components[\\/]ui[\\/]pagination|entities[\\/]tenant[\\/]use-tenant-scope/,
              },
              { name: 'voucher-discovery', test: /web[\\/]src[\\/]features[\\/]search[\\/]/ },
              // Shared by the voucher page and others (cart, checkout, error pages): kept out of the voucher page's
              // group, which would otherwise take them in as its dependencies.
              {
                name: 'purchase-rules',
                test: /web[\\/]src[\\/]entities[\\/](catalogue[\\/]purchase|sales-pause[\\/])|shared[\\/]src[\\/]orders[\\/]order-text/,
              },
              {
                name: 'status-page',
                test: /web[\\/]src[\\/](components[\\/]layout[\\/]status-page|app[\\/]routes[\\/]not-found)/,
              },
              // The voucher page's own parts load together (issue 15: fewer round trips before its picture paints).
              {
                name: 'voucher-detail',
                test: /web[\\/]src[\\/](app[\\/]routes[\\/]voucher-detail|entities[\\/]catalogue[\\/]components[\\/](voucher-detail-view|voucher-info|voucher-purchase|expandable-text|not-sold-here)|entities[\\/]cart[\\/]components[\\/]add-to-cart-button)/,
              },
            ],
          },
        },
      },
    },
  };
});
