import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { viennaDay } from '../dates/vienna-range.ts';
import { PROCESSING_FEES, feeBase } from '../orders/pricing.ts';
import { percentOf, type Cents } from '../money/money.ts';
import { channelSchema } from '../orders/contracts.ts';
import { intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Admin order management (03 §2 /manage-orders, §3 Order, §7 Orders / Reverse order / Wallets
 * pending, §8, §9 fee rules; issue 11). Money in integer cents.
 */
export const ADMIN_ORDER_TEXT = {
  reversed: 'Storniert',
  notReversed: 'Nicht storniert',
  reverse: 'Stornieren',
  confirmReverse:
    'Willst du diese Bestellung wirklich stornieren? Der bezahlte Betrag (bei teilweise eingelösten Gutscheinen nur der nicht eingelöste Rest) wird erstattet, die Gutscheine werden ungültig und der Käufer erhält eine Stornorechnung.',
  reversedDone: 'Die Bestellung wurde storniert.',
  alreadyReversed: 'Diese Bestellung wurde bereits storniert.',
  reversalRunning: 'Diese Bestellung wird gerade storniert. Bitte versuche es gleich noch einmal.',
  notCompleted: 'Nur abgeschlossene Bestellungen können storniert werden.',
  fullyRedeemed: 'Die Gutscheine dieser Bestellung wurden bereits vollständig eingelöst. Es gibt nichts zu stornieren.',
  giftInProgress: 'Das Geschenk dieser Bestellung wird gerade ausgestellt. Bitte versuche es gleich noch einmal.',
  /** The order's invoice still waits for its number (issue 15: numbered from the stream within seconds). */
  invoicePending: 'Die Rechnung dieser Bestellung wird gerade erstellt. Bitte versuche es gleich noch einmal.',
  /** A retry of a reversed order whose Stornorechnung mail was still owed (issue 11). */
  cancellationMailSent: 'Die Bestellung ist bereits storniert. Die Stornorechnung wurde jetzt an den Käufer gesendet.',
  cancellationMailFailed: 'Die Stornorechnung konnte nicht gesendet werden. Bitte versuche es später erneut.',
  resendCancellationMail: 'Stornorechnung senden',
  cancellationMailOwed: 'Noch nicht an den Käufer gesendet',
  cancellationMailDone: 'An den Käufer gesendet',
  refundRefused: (message: string) => `Die Rückerstattung wurde von Stripe abgelehnt: ${message}`,
  completedNotDeletable: 'Abgeschlossene Bestellungen können nicht gelöscht werden.',
  cartLineDeleted: 'Die Position wurde aus dem Warenkorb entfernt.',
  /** A keyword search whose bounded read stopped before the page was full (issue 15). */
  searchStoppedNone:
    'In den bisher durchsuchten Bestellungen gibt es keinen Treffer. Ältere Bestellungen wurden noch nicht durchsucht.',
  searchStoppedSome:
    'Die Suche hat hier angehalten, bevor die Seite voll war. Ältere Bestellungen wurden noch nicht durchsucht.',
  searchOlder: 'Ältere Bestellungen durchsuchen',
  /** The voucher status shown for a user voucher of a reversed order (wallet, scanner). */
  voided: 'storniert',
  /** A user voucher frozen by a running reversal (`reversing`). */
  voiding: 'wird storniert',
} as const;

/** Processing fees are shown only for orders created after this Vienna date (03 §9). */
export const PROCESSING_FEE_SINCE = '2023-04-10';

export type FeeOrder = {
  created_at: string;
  p_type?: 'stripe' | 'bank' | 'none' | null | undefined;
  voucher: { type: 'value' | 'quantity' | 'buyer' | string };
  total_value: Cents;
  total_amount: Cents;
  /** As frozen at the sale (pricing.ts commissionFor); absent on lines completed before it was stored. */
  processing_fee?: Cents | null | undefined;
};

/**
 * The processing fee of the admin order table (03 §9): null (not shown) for orders created on or
 * before 2023-04-10 (Vienna date) and for orders without a provider payment (direct sale, 0 €);
 * otherwise the fee frozen on the order at completion, or — for an order without a stored fee —
 * bank (sofort) 1.4 % + 0,25 € and card 1.5 % + 0,25 € of total_value (value vouchers) or
 * total_amount (quantity vouchers).
 */
export function adminProcessingFee(order: FeeOrder): Cents | null {
  if (viennaDay(new Date(order.created_at)) <= PROCESSING_FEE_SINCE) return null;
  if (!order.p_type || order.p_type === 'none') return null;
  if (typeof order.processing_fee === 'number') return order.processing_fee;
  const base = feeBase({
    voucher: { type: order.voucher.type as 'value' | 'quantity' },
    total_value: order.total_value,
    total_amount: order.total_amount,
  });
  if (base <= 0) return 0;
  const rule = PROCESSING_FEES[order.p_type === 'bank' ? 'bank' : 'card'];
  return percentOf(base, rule.percent) + rule.fixed;
}

/**
 * The refund of a reversal (issue 11 decision): the amount paid for the line (total_amount less its
 * coupon discount) times the unredeemed share of its vouchers (remaining over face: value vouchers by
 * value, product vouchers by units), rounded down to the cent so nothing redeemed is ever refunded.
 * A line whose vouchers were never issued (an unsent gift) counts as wholly unredeemed.
 */
export function reversalRefund(input: {
  paid: Cents;
  /** Face and remaining of each issued voucher, in the unit of the voucher type (cents or units). */
  vouchers: { face: number; remaining: number }[];
}): { refund: Cents; share: number } {
  const paid = Math.max(0, input.paid);
  if (input.vouchers.length === 0) return { refund: paid, share: 1 };
  const face = input.vouchers.reduce((sum, v) => sum + Math.max(0, v.face), 0);
  const remaining = input.vouchers.reduce((sum, v) => sum + Math.min(Math.max(0, v.remaining), Math.max(0, v.face)), 0);
  if (face <= 0) return { refund: paid, share: 1 };
  return { refund: Math.floor((paid * remaining) / face), share: remaining / face };
}

/** POST order/search as admin: keyword over order no., seller, buyer, voucher; 10 per page; cursor from next_page_url. */
export const adminOrderSearchRequestSchema = z.extend(pageQuerySchema(10), {
  keyword: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  status: z.nullable(z.optional(z.string())),
  cursor: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
  /** From next_page_url after a keyword search was cut short: the rows found before this page. */
  seen: z.nullable(z.optional(intParam(0, 10_000_000))),
});
export type AdminOrderSearchRequest = z.input<typeof adminOrderSearchRequestSchema>;

export const pTypeSchema = z.enum(['stripe', 'bank', 'none']);

/** One row of /manage-orders (03 §2 columns). */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  /** Completion time (the order date). */
  created_at: z.string(),
  order_no: z.nullable(z.string()),
  seller_id: z.string(),
  seller_name: z.string(),
  /** The buyer's full name, or the guest's name. */
  user_name: z.string(),
  voucher_title: z.string(),
  voucher_type: z.string(),
  /** Cents, as frozen on the order. */
  commission: z.nullable(z.number().check(z.int())),
  /** Cents: what was paid (total_amount less the coupon discount). */
  total_sales: z.number().check(z.int()),
  total_value: z.number().check(z.int()),
  total_amount: z.number().check(z.int()),
  discount: z.number().check(z.int()),
  channel: channelSchema,
  reversed: z.boolean(),
  p_type: z.nullable(pTypeSchema),
  /** Cents; null = not shown (before 2023-04-10, or no provider payment). */
  processing_fee: z.nullable(z.number().check(z.int())),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = pagedSchema(adminOrderRowSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** GET order/{id} (admin): the line, its payment, invoices and vouchers. */
export const adminOrderDetailsSchema = z.object({
  data: z.extend(adminOrderRowSchema, {
    status: z.enum(['pending', 'completed']),
    qty: z.number().check(z.int()),
    value: z.nullable(z.number().check(z.int())),
    is_gift: z.boolean(),
    subdomain: z.nullable(z.string()),
    buyer_email: z.nullable(z.string()),
    buyer_user_id: z.nullable(z.string()),
    invoice_no: z.nullable(z.string()),
    cancellation_invoice_no: z.nullable(z.string()),
    /** The Stornorechnung mail went out; false while it is owed (a failed send is retried by reverse-order). */
    cancellation_mail_sent: z.boolean(),
    reversed_at: z.nullable(z.string()),
    refund_id: z.nullable(z.string()),
    refunded_amount: z.nullable(z.number().check(z.int())),
    seller_invoice_id: z.nullable(z.string()),
    payment: z.nullable(
      z.object({
        id: z.string(),
        status: z.string(),
        payment_type: z.string(),
        amount: z.number().check(z.int()),
        amount_refunded: z.nullable(z.number().check(z.int())),
        coupon_code: z.nullable(z.string()),
        stripe_payment_intent_id: z.nullable(z.string()),
      }),
    ),
    vouchers: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        status: z.enum(['active', 'reversing', 'redeemed', 'reversed']),
        type: z.string(),
        qty: z.number().check(z.int()),
        remaining_qty: z.number().check(z.int()),
        value: z.nullable(z.number().check(z.int())),
        remaining_value: z.number().check(z.int()),
        valid_until: z.string(),
      }),
    ),
  }),
});
export type AdminOrderDetails = z.infer<typeof adminOrderDetailsSchema>['data'];

/** POST order/reverse-order (03 §7): `{id, reverse: true}`. */
export const reverseOrderRequestSchema = z.object({
  id: z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64)),
  reverse: z.literal(true, { error: MSG.required }),
});
export type ReverseOrderRequest = z.input<typeof reverseOrderRequestSchema>;

export const reverseOrderResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    id: z.string(),
    reversed: z.literal(true),
    refunded: z.number().check(z.int()),
    refund_id: z.nullable(z.string()),
    cancellation_invoice_no: z.string(),
  }),
});
export type ReverseOrderResponse = z.infer<typeof reverseOrderResponseSchema>;

/** GET wallets (03 §7 "Wallets pending"): a user's pending cart lines, admin only. */
export const walletsQuerySchema = z.object({
  user_id: z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64)),
  status: z._default(z.optional(z.literal('pending')), 'pending'),
});
