import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { voucherCardSchema } from '../catalogue/contracts.ts';
import { emailField, requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { ORDER_TEXT } from './order-text.ts';

/**
 * Cart, checkout and orders (01 §3, §7; 03 §9). Money in integer cents. Guests identify their cart
 * with the `x-cart-id` header (a random UUID the web keeps in localStorage).
 */
export { CART_ID_HEADER } from './cart-header.ts';

export { ORDER_TEXT };

/** A line's optional quantity or value in cents: a whole number of at least 1 (product vs value voucher). */
export const optionalAmount = () =>
  z.nullable(
    z.optional(
      z.coerce
        .number({ error: MSG.required })
        .check(z.int({ error: MSG.integer }), z.gte(1, { error: MSG.minValue(1) })),
    ),
  );

/** POST order: one cart line. qty for product vouchers, value (cents) for value vouchers; totals come from the server. */
export const addToCartRequestSchema = z.object({
  voucher_id: requiredString(64),
  qty: optionalAmount(),
  value: optionalAmount(),
  is_gift: z.optional(z.boolean()),
  isSubdomain: z.optional(z.boolean()),
  subdomain: z.nullable(z.optional(z.string().check(z.maxLength(63)))),
});
export type AddToCartRequest = z.input<typeof addToCartRequestSchema>;

/** PATCH order/{id}: change the amount of a pending line. */
export const updateCartLineRequestSchema = z.object({
  qty: optionalAmount(),
  value: optionalAmount(),
});

export const channelSchema = z.enum(['marketplace', 'subdomain', 'direktverkauf']);
export const orderStatusSchema = z.enum(['pending', 'completed']);

/** A cart line / order entry as the API answers it (01 §3 "Cart line / order entry"). */
export const orderLineSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  voucher_id: z.string(),
  voucher: voucherCardSchema,
  seller_id: z.string(),
  qty: z.number().check(z.int()),
  /** Value vouchers: the chosen value per unit, in cents; null for product vouchers. */
  value: z.nullable(z.number().check(z.int())),
  total_qty: z.number().check(z.int()),
  /** Cents: what this line costs (qty × unit price, or value × qty). */
  total_amount: z.number().check(z.int()),
  total_value: z.number().check(z.int()),
  channel: channelSchema,
  subdomain: z.nullable(z.string()),
  is_gift: z.boolean(),
  order_no: z.nullable(z.string()),
  invoice_no: z.nullable(z.string()),
  reversed: z.boolean(),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderLineResponseSchema = z.object({ data: orderLineSchema, message: z.optional(z.string()) });
export const orderListSchema = pagedSchema(orderLineSchema);
export const cartTotalSchema = z.object({ total: z.number().check(z.int()) });

/** POST check-coupon: the spec's answer shape, a list of coupon entries. */
export const checkCouponRequestSchema = z.object({
  coupon: z.pipe(
    requiredString(64),
    z.transform((c) => c.toUpperCase()),
  ),
});
export const couponEntrySchema = z.object({
  active: z.boolean(),
  expires_at: z.nullable(z.string()),
  coupon: z.object({
    id: z.string(),
    percent_off: z.nullable(z.number()),
    amount_off: z.nullable(z.number().check(z.int())),
    metadata: z.object({ limit: z.nullable(z.number().check(z.int())) }),
  }),
});
export const checkCouponResponseSchema = z.object({ data: z.array(couponEntrySchema) });

/** Bank transfer countries (01 §9) and the redirect method that serves each (Klarna for DE, IT, ES: docs/decisions/payments.md). */
export const BANK_COUNTRIES = [
  { code: 'AT', label: 'Österreich', method: 'EPS' },
  { code: 'DE', label: 'Deutschland', method: 'Klarna' },
  { code: 'IT', label: 'Italien', method: 'Klarna' },
  { code: 'NL', label: 'Niederlanden', method: 'iDEAL' },
  { code: 'BE', label: 'Belgien', method: 'Bancontact' },
  { code: 'ES', label: 'Spanien', method: 'Klarna' },
] as const;

export const guestSchema = z.object({
  email: emailField(),
  first_name: requiredString(100),
  last_name: requiredString(100),
});

/**
 * POST order/payment (buyer) and order/guest/payment (guest, card only). The server prices the cart
 * itself; `payment_method` is a Stripe PaymentMethod id (the local test-card form or Stripe.js made it).
 */
export const paymentRequestSchema = z
  .object({
    payment_type: z.enum(['card', 'bank'], { error: ORDER_TEXT.selectPaymentMethod }),
    payment_method: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
    saved_card: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
    is_save: z.optional(z.boolean()),
    country: z.nullable(z.optional(z.enum(['AT', 'DE', 'IT', 'NL', 'BE', 'ES'], { error: MSG.required }))),
    coupon: z.nullable(z.optional(z.string().check(z.maxLength(64)))),
    return_url: z.optional(z.url()),
    guest: z.optional(guestSchema),
  })
  .check(
    z.superRefine((form, ctx) => {
      // A card (new or saved) is checked by the server once it has priced the cart: a total of 0 € needs none.
      if (form.payment_type === 'bank' && !form.country)
        ctx.addIssue({ code: 'custom', path: ['country'], message: MSG.required });
    }),
  );
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const paymentStatusSchema = z.enum(['processing', 'requires_action', 'succeeded', 'failed', 'canceled']);

export const paymentResponseSchema = z.object({
  data: z.object({
    payment_id: z.string(),
    status: paymentStatusSchema,
    /** Redirect payments (3-D Secure, bank): where the browser goes next. */
    url: z.nullable(z.string()),
    amount: z.number().check(z.int()),
    /** True once the webhook completed the orders and issued the vouchers. */
    completed: z.boolean(),
    order_ids: z.array(z.string()),
  }),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** Guests: the x-cart-id header must be a UUID (the web makes it with crypto.randomUUID()). */
export const cartIdSchema = z.uuid({ error: 'Ungültige Warenkorb-ID.' });

/** GET order?status=pending|completed&page&paginate (01 §7; 9 per page). */
export const orderListQuerySchema = z.extend(pageQuerySchema(9), {
  status: z._default(orderStatusSchema, 'pending'),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** DELETE order/{id} → { message }. */
export const removeCartLineResponseSchema = z.object({ message: z.string() });

/** GET app-status (public). */
export const salesPauseResponseSchema = z.object({ sales_paused: z.boolean() });

/** POST order/download-invoice (01 §7) → the invoice PDF (`Rechnung-<invoice_no>.pdf`). */
export const downloadInvoiceRequestSchema = z.object({ order_id: requiredString(64), invoice_no: requiredString(32) });
export type DownloadInvoiceRequest = z.input<typeof downloadInvoiceRequestSchema>;
