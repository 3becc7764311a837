import type Stripe from 'stripe';
import { cardErrorMessage } from '@gm/shared/payments/card-errors';
import type { SecretSource, StripeEnv } from '../lib/env.ts';
import { HttpError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { traceHttpCall } from '../lib/xray.ts';

/** A webhook signature's timestamp may be at most this far in the past or the future. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
import type { SecretParameters } from './ssm-parameters.ts';

/**
 * The SDK module, loaded with the first call that needs it and kept for the container's life. Its
 * module code (hundreds of resource classes) costs a third of a payment route's cold import; loaded
 * here, it runs in the first invocation that talks to Stripe, beside the SSM read of the key. The
 * Lambda build (bundle-build.ts, code splitting) puts the SDK in a chunk of its own, read only then.
 */
let sdk: typeof Stripe | undefined;
let sdkLoading: Promise<typeof Stripe> | undefined;

export function loadStripeSdk(): Promise<typeof Stripe> {
  sdkLoading ??= import('stripe').then(
    (module) => (sdk = module.default),
    (error: unknown) => {
      sdkLoading = undefined;
      throw error;
    },
  );
  return sdkLoading;
}

/**
 * The one Stripe adapter of the product: the official SDK, the same code locally (pointed at the
 * stand-in, scripts/dev/stripe-stand-in.ts) and on AWS. Money is integer cents, currency euro.
 * Every call that creates something takes an idempotency key, so a retried request never charges,
 * refunds or transfers twice. Answers are narrowed to what the product uses.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** Redirect methods: EPS (AT), iDEAL (NL), Bancontact (BE), Klarna (DE, IT, ES; docs/decisions/payments.md). */
export type BankMethod = 'eps' | 'ideal' | 'bancontact' | 'klarna';
export type PaymentMethodType = 'card' | BankMethod;

export type PaymentIntentView = {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amountCents: number;
  currency: string;
  /** For Stripe.js in the browser (confirmCardPayment / Payment Element). */
  clientSecret: string;
  /** Our payment id (`metadata.payment_id`). */
  orderRef: string | undefined;
  customerId: string | null;
  paymentMethodId: string | null;
  /** With status requires_action: where the browser goes (3-D Secure or the bank). */
  redirectUrl: string | null;
  lastError: { code: string | null; declineCode: string | null; message: string } | null;
  latestChargeId: string | null;
  metadata: Record<string, string>;
};

export type SavedCard = { id: string; brand: string; last4: string; expMonth: number; expYear: number };
export type RefundView = { id: string; amountCents: number; status: string; paymentIntentId: string };
export type ConnectedAccountView = {
  id: string;
  payoutsEnabled: boolean;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
};
export type TransferView = { id: string; amountCents: number; destination: string; transferGroup: string | null };

/**
 * A card the bank refused (Stripe's 402): 422 on the `card` field (01 §8 "provider message under the
 * card field"). Stripe's message is English, so the buyer gets the German text for its decline code
 * (shared/src/payments/card-errors.ts); `providerMessage` keeps Stripe's for logs.
 */
export class PaymentDeclinedError extends ValidationError {
  constructor(
    readonly providerMessage: string,
    readonly code: string | undefined,
    readonly declineCode: string | undefined,
    readonly paymentIntentId: string | undefined,
  ) {
    const message = cardErrorMessage({ code, declineCode });
    super({ card: [message] }, message);
  }
}

/** A webhook whose Stripe-Signature does not verify over the raw body: 400, nothing is processed. */
export class WebhookSignatureError extends HttpError {
  constructor() {
    super(400, 'Ungültige Webhook-Signatur.');
  }
}

/** Any other refusal or outage of Stripe: logged with its Stripe code; the caller answers 500. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly stripeCode: string | undefined,
    readonly statusCode: number | undefined,
    readonly requestId: string | undefined,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export type CreatePaymentIntentInput = {
  amountCents: number;
  /** Our payment id: stored as `metadata.payment_id`, so every webhook finds its payment. */
  orderRef: string;
  customerId?: string;
  paymentMethodTypes: readonly PaymentMethodType[];
  /** Keep the card for later (`setup_future_usage: off_session`); needs `customerId`. */
  savePaymentMethod: boolean;
  idempotencyKey: string;
  metadata?: Record<string, string>;
  description?: string;
  receiptEmail?: string;
};

export type ConfirmPaymentIntentInput = {
  /** A PaymentMethod id (Stripe.js, a saved card) or a test token such as `pm_card_visa`. */
  paymentMethod?: string;
  /** A redirect-based bank payment; `billingName` is required for EPS and Bancontact, `email` and `country` for Klarna. */
  bankMethod?: { type: BankMethod; billingName?: string; email?: string; country?: string };
  returnUrl: string;
  idempotencyKey?: string;
};

export type Payments = {
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentView>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  confirmPaymentIntent(id: string, input: ConfirmPaymentIntentInput): Promise<PaymentIntentView>;
  cancelPaymentIntent(id: string, idempotencyKey?: string): Promise<PaymentIntentView>;
  createCustomer(input: {
    email: string;
    name?: string;
    userId: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  listSavedCards(customerId: string): Promise<SavedCard[]>;
  /** Attaches a PaymentMethod to the customer and makes it the default; answers the card. */
  attachCard(customerId: string, paymentMethodId: string): Promise<SavedCard>;
  /** Detaches a saved card (a card that is already detached or gone is fine). */
  detachCard(paymentMethodId: string): Promise<void>;
  /** Deletes a customer and with it its saved cards (account deletion; a customer already gone is fine). */
  deleteCustomer(customerId: string): Promise<void>;
  refund(paymentIntentId: string, idempotencyKey: string, amountCents?: number): Promise<RefundView>;
  /** Verifies `Stripe-Signature` over the exact bytes received; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): Promise<Stripe.Event>;
  /**
   * An Express connected account (a company in AT by default) with `metadata.user_id`. The bank
   * account (IBAN from the registration) is prefilled as `external_account`: Stripe accepts it at
   * creation, before the first Account Link (afterwards only Stripe's onboarding may change it).
   */
  createConnectedAccount(input: {
    email: string;
    userId: string;
    country?: string;
    companyName?: string;
    url?: string | null;
    bankAccount?: { iban: string; holderName: string };
    idempotencyKey: string;
  }): Promise<ConnectedAccountView>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountView>;
  createOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  createTransfer(input: {
    amountCents: number;
    destinationAccountId: string;
    transferGroup?: string;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<TransferView>;
  /** The transfer made with this `transfer_group` (the payout run's invoice id), if any. */
  findTransferByGroup(transferGroup: string): Promise<TransferView | undefined>;
};

export type StripeConnection = {
  secretKey: () => Promise<string>;
  webhookSecret: () => Promise<string>;
  /** The Connect endpoint's signing secret, tried when the first does not verify. */
  connectWebhookSecret?: () => Promise<string>;
  /** The local stand-in; undefined = api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** The connection described by the environment: literal keys locally, SSM parameters on AWS. */
export function stripeConnection(e: StripeEnv, parameters: () => SecretParameters): StripeConnection {
  const read = (source: SecretSource) =>
    'value' in source ? () => Promise.resolve(source.value) : () => parameters().get(source.parameter);
  return {
    secretKey: read(e.secretKey),
    webhookSecret: read(e.webhookSecret),
    ...(e.connectWebhookSecret ? { connectWebhookSecret: read(e.connectWebhookSecret) } : {}),
    ...(e.api ? { api: e.api } : {}),
  };
}

export function toPaymentIntentView(pi: Stripe.PaymentIntent): PaymentIntentView {
  const error = pi.last_payment_error;
  const id = (value: string | { id: string } | null | undefined) =>
    typeof value === 'string' ? value : (value?.id ?? null);
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    clientSecret: pi.client_secret ?? '',
    orderRef: pi.metadata?.payment_id,
    customerId: id(pi.customer),
    paymentMethodId: id(pi.payment_method),
    redirectUrl:
      pi.status === 'requires_action' && pi.next_action?.type === 'redirect_to_url'
        ? (pi.next_action.redirect_to_url?.url ?? null)
        : null,
    lastError: error
      ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? '' }
      : null,
    latestChargeId: id(pi.latest_charge),
    metadata: { ...(pi.metadata ?? {}) },
  };
}

function toAccountView(account: Stripe.Account): ConnectedAccountView {
  return {
    id: account.id,
    payoutsEnabled: account.payouts_enabled ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
  };
}

/**
 * Stripe's errors in our terms: card refusals are the buyer's business, a missing object a 404, the rest ours.
 * Stripe's errors are the instances of the loaded SDK's classes: every call loads the SDK before it
 * can fail with one, so until it is loaded nothing is a Stripe error (a look-alike never is).
 */
export function mapStripeError(error: unknown): unknown {
  if (!sdk || !(error instanceof sdk.errors.StripeError)) return error;
  if (error instanceof sdk.errors.StripeCardError) {
    const intent = error.payment_intent as { id?: string } | undefined;
    return new PaymentDeclinedError(error.message, error.code, error.decline_code, intent?.id);
  }
  if (
    error instanceof sdk.errors.StripeInvalidRequestError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  )
    return new NotFoundError();
  return new PaymentProviderError(`Stripe: ${error.message}`, error.code, error.statusCode, error.requestId);
}

export function createStripePayments(connection: StripeConnection): Payments {
  let client: Promise<Stripe> | undefined;
  // Built once per container, after the key has been read (SSM on AWS) and the SDK loaded.
  const stripe = (): Promise<Stripe> => {
    client ??= Promise.all([connection.secretKey(), loadStripeSdk()])
      .then(([key, StripeSdk]) => {
        const s = new StripeSdk(key, {
          apiVersion: STRIPE_API_VERSION,
          // Lambda answers within 10 s; idempotency keys make the SDK's retry safe.
          timeout: 8000,
          maxNetworkRetries: 1,
          appInfo: { name: 'gutscheinmarkt' },
          ...(connection.api ?? {}),
        });
        // Each answered request as an X-Ray subsegment (only in a sampled invocation on Lambda).
        const origin = connection.api
          ? `${connection.api.protocol}://${connection.api.host}:${connection.api.port}`
          : 'https://api.stripe.com';
        s.on('response', (e: Stripe.ResponseEvent) =>
          traceHttpCall('Stripe', {
            method: e.method,
            url: origin + e.path,
            status: e.status,
            start: e.request_start_time,
            end: e.request_end_time,
          }),
        );
        return s;
      })
      .catch((error: unknown) => {
        client = undefined;
        throw error;
      });
    return client;
  };

  async function call<T>(fn: (s: Stripe) => Promise<T>): Promise<T> {
    const s = await stripe();
    try {
      return await fn(s);
    } catch (error) {
      throw mapStripeError(error);
    }
  }

  return {
    createPaymentIntent(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new RangeError(`amountCents must be a positive integer, got ${input.amountCents}`);
      if (input.savePaymentMethod && !input.customerId) throw new Error('savePaymentMethod needs a customerId');
      return call(async (s) =>
        toPaymentIntentView(
          await s.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'eur',
              allowed_payment_method_types: [...input.paymentMethodTypes],
              metadata: { ...input.metadata, payment_id: input.orderRef },
              ...(input.customerId ? { customer: input.customerId } : {}),
              ...(input.savePaymentMethod ? { setup_future_usage: 'off_session' as const } : {}),
              ...(input.description ? { description: input.description } : {}),
              ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    retrievePaymentIntent(id) {
      return call(async (s) => toPaymentIntentView(await s.paymentIntents.retrieve(id)));
    },

    confirmPaymentIntent(id, input) {
      if (!input.paymentMethod === !input.bankMethod)
        throw new Error('confirmPaymentIntent needs exactly one of paymentMethod and bankMethod');
      const params: Stripe.PaymentIntentConfirmParams = { return_url: input.returnUrl };
      if (input.paymentMethod) params.payment_method = input.paymentMethod;
      if (input.bankMethod) {
        const { type, billingName, email, country } = input.bankMethod;
        const billing = {
          ...(billingName ? { name: billingName } : {}),
          ...(email ? { email } : {}),
          ...(country ? { address: { country } } : {}),
        };
        params.payment_method_data = {
          type,
          ...(Object.keys(billing).length ? { billing_details: billing } : {}),
        } as Stripe.PaymentIntentConfirmParams.PaymentMethodData;
      }
      return call(async (s) =>
        toPaymentIntentView(
          await s.paymentIntents.confirm(
            id,
            params,
            input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {},
          ),
        ),
      );
    },

    cancelPaymentIntent(id, idempotencyKey) {
      return call(async (s) =>
        toPaymentIntentView(
          await s.paymentIntents.cancel(
            id,
            { cancellation_reason: 'abandoned' },
            idempotencyKey ? { idempotencyKey } : {},
          ),
        ),
      );
    },

    createCustomer(input) {
      return call(async (s) => {
        const customer = await s.customers.create(
          { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { user_id: input.userId } },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: customer.id };
      });
    },

    listSavedCards(customerId) {
      return call(async (s) => {
        const list = await s.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
        return list.data.flatMap((pm) =>
          pm.card
            ? [
                {
                  id: pm.id,
                  brand: pm.card.brand,
                  last4: pm.card.last4,
                  expMonth: pm.card.exp_month,
                  expYear: pm.card.exp_year,
                },
              ]
            : [],
        );
      });
    },

    attachCard(customerId, paymentMethodId) {
      return call(async (s) => {
        const pm = await s.paymentMethods.attach(paymentMethodId, { customer: customerId });
        await s.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
        if (!pm.card)
          throw new ValidationError(
            { card: ['Nur Karten können gespeichert werden.'] },
            'Nur Karten können gespeichert werden.',
          );
        return {
          id: pm.id,
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      });
    },

    detachCard(paymentMethodId) {
      return call(async (s) => {
        try {
          await s.paymentMethods.detach(paymentMethodId);
        } catch (error) {
          // Already detached or deleted: the goal is reached.
          if (
            error instanceof s.errors.StripeInvalidRequestError &&
            (error.code === 'payment_method_unexpected_state' || error.code === 'resource_missing')
          )
            return;
          throw error;
        }
      });
    },

    deleteCustomer(customerId) {
      return call(async (s) => {
        try {
          await s.customers.del(customerId);
        } catch (error) {
          if (error instanceof s.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
          throw error;
        }
      });
    },

    refund(paymentIntentId, idempotencyKey, amountCents) {
      return call(async (s) => {
        const refund = await s.refunds.create(
          { payment_intent: paymentIntentId, ...(amountCents ? { amount: amountCents } : {}) },
          { idempotencyKey },
        );
        return { id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending', paymentIntentId };
      });
    },

    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError();
      // Stripe's check refuses signatures older than its tolerance (5 min) but accepts any from the
      // future; a replay window is closed both ways (issue 14).
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
      if (!Number.isFinite(signedAt) || signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError();
      // Static: verifying needs only the signing secret, not the API key.
      // Platform events are signed with the first endpoint's secret, Connect events (connected
      // accounts) with the Connect endpoint's own one: both deliver to this route.
      const { webhooks, errors } = await loadStripeSdk();
      const secrets = [
        connection.webhookSecret,
        ...(connection.connectWebhookSecret ? [connection.connectWebhookSecret] : []),
      ];
      for (const [i, secretOf] of secrets.entries()) {
        try {
          return await webhooks.constructEventAsync(
            rawBody,
            signatureHeader,
            await secretOf(),
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch (error) {
          if (error instanceof errors.StripeSignatureVerificationError) {
            if (i < secrets.length - 1) continue;
            throw new WebhookSignatureError();
          }
          // A body that verifies but is no JSON cannot come from Stripe either.
          if (error instanceof SyntaxError) throw new WebhookSignatureError();
          throw error;
        }
      }
      throw new WebhookSignatureError();
    },

    createConnectedAccount(input) {
      return call(async (s) =>
        toAccountView(
          await s.accounts.create(
            {
              type: 'express',
              country: input.country ?? 'AT',
              email: input.email,
              business_type: 'company',
              ...(input.companyName ? { company: { name: input.companyName } } : {}),
              ...(input.companyName || input.url
                ? {
                    business_profile: {
                      ...(input.companyName ? { name: input.companyName } : {}),
                      ...(input.url ? { url: input.url } : {}),
                    },
                  }
                : {}),
              ...(input.bankAccount
                ? {
                    external_account: {
                      object: 'bank_account',
                      country: input.bankAccount.iban.slice(0, 2),
                      currency: 'eur',
                      account_holder_name: input.bankAccount.holderName,
                      account_holder_type: 'company',
                      account_number: input.bankAccount.iban,
                    },
                  }
                : {}),
              capabilities: { transfers: { requested: true } },
              metadata: { user_id: input.userId },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    retrieveConnectedAccount(accountId) {
      return call(async (s) => toAccountView(await s.accounts.retrieve(accountId)));
    },

    createOnboardingLink(accountId, urls) {
      return call(
        async (s) =>
          (
            await s.accountLinks.create({
              account: accountId,
              type: 'account_onboarding',
              return_url: urls.returnUrl,
              refresh_url: urls.refreshUrl,
            })
          ).url,
      );
    },

    createTransfer(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new RangeError(`amountCents must be a positive integer, got ${input.amountCents}`);
      return call(async (s) => {
        const transfer = await s.transfers.create(
          {
            amount: input.amountCents,
            currency: 'eur',
            destination: input.destinationAccountId,
            ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toTransferView(transfer);
      });
    },

    findTransferByGroup(transferGroup) {
      return call(async (s) => {
        const list = await s.transfers.list({ transfer_group: transferGroup, limit: 1 });
        const transfer = list.data[0];
        return transfer ? toTransferView(transfer) : undefined;
      });
    },
  };
}

function toTransferView(transfer: Stripe.Transfer): TransferView {
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    destination: typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? ''),
    transferGroup: transfer.transfer_group ?? null,
  };
}
