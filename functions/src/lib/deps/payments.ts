import { createStripePayments, stripeConnection } from '../../adapters/stripe-payments.ts';
import { stripeEnv } from '../env.ts';
import {
  appUrl,
  clock,
  companies,
  coupons,
  documents,
  log,
  mailQueue,
  metrics,
  newId,
  orders,
  paymentRecords,
  payoutAccounts,
  payoutRuns,
  secretParameters,
  sellerMails,
  settings,
  userVouchers,
  users,
  vouchers,
} from '../deps.ts';
import { once } from './provider.ts';

/**
 * Stripe's providers, apart from lib/deps.ts: the Stripe SDK (≈240 KB minified, with side effects at
 * import) lands only in the bundles of the routes and jobs that import this module (the manifest's
 * STRIPE_KEYS routes; scripts/test/bundle-budgets.test.ts holds them to it).
 */
export const payments = once(() => createStripePayments(stripeConnection(stripeEnv(), secretParameters)));

/** What the payout run of one seller needs: the daily job and the admin's 'Jetzt abrechnen' (issue 12). */
export const payoutRunProviders = {
  payoutRuns,
  payoutAccounts,
  companies,
  users,
  settings,
  payments,
  documents,
  clock,
  newId,
  log,
  metrics,
};

/**
 * What completing a paid order needs (lines, vouchers, invoices, the confirmation mail's job; its PDFs
 * are the mail worker's): the Stripe webhook and both payment routes (a 0 € cart completes at once).
 */
export const completionProviders = {
  payments,
  paymentRecords,
  orders,
  vouchers,
  userVouchers,
  coupons,
  settings,
  users,
  companies,
  mailQueue,
  clock,
  newId,
  appUrl,
  sellerMails,
  log,
  metrics,
};
