import * as z from 'zod/mini';
import { MSG } from '@gm/shared/validation/messages';
import {
  giftTypeSchema,
  giftVoucherRequestSchema,
  userFilterEntrySchema,
  voucherUsageSchema,
  type GiftType,
  type GiftVoucherRequest,
} from '@gm/shared/wallet/gift';

/** Wallet excludes e-mail and PDF, and e-mail or PDF exclude wallet (01 §4 "Gift types"). */
export function toggleGiftType(chosen: readonly GiftType[], type: GiftType, on: boolean): GiftType[] {
  if (!on) return chosen.filter((t) => t !== type);
  if (type === 'wallet') return ['wallet'];
  return [...chosen.filter((t) => t !== 'wallet' && t !== type), type];
}

export function isGiftTypeDisabled(chosen: readonly GiftType[], type: GiftType): boolean {
  return type === 'wallet' ? chosen.some((t) => t !== 'wallet') : chosen.includes('wallet');
}

/** What the gift form knows besides its fields: the line, its quantity, the latest date and today (Vienna). */
export type GiftFormContext = { orderId: string; qty: number; validUntil: string; today: string };

/**
 * The gift form's fields: the contract's, except that the chosen buyer is kept whole (the picker shows
 * the username) and an empty date is ''.
 */
const giftFormFields = z.object({
  giftType: z.array(giftTypeSchema),
  email: z.string(),
  user_id: z.nullable(userFilterEntrySchema),
  priceHidden: z.boolean(),
  expirationDate: z.string(),
  voucherUsage: voucherUsageSchema,
  isBulk: z.boolean(),
});
export type GiftFormValues = z.input<typeof giftFormFields>;

export const emptyGiftForm = (): GiftFormValues => ({
  giftType: [],
  email: '',
  user_id: null,
  priceHidden: false,
  expirationDate: '',
  voucherUsage: 'multiple',
  isBulk: true,
});

/** The POST order/gift-voucher body of the form's values; fields of types not chosen are sent as null. */
export function toGiftRequest(values: GiftFormValues, context: GiftFormContext): GiftVoucherRequest {
  const types = values.giftType;
  return {
    order_id: context.orderId,
    giftType: types,
    user_id: types.includes('wallet') ? (values.user_id?.id ?? null) : null,
    email: types.includes('email') ? values.email.trim() : null,
    priceHidden: values.priceHidden,
    expirationDate: values.expirationDate || null,
    voucherUsage: values.voucherUsage,
    isBulk: context.qty > 1 && values.isBulk,
  };
}

/**
 * The gift form's resolver: the shared contract decides (a type chosen, the address for e-mail, the
 * buyer for a wallet gift; its messages on the same fields), plus the date the picker allows: from
 * today (Vienna) to the voucher's normal validity. Submit receives the request body.
 */
export function giftFormSchema(context: GiftFormContext) {
  return z.pipe(
    giftFormFields.check(
      z.superRefine((values, ctx) => {
        const contract = giftVoucherRequestSchema.safeParse(toGiftRequest(values, context));
        if (!contract.success)
          for (const issue of contract.error.issues)
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        const date = values.expirationDate;
        if (date && (date < context.today || date > context.validUntil))
          ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: MSG.invalidDate });
      }),
    ),
    z.transform((values) => toGiftRequest(values, context)),
  );
}
