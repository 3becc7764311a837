import { createHash, randomBytes } from 'node:crypto';
import {
  normaliseCardNumber,
  passesLuhn,
  testCardByNumber,
  testCardByToken,
  type TestCardOutcome,
} from '@gm/shared/payments/test-cards';
import {
  invalidRequest,
  missingParam,
  Params,
  resourceMissing,
  StripeApiError,
  unexpectedState,
  type StripeErrorBody,
} from './params.ts';

/**
 * The Stripe objects of the local stand-in and what the API does to them: PaymentIntents with
 * card and redirect-based bank methods, PaymentMethods (Stripe's test cards), Customers with saved
 * cards, Charges and Refunds, Connect accounts and Transfers, and the Events all of it produces.
 * Plain JSON state, so it can be written to a file. HTTP, idempotency and webhook delivery live in
 * ../stripe-stand-in.ts.
 */
export const SUPPORTED_PAYMENT_METHOD_TYPES = ['card', 'eps', 'ideal', 'bancontact', 'klarna'] as const;
export type PaymentMethodType = (typeof SUPPORTED_PAYMENT_METHOD_TYPES)[number];
/** Bank methods whose PaymentMethod needs `billing_details[name]` (Stripe refuses them without). */
const NAME_REQUIRED: readonly PaymentMethodType[] = ['eps', 'bancontact'];
/** Methods that cannot be saved for later (`setup_future_usage`). */
const NOT_REUSABLE: readonly PaymentMethodType[] = ['eps'];
/** Klarna needs the buyer's e-mail and billing country (Stripe refuses it without) and serves only these countries (subset, euro). */
const KLARNA_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'NL', 'PT'];
const CURRENCIES = ['eur'] as const;
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

type Json = Record<string, unknown>;

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: (StripeErrorBody & { payment_method?: unknown }) | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } } | null;
  payment_method: string | null;
  /** What the caller allowed (`allowed_payment_method_types`; this API version has no `payment_method_types` parameter). */
  allowed_payment_method_types: string[] | null;
  /** What Stripe offers: the allowed types, or every type the account supports. */
  payment_method_types: string[];
  receipt_email: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  transfer_group: string | null;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: PaymentMethodType;
  billing_details: { name: string | null; email: string | null; phone: string | null; address: Json | null };
  card?: {
    brand: string;
    display_brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: 'credit';
    fingerprint: string;
  };
  eps?: { bank: string | null };
  ideal?: { bank: string | null };
  bancontact?: Json;
  klarna?: { dob: null; preferred_locale: string | null };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
};

export type Customer = {
  id: string;
  object: 'customer';
  created: number;
  description: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Record<string, string>;
  /** Set by `DELETE /v1/customers/{id}`: retrieving answers the deleted stub, everything else 404. */
  deleted?: true;
};

export type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Record<string, string>;
  outcome: { type: 'authorized' | 'issuer_declined' | 'blocked'; seller_message: string };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: Json;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  transfer_group: string | null;
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
};

export type Account = {
  id: string;
  object: 'account';
  type: 'express' | 'custom' | 'standard';
  country: string;
  email: string | null;
  business_type: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  created: number;
  default_currency: string;
  metadata: Record<string, string>;
  /** `company.name` as given (Stripe answers more fields; the stand-in keeps what the product sends). */
  company: { name: string | null } | null;
  business_profile: { name: string | null; url: string | null };
  external_accounts: { object: 'list'; data: BankAccount[]; has_more: false; url: string };
};

/** An account's payout bank account (IBAN countries: `last4` of the IBAN; the number is never answered). */
export type BankAccount = {
  id: string;
  object: 'bank_account';
  account: string;
  account_holder_name: string | null;
  account_holder_type: string | null;
  bank_name: string | null;
  country: string;
  currency: string;
  default_for_currency: boolean;
  fingerprint: string;
  last4: string;
  routing_number: string | null;
  status: 'new';
};

export type TransferReversal = {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  created: number;
  currency: string;
  destination_payment_refund: string | null;
  metadata: Record<string, string>;
  source_refund: string | null;
  transfer: string;
};

export type Balance = {
  object: 'balance';
  available: { amount: number; currency: string; source_types: { card: number } }[];
  pending: { amount: number; currency: string; source_types: { card: number } }[];
  livemode: false;
};

export type Transfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversed: boolean;
  reversals: { object: 'list'; data: TransferReversal[]; has_more: false; total_count: number; url: string };
  source_transaction: string | null;
  transfer_group: string | null;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** What a pending redirect (3-D Secure or bank) waits for. */
type PendingAuthorisation = { token: string; payment_method: string; return_url: string | null };
type PendingOnboarding = {
  token: string;
  account: string;
  return_url: string;
  refresh_url: string;
  expires_at: number;
};

export type StandInState = {
  paymentIntents: Record<string, PaymentIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  /** How a card behaves when charged (from the test card it was created with); never sent out. */
  cardOutcomes: Record<string, TestCardOutcome>;
  /** PaymentMethods consumed by a payment without a customer: Stripe refuses to use them again. */
  usedPaymentMethods: Record<string, true>;
  customers: Record<string, Customer>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  accounts: Record<string, Account>;
  transfers: Record<string, Transfer>;
  /** Added to the computed balance by the test API (`/__test/balance`), cents. */
  balanceAdjustment?: number;
  events: StripeEvent[];
  authorisations: Record<string, PendingAuthorisation>;
  onboardings: Record<string, PendingOnboarding>;
};

export function emptyState(): StandInState {
  return {
    paymentIntents: {},
    paymentMethods: {},
    cardOutcomes: {},
    usedPaymentMethods: {},
    customers: {},
    charges: {},
    refunds: {},
    accounts: {},
    transfers: {},
    events: [],
    authorisations: {},
    onboardings: {},
  };
}

export type RequestInfo = { id: string; idempotencyKey: string | null };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

const LIVE_CARD_IN_TEST_MODE: TestCardOutcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

const AUTHENTICATION_FAILED: StripeErrorBody = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

const BANK_NOT_AUTHORISED: StripeErrorBody = {
  type: 'invalid_request_error',
  code: 'payment_intent_payment_attempt_failed',
  message:
    'The customer did not authorize the payment. Provide a new payment method to attempt to fulfill this PaymentIntent again.',
};

export type StripeModelOptions = {
  /** Base URL of the stand-in, for the authorisation and onboarding pages. */
  baseUrl: string;
  apiVersion: string;
  /** Called once for every event, after the state change that caused it. */
  onEvent: (event: StripeEvent) => void;
  state?: StandInState;
};

export class StripeModel {
  readonly state: StandInState;
  private readonly baseUrl: string;
  private readonly apiVersion: string;
  private readonly onEvent: (event: StripeEvent) => void;

  constructor(opts: StripeModelOptions) {
    this.state = opts.state ?? emptyState();
    this.baseUrl = opts.baseUrl.replace(/\/$/, '');
    this.apiVersion = opts.apiVersion;
    this.onEvent = opts.onEvent;
  }

  // --- events -----------------------------------------------------------------------------------

  private emit(type: string, object: object, request: RequestInfo | null, previous?: Json): StripeEvent {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      data: { object: clone(object) as Json, ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    };
    this.state.events.push(event);
    this.onEvent(event);
    return event;
  }

  retrieveEvent(id: string): StripeEvent {
    const event = this.state.events.find((e) => e.id === id);
    if (!event) throw resourceMissing('event', id);
    return clone(event);
  }

  listEvents(p: Params): { data: StripeEvent[]; has_more: boolean } {
    p.allowOnly(['type', 'types', 'limit', 'starting_after', 'created', 'expand']);
    const limit = Math.min(Math.max(p.int('limit') ?? 10, 1), 100);
    const type = p.str('type');
    const types = p.list('types');
    const matches = (eventType: string) => {
      if (types) return types.includes(eventType);
      if (!type) return true;
      return type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type;
    };
    let all = [...this.state.events].reverse().filter((e) => matches(e.type));
    const after = p.str('starting_after');
    if (after) all = all.slice(all.findIndex((e) => e.id === after) + 1);
    return { data: clone(all.slice(0, limit)), has_more: all.length > limit };
  }

  // --- payment methods --------------------------------------------------------------------------

  private paymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    const pm = this.state.paymentMethods[id];
    if (!pm) throw resourceMissing('PaymentMethod', id, param);
    return pm;
  }

  /** Stripe's magic test tokens (`pm_card_visa`) become a new PaymentMethod on every use. */
  private resolvePaymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    const card = testCardByToken(id);
    if (card) return this.storeCard(card.number, 12, new Date().getUTCFullYear() + 3, card.outcome, {});
    return this.paymentMethod(id, param);
  }

  private storeCard(
    number: string,
    expMonth: number,
    expYear: number,
    outcome: TestCardOutcome,
    billing: Partial<PaymentMethod['billing_details']>,
  ): PaymentMethod {
    const brand = testCardByNumber(number)?.brand ?? cardBrand(number);
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { name: null, email: null, phone: null, address: null, ...billing },
      card: {
        brand,
        display_brand: brand,
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        country: 'US',
        funding: 'credit',
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      },
      customer: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    this.state.paymentMethods[pm.id] = pm;
    this.state.cardOutcomes[pm.id] = outcome;
    return pm;
  }

  createPaymentMethod(p: Params): PaymentMethod {
    p.allowOnly([
      'type',
      'card',
      'billing_details',
      'metadata',
      'expand',
      'eps',
      'ideal',
      'bancontact',
      'klarna',
      'key',
      'payment_user_agent',
      'guid',
      'muid',
      'sid',
      'time_on_page',
    ]);
    const type = p.requiredStr('type');
    if (!(SUPPORTED_PAYMENT_METHOD_TYPES as readonly string[]).includes(type))
      throw invalidPaymentMethodType(type, 'type');
    const billing = this.billingDetails(p.hash('billing_details'));
    if (type === 'card') {
      const card = p.hash('card');
      if (!card) throw missingParam('card');
      card.allowOnly(['number', 'exp_month', 'exp_year', 'cvc']);
      const number = normaliseCardNumber(card.requiredStr('number'));
      const cardError = (code: string, message: string, param: string) =>
        new StripeApiError(402, { type: 'card_error', code, message, param });
      if (!passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
      const expMonth = card.requiredInt('exp_month');
      let expYear = card.requiredInt('exp_year');
      if (expYear < 100) expYear += 2000;
      const today = new Date();
      if (expMonth < 1 || expMonth > 12)
        throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
      if (expYear < today.getUTCFullYear() || expYear > today.getUTCFullYear() + 50) {
        throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
      }
      if (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1) {
        throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
      }
      const cvc = card.str('cvc');
      if (cvc !== undefined && !/^\d{3,4}$/.test(cvc))
        throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
      const outcome = testCardByNumber(number)?.outcome ?? LIVE_CARD_IN_TEST_MODE;
      const pm = this.storeCard(number, expMonth, expYear, outcome, billing);
      pm.metadata = p.metadata();
      return clone(pm);
    }
    const bankType = type as PaymentMethodType;
    if (NAME_REQUIRED.includes(bankType) && !billing.name) throw missingParam('billing_details[name]');
    if (bankType === 'klarna') {
      if (!billing.email) throw missingParam('billing_details[email]');
      const country = typeof billing.address?.country === 'string' ? billing.address.country.toUpperCase() : '';
      if (!country) throw missingParam('billing_details[address][country]');
      if (!KLARNA_COUNTRIES.includes(country)) {
        throw invalidRequest(`Klarna is not available in ${country} for payments in eur.`, {
          code: 'payment_method_invalid_parameter',
          param: 'billing_details[address][country]',
        });
      }
    }
    const details = p.hash(bankType);
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: bankType,
      billing_details: billing,
      [bankType]:
        bankType === 'bancontact'
          ? {}
          : bankType === 'klarna'
            ? { dob: null, preferred_locale: details?.str('preferred_locale') ?? null }
            : { bank: details?.str('bank') ?? null },
      customer: null,
      created: now(),
      livemode: false,
      metadata: p.metadata(),
    };
    this.state.paymentMethods[pm.id] = pm;
    return clone(pm);
  }

  private billingDetails(p: Params | undefined): PaymentMethod['billing_details'] {
    p?.allowOnly(['name', 'email', 'phone', 'address']);
    const address = p?.hash('address');
    address?.allowOnly(['line1', 'line2', 'city', 'postal_code', 'state', 'country']);
    return {
      name: p?.str('name') || null,
      email: p?.str('email') || null,
      phone: p?.str('phone') || null,
      address: address ? (address.raw as Json) : null,
    };
  }

  retrievePaymentMethod(id: string): PaymentMethod {
    return clone(this.paymentMethod(id, 'payment_method'));
  }

  attachPaymentMethod(id: string, p: Params, request: RequestInfo): PaymentMethod {
    p.allowOnly(['customer', 'expand']);
    const customerId = p.requiredStr('customer');
    this.customer(customerId, 'customer');
    const pm = this.resolvePaymentMethod(id, 'payment_method');
    if (pm.customer === customerId) return clone(pm);
    if (pm.customer)
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
      });
    if (this.state.usedPaymentMethods[pm.id]) {
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { code: 'payment_method_unexpected_state' },
      );
    }
    pm.customer = customerId;
    this.emit('payment_method.attached', pm, request);
    return clone(pm);
  }

  detachPaymentMethod(id: string, p: Params, request: RequestInfo): PaymentMethod {
    p.allowOnly(['expand']);
    const pm = this.paymentMethod(id, 'payment_method');
    if (!pm.customer)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        { code: 'payment_method_unexpected_state' },
      );
    const previous = { customer: pm.customer };
    const customer = this.state.customers[pm.customer];
    if (customer?.invoice_settings.default_payment_method === pm.id)
      customer.invoice_settings.default_payment_method = null;
    pm.customer = null;
    this.state.usedPaymentMethods[pm.id] = true;
    this.emit('payment_method.detached', pm, request, previous);
    return clone(pm);
  }

  listPaymentMethods(customerId: string, p: Params): { data: PaymentMethod[]; has_more: boolean } {
    p.allowOnly(['type', 'limit', 'customer', 'starting_after', 'expand']);
    this.customer(customerId, 'customer');
    const type = p.str('type');
    const limit = Math.min(Math.max(p.int('limit') ?? 10, 1), 100);
    const all = Object.values(this.state.paymentMethods)
      .filter((pm) => pm.customer === customerId && (!type || pm.type === type))
      .sort((a, b) => b.created - a.created);
    return { data: clone(all.slice(0, limit)), has_more: all.length > limit };
  }

  // --- customers --------------------------------------------------------------------------------

  private customer(id: string, param = 'id'): Customer {
    const customer = this.state.customers[id];
    if (!customer || customer.deleted) throw resourceMissing('customer', id, param);
    return customer;
  }

  /** Like Stripe: the customer is gone (a second delete is a 404), its cards are detached. */
  deleteCustomer(id: string, request: RequestInfo): { id: string; object: 'customer'; deleted: true } {
    const customer = this.customer(id);
    for (const pm of Object.values(this.state.paymentMethods)) {
      if (pm.customer !== id) continue;
      pm.customer = null;
      this.state.usedPaymentMethods[pm.id] = true;
    }
    customer.deleted = true;
    customer.invoice_settings.default_payment_method = null;
    this.emit('customer.deleted', customer, request);
    return { id, object: 'customer', deleted: true };
  }

  createCustomer(p: Params, request: RequestInfo): Customer {
    p.allowOnly([
      'email',
      'name',
      'description',
      'phone',
      'metadata',
      'payment_method',
      'invoice_settings',
      'expand',
      'preferred_locales',
    ]);
    const customer: Customer = {
      id: stripeId('cus', 14),
      object: 'customer',
      created: now(),
      description: p.str('description') || null,
      email: p.str('email') || null,
      name: p.str('name') || null,
      phone: p.str('phone') || null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: p.metadata(),
    };
    this.state.customers[customer.id] = customer;
    const pmId = p.str('payment_method');
    if (pmId) this.attachPaymentMethod(pmId, new Params({ customer: customer.id }), request);
    this.applyInvoiceSettings(customer, p.hash('invoice_settings'));
    this.emit('customer.created', customer, request);
    return clone(customer);
  }

  private applyInvoiceSettings(customer: Customer, settings: Params | undefined): void {
    if (!settings) return;
    settings.allowOnly(['default_payment_method']);
    const pmId = settings.str('default_payment_method');
    if (pmId === undefined) return;
    if (pmId === '') {
      customer.invoice_settings.default_payment_method = null;
      return;
    }
    const pm = this.paymentMethod(pmId, 'invoice_settings[default_payment_method]');
    if (pm.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        {
          code: 'resource_missing',
          param: 'invoice_settings[default_payment_method]',
        },
      );
    }
    customer.invoice_settings.default_payment_method = pmId;
  }

  retrieveCustomer(id: string): Customer | { id: string; object: 'customer'; deleted: true } {
    if (this.state.customers[id]?.deleted) return { id, object: 'customer', deleted: true };
    return clone(this.customer(id));
  }

  updateCustomer(id: string, p: Params, request: RequestInfo): Customer {
    p.allowOnly([
      'email',
      'name',
      'description',
      'phone',
      'metadata',
      'invoice_settings',
      'expand',
      'preferred_locales',
    ]);
    const customer = this.customer(id);
    const previous: Json = {};
    for (const key of ['email', 'name', 'description', 'phone'] as const) {
      if (p.has(key)) {
        previous[key] = customer[key];
        customer[key] = p.str(key) || null;
      }
    }
    if (p.has('metadata')) {
      previous.metadata = customer.metadata;
      customer.metadata = p.metadata(customer.metadata);
    }
    this.applyInvoiceSettings(customer, p.hash('invoice_settings'));
    this.emit('customer.updated', customer, request, previous);
    return clone(customer);
  }

  // --- payment intents --------------------------------------------------------------------------

  private intent(id: string, param = 'intent'): PaymentIntent {
    const pi = this.state.paymentIntents[id];
    if (!pi) throw resourceMissing('payment_intent', id, param);
    return pi;
  }

  /** The client secret proves a publishable-key caller (the browser) may see and confirm this intent. */
  checkClientSecret(id: string, clientSecret: string | undefined): void {
    const pi = this.intent(id);
    if (!clientSecret || clientSecret !== pi.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { param: 'client_secret' },
      );
    }
  }

  createPaymentIntent(p: Params, request: RequestInfo): PaymentIntent {
    p.allowOnly([
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      'payment_method_data',
      'allowed_payment_method_types',
      'excluded_payment_method_types',
      'automatic_payment_methods',
      'setup_future_usage',
      'receipt_email',
      'confirm',
      'return_url',
      'transfer_group',
      'statement_descriptor_suffix',
      'expand',
    ]);
    const amount = this.amount(p);
    const currency = this.currency(p);
    const customerId = p.str('customer') || null;
    if (customerId) this.customer(customerId, 'customer');
    const types = this.methodTypes(p);
    const setupFutureUsage = p.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    const methodTypes = types ?? [...SUPPORTED_PAYMENT_METHOD_TYPES];
    if (setupFutureUsage) this.assertReusable(methodTypes);
    const pi: PaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: types ? null : { enabled: true, allow_redirects: 'always' },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: '',
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: customerId,
      description: p.str('description') || null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: p.metadata(),
      next_action: null,
      payment_method: null,
      allowed_payment_method_types: types ?? null,
      payment_method_types: methodTypes,
      receipt_email: p.str('receipt_email') || null,
      setup_future_usage: setupFutureUsage,
      status: 'requires_payment_method',
      transfer_group: p.str('transfer_group') || null,
    };
    pi.client_secret = `${pi.id}_secret_${stripeId('x', 25).slice(2)}`;
    const pmId = p.str('payment_method');
    if (pmId) {
      pi.payment_method = this.resolvePaymentMethod(pmId).id;
      pi.status = 'requires_confirmation';
    }
    this.state.paymentIntents[pi.id] = pi;
    this.emit('payment_intent.created', pi, request);
    if (p.bool('confirm')) {
      const confirmParams: Record<string, unknown> = {};
      for (const key of ['payment_method_data', 'return_url'] as const)
        if (p.raw[key] !== undefined) confirmParams[key] = p.raw[key];
      return this.confirmPaymentIntent(pi.id, new Params(confirmParams as Params['raw']), request);
    }
    return clone(pi);
  }

  /** `allowed_payment_method_types` minus `excluded_payment_method_types`; undefined = automatic. */
  private methodTypes(p: Params): string[] | undefined {
    const allowed = p.list('allowed_payment_method_types');
    const excluded = p.list('excluded_payment_method_types') ?? [];
    if (!allowed && excluded.length === 0) return undefined;
    for (const type of allowed ?? [])
      if (!(SUPPORTED_PAYMENT_METHOD_TYPES as readonly string[]).includes(type))
        throw invalidPaymentMethodType(type, 'allowed_payment_method_types');
    const types = (allowed ?? [...SUPPORTED_PAYMENT_METHOD_TYPES]).filter((t) => !excluded.includes(t));
    if (types.length === 0)
      throw invalidRequest('Invalid array: no payment method type is left to pay with', {
        param: 'allowed_payment_method_types',
      });
    return types;
  }

  private amount(p: Params): number {
    const amount = p.requiredInt('amount');
    if (amount < MIN_AMOUNT)
      throw invalidRequest('Amount must be at least €0.50 eur', { code: 'amount_too_small', param: 'amount' });
    if (amount > MAX_AMOUNT)
      throw invalidRequest('Amount must be no more than €999,999.99', { code: 'amount_too_large', param: 'amount' });
    return amount;
  }

  private currency(p: Params): string {
    const currency = p.requiredStr('currency').toLowerCase();
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      throw invalidRequest(`Invalid currency: ${currency}. The local stand-in supports: ${CURRENCIES.join(', ')}.`, {
        param: 'currency',
      });
    }
    return currency;
  }

  private assertReusable(types: readonly string[]): void {
    const blocked = types.find((t) => NOT_REUSABLE.includes(t as PaymentMethodType));
    if (blocked) {
      throw invalidRequest(
        `The payment method type \`${blocked}\` does not support \`setup_future_usage\`. Remove it from payment_method_types or do not set setup_future_usage.`,
        {
          param: 'setup_future_usage',
        },
      );
    }
  }

  retrievePaymentIntent(id: string, p: Params): PaymentIntent {
    p.allowOnly(['expand', 'client_secret', 'key']);
    return clone(this.intent(id));
  }

  updatePaymentIntent(id: string, p: Params): PaymentIntent {
    p.allowOnly([
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      'allowed_payment_method_types',
      'excluded_payment_method_types',
      'setup_future_usage',
      'receipt_email',
      'transfer_group',
      'expand',
    ]);
    const pi = this.intent(id);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') {
      throw unexpectedState(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`);
    }
    let reset = false;
    if (p.has('amount')) {
      pi.amount = this.amount(p);
      reset = true;
    }
    if (p.has('currency')) pi.currency = this.currency(p);
    if (p.has('customer')) {
      const customerId = p.str('customer') || null;
      if (customerId) this.customer(customerId, 'customer');
      pi.customer = customerId;
    }
    if (p.has('description')) pi.description = p.str('description') || null;
    if (p.has('receipt_email')) pi.receipt_email = p.str('receipt_email') || null;
    if (p.has('transfer_group')) pi.transfer_group = p.str('transfer_group') || null;
    if (p.has('metadata')) pi.metadata = p.metadata(pi.metadata);
    const types = this.methodTypes(p);
    if (types) {
      pi.allowed_payment_method_types = types;
      pi.payment_method_types = types;
      pi.automatic_payment_methods = null;
    }
    if (p.has('setup_future_usage'))
      pi.setup_future_usage = p.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    if (pi.setup_future_usage) this.assertReusable(pi.payment_method_types);
    if (p.has('payment_method')) {
      const pmId = p.str('payment_method');
      pi.payment_method = pmId ? this.resolvePaymentMethod(pmId).id : null;
      reset = true;
    }
    if (reset) {
      pi.status = pi.payment_method ? 'requires_confirmation' : 'requires_payment_method';
      pi.next_action = null;
      delete this.state.authorisations[pi.id];
    }
    return clone(pi);
  }

  confirmPaymentIntent(id: string, p: Params, request: RequestInfo): PaymentIntent {
    p.allowOnly([
      'payment_method',
      'payment_method_data',
      'allowed_payment_method_types',
      'excluded_payment_method_types',
      'return_url',
      'setup_future_usage',
      'receipt_email',
      'expand',
      'client_secret',
      'key',
      'use_stripe_sdk',
      'mandate_data',
    ]);
    const pi = this.intent(id);
    if (pi.status === 'succeeded')
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    if (pi.status === 'canceled' || pi.status === 'processing') {
      throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`);
    }
    let pm: PaymentMethod;
    const pmId = p.str('payment_method');
    const pmData = p.hash('payment_method_data');
    if (pmId) {
      pm = this.resolvePaymentMethod(pmId);
    } else if (pmData) {
      const created = this.createPaymentMethod(pmData);
      pm = this.paymentMethod(created.id);
    } else if (pi.payment_method) {
      pm = this.paymentMethod(pi.payment_method);
    } else {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      );
    }
    const types = this.methodTypes(p);
    if (types) {
      pi.allowed_payment_method_types = types;
      pi.payment_method_types = types;
      pi.automatic_payment_methods = null;
    }
    if (!pi.payment_method_types.includes(pm.type)) {
      throw invalidRequest(
        `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(', ')}. Alternatively, update the allowed_payment_method_types of this PaymentIntent to include "${pm.type}".`,
        { code: 'payment_intent_invalid_parameter', param: 'payment_method' },
      );
    }
    if (pm.customer && pm.customer !== pi.customer) {
      throw invalidRequest(
        `The provided PaymentMethod ${pm.id} belongs to a Customer other than this PaymentIntent's customer. Pass that customer when creating the PaymentIntent.`,
        {
          code: 'payment_intent_invalid_parameter',
          param: 'payment_method',
        },
      );
    }
    if (!pm.customer && this.state.usedPaymentMethods[pm.id]) {
      throw invalidRequest(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { code: 'payment_intent_invalid_parameter', param: 'payment_method' },
      );
    }
    if (p.has('setup_future_usage'))
      pi.setup_future_usage = p.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    if (pi.setup_future_usage) this.assertReusable([pm.type]);
    if (p.has('receipt_email')) pi.receipt_email = p.str('receipt_email') || null;
    const returnUrl = p.str('return_url') || null;
    if (returnUrl && !/^https?:\/\//.test(returnUrl)) throw invalidRequest('Not a valid URL', { param: 'return_url' });

    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    pi.next_action = null;
    delete this.state.authorisations[pi.id];

    if (pm.type === 'card') {
      const outcome = this.state.cardOutcomes[pm.id] ?? LIVE_CARD_IN_TEST_MODE;
      if (outcome.kind === 'success') return this.succeed(pi, pm, request);
      if (outcome.kind === 'authenticate') return this.requireAction(pi, pm, returnUrl, request);
      const error: StripeErrorBody = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
      };
      const failed = this.fail(pi, pm, error, true, request);
      throw new StripeApiError(402, {
        ...error,
        charge: failed.latest_charge ?? undefined,
        payment_intent: failed,
        payment_method: clone(pm),
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      });
    }
    if (!returnUrl)
      throw invalidRequest(
        `A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. The PaymentMethod type ${pm.type} requires a return_url.`,
        { param: 'return_url' },
      );
    return this.requireAction(pi, pm, returnUrl, request);
  }

  private requireAction(
    pi: PaymentIntent,
    pm: PaymentMethod,
    returnUrl: string | null,
    request: RequestInfo | null,
  ): PaymentIntent {
    const token = randomBytes(16).toString('hex');
    this.state.authorisations[pi.id] = { token, payment_method: pm.id, return_url: returnUrl };
    pi.status = 'requires_action';
    pi.next_action = {
      type: 'redirect_to_url',
      redirect_to_url: { url: `${this.baseUrl}/__authorize/${pi.id}?token=${token}`, return_url: returnUrl },
    };
    this.emit('payment_intent.requires_action', pi, request);
    return clone(pi);
  }

  private charge(pi: PaymentIntent, pm: PaymentMethod, failure?: StripeErrorBody): Charge {
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: failure ? 0 : pi.amount,
      amount_refunded: 0,
      captured: !failure,
      created: now(),
      currency: pi.currency,
      customer: pi.customer,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: { ...pi.metadata },
      outcome: failure
        ? { type: 'issuer_declined', seller_message: 'The bank did not return any further details with this decline.' }
        : { type: 'authorized', seller_message: 'Payment complete.' },
      paid: !failure,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details:
        pm.type === 'card'
          ? { type: 'card', card: { ...pm.card } }
          : { type: pm.type, [pm.type]: { ...(pm[pm.type] as Json) } },
      refunded: false,
      status: failure ? 'failed' : 'succeeded',
      transfer_group: pi.transfer_group,
    };
    this.state.charges[charge.id] = charge;
    return charge;
  }

  private succeed(pi: PaymentIntent, pm: PaymentMethod, request: RequestInfo | null): PaymentIntent {
    const charge = this.charge(pi, pm);
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    pi.next_action = null;
    pi.last_payment_error = null;
    if (pi.setup_future_usage && pi.customer && !pm.customer) {
      pm.customer = pi.customer;
      this.emit('payment_method.attached', pm, request);
    }
    if (!pm.customer) this.state.usedPaymentMethods[pm.id] = true;
    this.emit('charge.succeeded', charge, request);
    this.emit('payment_intent.succeeded', pi, request);
    return clone(pi);
  }

  private fail(
    pi: PaymentIntent,
    pm: PaymentMethod,
    error: StripeErrorBody,
    withCharge: boolean,
    request: RequestInfo | null,
  ): PaymentIntent {
    const charge = withCharge ? this.charge(pi, pm, error) : undefined;
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    if (charge) pi.latest_charge = charge.id;
    pi.last_payment_error = { ...error, ...(charge ? { charge: charge.id } : {}), payment_method: clone(pm) };
    if (!pm.customer) this.state.usedPaymentMethods[pm.id] = true;
    if (charge) this.emit('charge.failed', charge, request);
    this.emit('payment_intent.payment_failed', pi, request);
    return clone(pi);
  }

  /** The pending redirect of an intent, if `token` is the one its authorisation URL carries. */
  pendingAuthorisation(
    id: string,
    token: string | undefined,
  ): { intent: PaymentIntent; paymentMethod: PaymentMethod } | undefined {
    const pending = this.state.authorisations[id];
    const pi = this.state.paymentIntents[id];
    if (!pending || !pi || !token || pending.token !== token || pi.status !== 'requires_action') return undefined;
    const pm = this.state.paymentMethods[pending.payment_method];
    return pm ? { intent: clone(pi), paymentMethod: clone(pm) } : undefined;
  }

  /**
   * The customer's answer on the authorisation page. Returns where the browser goes next: the
   * return_url with Stripe's query (`payment_intent`, `payment_intent_client_secret`, `redirect_status`).
   */
  authorise(
    id: string,
    token: string | undefined,
    approve: boolean,
  ): { intent: PaymentIntent; redirect: string | null } {
    const pending = this.pendingAuthorisation(id, token);
    if (!pending)
      throw invalidRequest('This authorisation is no longer pending.', { code: 'payment_intent_unexpected_state' });
    const pi = this.intent(id);
    const pm = this.paymentMethod(pending.paymentMethod.id);
    const returnUrl = this.state.authorisations[id]?.return_url ?? null;
    delete this.state.authorisations[id];
    const result = approve
      ? this.succeed(pi, pm, null)
      : this.fail(pi, pm, pm.type === 'card' ? AUTHENTICATION_FAILED : BANK_NOT_AUTHORISED, false, null);
    let redirect: string | null = null;
    if (returnUrl) {
      const url = new URL(returnUrl);
      url.searchParams.set('payment_intent', pi.id);
      url.searchParams.set('payment_intent_client_secret', pi.client_secret);
      url.searchParams.set('redirect_status', approve ? 'succeeded' : 'failed');
      redirect = url.toString();
    }
    return { intent: result, redirect };
  }

  cancelPaymentIntent(id: string, p: Params, request: RequestInfo): PaymentIntent {
    p.allowOnly(['cancellation_reason', 'expand']);
    const pi = this.intent(id);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    pi.status = 'canceled';
    pi.canceled_at = now();
    pi.cancellation_reason =
      p.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ??
      null;
    pi.next_action = null;
    delete this.state.authorisations[pi.id];
    this.emit('payment_intent.canceled', pi, request);
    return clone(pi);
  }

  retrieveCharge(id: string): Charge {
    const charge = this.state.charges[id];
    if (!charge) throw resourceMissing('charge', id);
    return clone(charge);
  }

  // --- refunds ----------------------------------------------------------------------------------

  createRefund(p: Params, request: RequestInfo): Refund {
    p.allowOnly(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const piId = p.str('payment_intent');
    const chargeId = p.str('charge');
    let charge: Charge | undefined;
    if (piId) {
      const pi = this.intent(piId, 'payment_intent');
      charge = pi.status === 'succeeded' && pi.latest_charge ? this.state.charges[pi.latest_charge] : undefined;
      if (!charge)
        throw invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          param: 'payment_intent',
        });
    } else if (chargeId) {
      charge = this.state.charges[chargeId];
      if (!charge) throw resourceMissing('charge', chargeId, 'charge');
      if (charge.status !== 'succeeded')
        throw invalidRequest(`Charge ${chargeId} has not succeeded and cannot be refunded.`, {
          code: 'charge_not_refundable',
          param: 'charge',
        });
    } else {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      );
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0)
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = p.int('amount') ?? remaining;
    if (amount <= 0) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(remaining / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: p.metadata(),
      payment_intent: charge.payment_intent,
      reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      status: 'succeeded',
    };
    this.state.refunds[refund.id] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, request);
    this.emit('charge.refunded', charge, request, previous);
    return clone(refund);
  }

  retrieveRefund(id: string): Refund {
    const refund = this.state.refunds[id];
    if (!refund) throw resourceMissing('refund', id);
    return clone(refund);
  }

  // --- Connect ----------------------------------------------------------------------------------

  private account(id: string, param = 'account'): Account {
    const account = this.state.accounts[id];
    if (!account) throw resourceMissing('account', id, param);
    return account;
  }

  createAccount(p: Params): Account {
    p.allowOnly([
      'type',
      'country',
      'email',
      'capabilities',
      'business_type',
      'business_profile',
      'company',
      'external_account',
      'metadata',
      'default_currency',
      'expand',
    ]);
    const type = p.oneOf('type', ['express', 'custom', 'standard'] as const);
    const businessType = p.oneOf('business_type', [
      'company',
      'individual',
      'non_profit',
      'government_entity',
    ] as const);
    const company = p.hash('company');
    company?.allowOnly(['name', 'address', 'phone', 'tax_id', 'vat_id', 'registration_number']);
    const profile = p.hash('business_profile');
    profile?.allowOnly(['name', 'url', 'mcc', 'product_description', 'support_email']);
    if (!type) throw missingParam('type');
    const requested = p.hash('capabilities');
    const capabilities: Account['capabilities'] = {};
    for (const name of Object.keys(requested?.raw ?? {})) {
      const flag = requested?.hash(name);
      flag?.allowOnly(['requested']);
      if (flag?.bool('requested')) capabilities[name] = 'inactive';
    }
    const account: Account = {
      id: stripeId('acct', 16),
      object: 'account',
      type,
      country: (p.str('country') || 'AT').toUpperCase(),
      email: p.str('email') || null,
      business_type: businessType ?? null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities,
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        eventually_due: ['external_account'],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
      created: now(),
      default_currency: p.str('default_currency') || 'eur',
      metadata: p.metadata(),
      company: businessType === 'company' || company ? { name: company?.str('name') || null } : null,
      business_profile: { name: profile?.str('name') || null, url: profile?.str('url') || null },
      external_accounts: { object: 'list', data: [], has_more: false, url: '' },
    };
    account.external_accounts.url = `/v1/accounts/${account.id}/external_accounts`;
    const bank = this.bankAccount(p, account.id);
    if (bank) {
      account.external_accounts.data.push(bank);
      account.requirements.currently_due = account.requirements.currently_due.filter((r) => r !== 'external_account');
      account.requirements.eventually_due = account.requirements.eventually_due.filter((r) => r !== 'external_account');
    }
    this.state.accounts[account.id] = account;
    return clone(account);
  }

  /** `external_account` as a dictionary (`object: bank_account`, IBAN as `account_number`); tokens are not supported. */
  private bankAccount(p: Params, accountId: string): BankAccount | undefined {
    if (!p.has('external_account')) return undefined;
    if (typeof p.raw.external_account === 'string')
      throw invalidRequest('The local stand-in takes external_account as a bank_account dictionary, not a token.', {
        param: 'external_account',
      });
    const bank = p.hash('external_account');
    if (!bank) return undefined;
    bank.allowOnly([
      'object',
      'country',
      'currency',
      'account_holder_name',
      'account_holder_type',
      'routing_number',
      'account_number',
    ]);
    if (bank.requiredStr('object') !== 'bank_account')
      throw invalidRequest('Invalid external_account[object]: must be bank_account', {
        param: 'external_account[object]',
      });
    const number = bank.requiredStr('account_number').replace(/\s+/g, '').toUpperCase();
    const country = bank.requiredStr('country').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(number) || !number.startsWith(country))
      throw invalidRequest('The account number you provided is not a valid IBAN for its country.', {
        code: 'invalid_bank_account_iban',
        param: 'external_account[account_number]',
      });
    return {
      id: stripeId('ba'),
      object: 'bank_account',
      account: accountId,
      account_holder_name: bank.str('account_holder_name') || null,
      account_holder_type: bank.str('account_holder_type') || null,
      bank_name: null,
      country,
      currency: (bank.requiredStr('currency') || 'eur').toLowerCase(),
      default_for_currency: true,
      fingerprint: createHash('sha256').update(number).digest('hex').slice(0, 16),
      last4: number.slice(-4),
      routing_number: bank.str('routing_number') || null,
      status: 'new',
    };
  }

  retrieveAccount(id: string): Account {
    return clone(this.account(id, 'account'));
  }

  updateAccount(id: string, p: Params, request: RequestInfo): Account {
    p.allowOnly(['email', 'metadata', 'business_profile', 'expand']);
    const account = this.account(id, 'account');
    const previous: Json = {};
    if (p.has('email')) {
      previous.email = account.email;
      account.email = p.str('email') || null;
    }
    if (p.has('metadata')) {
      previous.metadata = account.metadata;
      account.metadata = p.metadata(account.metadata);
    }
    this.emit('account.updated', account, request, previous);
    return clone(account);
  }

  /** Verification finished or revoked (test API, onboarding page): what Stripe's review would change. */
  setAccountStatus(
    id: string,
    status: { charges_enabled?: boolean; payouts_enabled?: boolean; details_submitted?: boolean },
  ): Account {
    const account = this.account(id, 'account');
    const previous: Json = {
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: account.details_submitted,
      capabilities: { ...account.capabilities },
    };
    if (status.charges_enabled !== undefined) account.charges_enabled = status.charges_enabled;
    if (status.payouts_enabled !== undefined) account.payouts_enabled = status.payouts_enabled;
    if (status.details_submitted !== undefined) account.details_submitted = status.details_submitted;
    const active = account.payouts_enabled;
    if (!('transfers' in account.capabilities)) account.capabilities.transfers = 'inactive';
    account.capabilities.transfers = active ? 'active' : 'inactive';
    if ('card_payments' in account.capabilities)
      account.capabilities.card_payments = account.charges_enabled ? 'active' : 'inactive';
    account.requirements = active
      ? { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null }
      : {
          currently_due: ['external_account'],
          eventually_due: ['external_account'],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        };
    this.emit('account.updated', account, null, previous);
    return clone(account);
  }

  createAccountLink(p: Params): { object: 'account_link'; created: number; expires_at: number; url: string } {
    p.allowOnly(['account', 'refresh_url', 'return_url', 'type', 'collect', 'expand']);
    const account = this.account(p.requiredStr('account'), 'account');
    const type = p.oneOf('type', ['account_onboarding', 'account_update'] as const);
    if (!type) throw missingParam('type');
    const returnUrl = p.requiredStr('return_url');
    const refreshUrl = p.requiredStr('refresh_url');
    const token = randomBytes(16).toString('hex');
    const expiresAt = now() + 300;
    this.state.onboardings[token] = {
      token,
      account: account.id,
      return_url: returnUrl,
      refresh_url: refreshUrl,
      expires_at: expiresAt,
    };
    return {
      object: 'account_link',
      created: now(),
      expires_at: expiresAt,
      url: `${this.baseUrl}/__onboarding/${account.id}?token=${token}`,
    };
  }

  /** The onboarding link of `token`, unless used or expired (then the refresh_url applies). */
  onboarding(token: string | undefined): (PendingOnboarding & { expired: boolean }) | undefined {
    const pending = token ? this.state.onboardings[token] : undefined;
    return pending ? { ...pending, expired: pending.expires_at < now() } : undefined;
  }

  completeOnboarding(token: string): string {
    const pending = this.state.onboardings[token];
    if (!pending) throw invalidRequest('This onboarding link is no longer valid.');
    delete this.state.onboardings[token];
    if (pending.expires_at < now()) return pending.refresh_url;
    this.setAccountStatus(pending.account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    return pending.return_url;
  }

  createTransfer(p: Params, request: RequestInfo): Transfer {
    p.allowOnly([
      'amount',
      'currency',
      'destination',
      'transfer_group',
      'metadata',
      'description',
      'source_transaction',
      'expand',
    ]);
    const amount = p.requiredInt('amount');
    if (amount <= 0) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    const currency = this.currency(p);
    const destinationId = p.requiredStr('destination');
    const destination = this.state.accounts[destinationId];
    if (!destination)
      throw invalidRequest(`No such destination: '${destinationId}'`, {
        code: 'resource_missing',
        param: 'destination',
      });
    if (destination.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        {
          code: 'insufficient_capabilities_for_transfer',
          param: 'destination',
        },
      );
    }
    // An account without payouts enabled has no active `transfers` capability (setAccountStatus): refused above.
    const available = this.balance().available[0]!.amount;
    if (amount > available)
      throw invalidRequest(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        { code: 'balance_insufficient' },
      );
    const sourceTransaction = p.str('source_transaction') || null;
    if (sourceTransaction && !this.state.charges[sourceTransaction])
      throw resourceMissing('charge', sourceTransaction, 'source_transaction');
    const transfer: Transfer = {
      id: stripeId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      created: now(),
      currency,
      description: p.str('description') || null,
      destination: destination.id,
      destination_payment: stripeId('py'),
      livemode: false,
      metadata: p.metadata(),
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      source_transaction: sourceTransaction,
      transfer_group: p.str('transfer_group') || null,
    };
    transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
    this.state.transfers[transfer.id] = transfer;
    this.emit('transfer.created', transfer, request);
    return clone(transfer);
  }

  /** `POST /v1/transfers/{id}/reversals`: all or part of what is not reversed yet goes back to the platform. */
  reverseTransfer(id: string, p: Params, request: RequestInfo): TransferReversal {
    p.allowOnly(['amount', 'description', 'metadata', 'refund_application_fee', 'expand']);
    const transfer = this.state.transfers[id];
    if (!transfer) throw resourceMissing('transfer', id);
    const open = transfer.amount - transfer.amount_reversed;
    const amount = p.int('amount') ?? open;
    if (amount <= 0) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    if (amount > open)
      throw invalidRequest(
        `You have already reversed ${transfer.amount_reversed} of this transfer's ${transfer.amount}; you cannot reverse ${amount} more.`,
        { code: 'transfer_reversal_exceeds_transfer', param: 'amount' },
      );
    const reversal: TransferReversal = {
      id: stripeId('trr'),
      object: 'transfer_reversal',
      amount,
      created: now(),
      currency: transfer.currency,
      destination_payment_refund: stripeId('pyr'),
      metadata: p.metadata(),
      source_refund: null,
      transfer: transfer.id,
    };
    const previous: Json = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals ??= {
      object: 'list',
      data: [],
      has_more: false,
      total_count: 0,
      url: `/v1/transfers/${transfer.id}/reversals`,
    };
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    this.emit('transfer.reversed', transfer, request, previous);
    return clone(reversal);
  }

  /**
   * `GET /v1/balance`: what the platform holds, in euro — succeeded charges minus refunds minus
   * transfers plus their reversals, plus a test adjustment (`/__test/balance`). Stripe's fees and
   * the pending period are not modelled: all of it is `available`. A transfer larger than the
   * available amount is refused with `balance_insufficient` (400), as real Stripe does.
   */
  balance(): Balance {
    let amount = this.state.balanceAdjustment ?? 0;
    for (const charge of Object.values(this.state.charges)) {
      if (charge.status === 'succeeded') amount += charge.amount - charge.amount_refunded;
    }
    for (const transfer of Object.values(this.state.transfers)) amount -= transfer.amount - transfer.amount_reversed;
    return {
      object: 'balance',
      available: [{ amount, currency: 'eur', source_types: { card: amount } }],
      pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
      livemode: false,
    };
  }

  adjustBalance(cents: number): Balance {
    this.state.balanceAdjustment = (this.state.balanceAdjustment ?? 0) + cents;
    return this.balance();
  }

  retrieveTransfer(id: string): Transfer {
    const transfer = this.state.transfers[id];
    if (!transfer) throw resourceMissing('transfer', id);
    return clone(transfer);
  }

  listTransfers(p: Params): { data: Transfer[]; has_more: boolean } {
    p.allowOnly(['destination', 'transfer_group', 'limit', 'starting_after', 'created', 'expand']);
    const destination = p.str('destination');
    const group = p.str('transfer_group');
    const limit = Math.min(Math.max(p.int('limit') ?? 10, 1), 100);
    const all = Object.values(this.state.transfers)
      .filter((t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group))
      .sort((a, b) => b.created - a.created);
    return { data: clone(all.slice(0, limit)), has_more: all.length > limit };
  }

  // --- expansion --------------------------------------------------------------------------------

  /** `expand[]=latest_charge` etc.: replaces top-level ids the stand-in knows by their objects. */
  expand<T extends object>(object: T, paths: readonly string[] | undefined): T {
    if (!paths?.length) return object;
    const out = { ...object } as Record<string, unknown>;
    for (const path of paths) {
      const value = out[path];
      if (typeof value !== 'string') continue;
      const found = this.lookup(value);
      if (found) out[path] = clone(found);
    }
    return out as T;
  }

  private lookup(id: string): object | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    const tables: Record<string, Record<string, object>> = {
      pi: this.state.paymentIntents,
      pm: this.state.paymentMethods,
      cus: this.state.customers,
      ch: this.state.charges,
      re: this.state.refunds,
      acct: this.state.accounts,
      tr: this.state.transfers,
    };
    return tables[prefix]?.[id];
  }
}

function invalidPaymentMethodType(type: string, param: string): StripeApiError {
  return invalidRequest(
    `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use. The local stand-in supports: ${SUPPORTED_PAYMENT_METHOD_TYPES.join(', ')}.`,
    { code: 'payment_intent_invalid_parameter', param },
  );
}
