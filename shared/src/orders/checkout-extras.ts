import { pageQuerySchema } from '../api/paged.ts';
import * as z from 'zod/mini';
import { MSG } from '../validation/messages.ts';
import { guestSchema, orderStatusSchema } from './contracts.ts';
import { websiteFieldsSchema } from '../tenant/website-configuration.ts';

/**
 * Saved cards, the payment intent of the Payment Element, the payout status and the admin's sales
 * pause switch (01 §7 `user-stripe`, `user/stipe-status`, `order/payment/paymentintent`; issue 4).
 */
export const SAVED_CARD_TEXT = {
  saved: 'Die Karte wurde gespeichert.',
  removed: 'Die gespeicherte Karte wurde entfernt.',
  noSavedCard: 'Es ist keine Karte gespeichert. Bitte gib deine Karte ein.',
  replacedMeanwhile: 'Die gespeicherte Karte wurde inzwischen geändert. Bitte lade die Seite neu.',
  cardOnly: 'Nur Karten können gespeichert werden.',
  /** Stripe's minimum charge is 0,50 €; a total of 0 € completes without a card payment. */
  belowMinimum:
    'Der Mindestbetrag für eine Kartenzahlung ist 0,50 €. Bitte füge einen weiteren Gutschein hinzu oder entferne den Gutscheincode.',
  /** Above Stripe's largest charge (issue 14). */
  aboveMaximum:
    'Der Höchstbetrag einer Zahlung ist 999.999,99 €. Bitte verteile die Gutscheine auf mehrere Bestellungen.',
} as const;

/** Stripe's smallest euro charge, in cents. */
export const STRIPE_MIN_CHARGE = 50;
/** Stripe's largest charge (eight digits of cents), in cents: 999.999,99 €. */
export const STRIPE_MAX_CHARGE = 99_999_999;

/**
 * POST user-stripe: `is_save` true stores the card given as `source` (or `token`: a PaymentMethod id
 * made by Stripe.js or the local card form) as the buyer's one saved card; false removes it.
 */
export const saveCardRequestSchema = z
  .object({
    is_save: z.boolean({ error: MSG.required }),
    token: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
    source: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.is_save && !form.source && !form.token)
        ctx.addIssue({ code: 'custom', path: ['source'], message: MSG.required });
    }),
  );
export type SaveCardRequest = z.input<typeof saveCardRequestSchema>;

export const savedCardSchema = z.object({
  /** The PaymentMethod id: sent back as `saved_card` when paying with it. */
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().check(z.int()),
  exp_year: z.number().check(z.int()),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET user-stripe and POST user-stripe → the buyer's saved card (the spec's `stripe {is_save}` plus the card). */
export const savedCardResponseSchema = z.object({
  data: z.object({ is_save: z.boolean(), card: z.nullable(savedCardSchema) }),
  message: z.optional(z.string()),
});
export type SavedCardResponse = z.infer<typeof savedCardResponseSchema>;

/** GET user/stipe-status → whether the seller's Stripe Connect account may receive payouts. */
export const stripeStatusResponseSchema = z.object({ isPayoutEnabled: z.boolean() });

/**
 * POST order/payment/paymentintent: `amount` is what the client shows; the server prices the cart
 * itself and answers its own amount (a differing client amount is only reported, never charged).
 */
export const paymentIntentRequestSchema = z.object({
  amount: z.nullable(z.optional(z.number().check(z.int()))),
  coupon: z.nullable(z.optional(z.string().check(z.maxLength(64)))),
  is_save: z.optional(z.boolean()),
  guest: z.optional(guestSchema),
});
export type PaymentIntentRequest = z.input<typeof paymentIntentRequestSchema>;

export const paymentIntentResponseSchema = z.object({
  data: z.object({
    payment_id: z.string(),
    client_secret: z.string(),
    /** Cents, priced by the server. */
    amount: z.number().check(z.int()),
    /** True when the client's amount differed from the server's. */
    amount_changed: z.boolean(),
  }),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** PUT app-status (admin): the sales pause switch. */
export const setSalesPauseRequestSchema = z.object({ sales_paused: z.boolean({ error: MSG.required }) });

/**
 * POST order/search (01 §7): the caller's own cart (pending) or orders (completed), optionally only
 * one tenant shop's lines (`subdomain`; on a tenant host the host's tenant), one order or a keyword
 * (voucher title, seller, order number). 9 per page.
 */
export const orderSearchRequestSchema = z.extend(pageQuerySchema(9), {
  status: z._default(orderStatusSchema, 'pending'),
  subdomain: z.nullable(z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(63)))),
  order_id: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
  keyword: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
});
export type OrderSearchRequest = z.input<typeof orderSearchRequestSchema>;

/** GET user/company/name?subdomain= (03 §7 "Company by subdomain"): the tenant shop's seller and company. */
export const tenantShopQuerySchema = z.object({
  subdomain: z
    .string()
    .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: MSG.required }), z.maxLength(63, { error: MSG.max(63) })),
});
export const tenantShopResponseSchema = z.object({
  data: z.object({
    seller_id: z.string(),
    username: z.string(),
    subdomain: z.string(),
    /** The tenant uses its own login and register page (/auth); its guests go straight to /payment. */
    is_custom_auth: z.boolean(),
    /** Issue 13: the shop belongs to a tourism account (03 §9): Code field at registration, /wallet redirects. */
    is_tourism: z._default(z.boolean(), false),
    /** The company's name and its voucher website (logos, colours, titles, texts, icons, imprint link; issue 13). */
    company: z.nullable(z.extend(websiteFieldsSchema, { name: z.string() })),
  }),
});
export type TenantShop = z.infer<typeof tenantShopResponseSchema>['data'];
export const TENANT_SHOP_NOT_FOUND = 'Diesen Shop gibt es nicht.';
