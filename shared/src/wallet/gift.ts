import * as z from 'zod/mini';
import { voucherCardSchema, voucherSchema } from '../catalogue/contracts.ts';
import { optionalAmount, orderLineSchema } from '../orders/contracts.ts';
import { booleanish, emailField, requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Gifts at purchase and the sellers' direct sale (01 §2 "Gift cart", §3 "Gift form", §4 "Gift types",
 * §5, §7 order/gift-voucher and user/user-filter; 02 §2 "Direct sale"). docs/data-model.md "Gift",
 * "Order" (direct sale) and §4.5 "Gift". Money in integer cents.
 */

export const GIFT_TYPES = ['email', 'wallet', 'pdf'] as const;
export const giftTypeSchema = z.enum(GIFT_TYPES);
export type GiftType = z.infer<typeof giftTypeSchema>;

/** How the recipient may redeem a value voucher: in several parts (default) or all at once. */
export const VOUCHER_USAGES = ['multiple', 'once'] as const;
export const voucherUsageSchema = z.enum(VOUCHER_USAGES);
export type VoucherUsage = z.infer<typeof voucherUsageSchema>;

export const GIFT_TEXT = {
  title: 'Gutschein verschenken',
  intro: 'Wähle, wie der Gutschein beschenkt werden soll.',
  typeLegend: 'Geschenkart',
  typeLabels: { email: 'Per E-Mail', wallet: 'In eine Wallet', pdf: 'Ausgedruckt' } satisfies Record<GiftType, string>,
  typeHints: {
    email:
      'Die E-Mail enthält den Gutschein als PDF und einen Link, mit dem die beschenkte Person ihn in ihre Wallet laden kann.',
    wallet: 'Der Gutschein landet direkt in der Wallet der gewählten Person.',
    pdf: 'Du bekommst den Gutschein als PDF zum Ausdrucken.',
  } satisfies Record<GiftType, string>,
  emailLabel: 'E-Mail der beschenkten Person',
  userLabel: 'Benutzer suchen',
  userPlaceholder: 'Benutzername eingeben',
  noUsers: 'Keine Benutzer gefunden.',
  priceHidden: 'Preis verstecken',
  expirationDate: 'Gültig bis',
  expirationHint: 'Leer lassen für die normale Gültigkeit des Gutscheins.',
  voucherUsage: 'Einlösung',
  usageLabels: { multiple: 'In mehreren Teilen einlösbar', once: 'Nur auf einmal einlösbar' } satisfies Record<
    VoucherUsage,
    string
  >,
  bulk: 'Einzeln verschenken: ein Gutschein pro Stück',
  submit: 'Bestellung abgeben',
  confirmTitle: 'Bestellung abgeben?',
  confirmText: 'Der Gutschein wird jetzt verschenkt. Das kann nicht rückgängig gemacht werden.',
  chooseType: 'Bitte wähle mindestens eine Geschenkart.',
  success: 'Der Gutschein wurde verschenkt.',
  pdfReady: 'Deine Gutscheine zum Ausdrucken:',
  pdfDownload: (n: number) => `Gutschein ${n} herunterladen (PDF)`,
  // Server messages.
  orderNotFound: 'Diese Bestellung wurde nicht gefunden.',
  notAGift: 'Diese Bestellung ist kein Geschenk.',
  notPaid: 'Diese Bestellung ist noch nicht bezahlt.',
  alreadyGifted: 'Dieser Gutschein wurde bereits verschenkt.',
  inProgress: 'Das Geschenk wird bereits bearbeitet.',
  recipientNotFound: 'Dieser Benutzer wurde nicht gefunden.',
  notYourself: 'Du kannst dir selbst nichts schenken.',
  expirationPast: 'Das Datum muss in der Zukunft liegen.',
  expirationTooLate: (until: string) => `Der Gutschein ist höchstens bis ${until} gültig.`,
  reversed: 'Diese Bestellung wurde storniert.',
  // The confirmation mail of a paid gift (no voucher is issued before the gift form).
  mailSubject: 'Ein Gutschein für dich',
  // Direct sale (02 §2).
  directSaleTitle: 'Direktverkauf',
  directSaleIntro: 'Verkaufe deine Gutscheine direkt und provisionsfrei an deine Kundschaft.',
  directSaleLabel: 'Direktverkauf',
  directSaleAdd: 'Verschenken',
  directSaleNotOwn: 'Du kannst nur eigene Gutscheine direkt verkaufen.',
  giftLockedTitle: 'Direktverkauf gesperrt',
  giftLockedText:
    'Der Direktverkauf ist für dein Konto noch nicht freigeschaltet. Melde dich bei uns, um mehr zu erfahren.',
  learnMore: 'Mehr erfahren',
  giftLocked: 'Der Direktverkauf ist für dieses Konto gesperrt.',
} as const;

/** The external contact page of the gift-locked dialog (02 §2 "learn more"). */
export const GIFT_LEARN_MORE_URL = 'https://www.gutscheinmarkt.at/kontakt';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate }));

/**
 * POST order/gift-voucher (01 §3 "Gift form"; field names as the spec's call). `giftType` is the list
 * of chosen types: wallet alone, or email and/or pdf (01 §4). Requires an `Idempotency-Key` header.
 */
export const giftVoucherRequestSchema = z.pipe(
  z
    .object({
      order_id: requiredString(64),
      giftType: z.array(giftTypeSchema, { error: GIFT_TEXT.chooseType }).check(z.maxLength(3)),
      user_id: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
      email: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(254)))),
      priceHidden: z._default(z.optional(booleanish()), false),
      expirationDate: z.union([
        z.nullable(z.optional(isoDate)),
        z.pipe(
          z.literal(''),
          z.transform(() => null),
        ),
      ]),
      voucherUsage: z._default(z.optional(voucherUsageSchema), 'multiple'),
      isBulk: z._default(z.optional(booleanish()), false),
    })
    .check(
      z.superRefine((form, ctx) => {
        const types = new Set(form.giftType);
        if (types.size === 0) ctx.addIssue({ code: 'custom', path: ['giftType'], message: GIFT_TEXT.chooseType });
        if (types.has('wallet') && types.size > 1)
          ctx.addIssue({
            code: 'custom',
            path: ['giftType'],
            message: 'Eine Geschenkart „In eine Wallet“ schließt E-Mail und PDF aus.',
          });
        if (types.has('email')) {
          const parsed = emailField().safeParse(form.email ?? '');
          if (!parsed.success)
            ctx.addIssue({ code: 'custom', path: ['email'], message: parsed.error.issues[0]?.message ?? MSG.email });
        }
        if (types.has('wallet') && !form.user_id)
          ctx.addIssue({ code: 'custom', path: ['user_id'], message: MSG.required });
      }),
    ),
  z.transform((form) => ({
    ...form,
    giftType: [...new Set(form.giftType)].sort() as GiftType[],
    email: form.giftType.includes('email') ? (form.email ?? '').trim().toLowerCase() : null,
    user_id: form.giftType.includes('wallet') ? (form.user_id ?? null) : null,
  })),
);
export type GiftVoucherRequest = z.input<typeof giftVoucherRequestSchema>;
export type GiftVoucherInput = z.output<typeof giftVoucherRequestSchema>;

/** One gifted unit as the giver sees it: no code (a wallet gift belongs to someone else now). */
export const giftedVoucherSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  voucher: voucherCardSchema,
  type: voucherCardSchema.shape.type,
  qty: z.number().check(z.int()),
  value: z.nullable(z.number().check(z.int())),
  remaining_value: z.number().check(z.int()),
  valid_until: z.string(),
  price_hidden: z.boolean(),
  voucher_usage: voucherUsageSchema,
});
export type GiftedVoucher = z.infer<typeof giftedVoucherSchema>;

/** The spec's answer: `user_voucher`, a list when bulk. */
export const giftVoucherAnswerSchema = z.object({
  message: z.string(),
  user_voucher: z.union([giftedVoucherSchema, z.array(giftedVoucherSchema)]),
});
export type GiftVoucherAnswer = z.infer<typeof giftVoucherAnswerSchema>;

/** The stored gift options (`ORDER#…/GIFT`), as the gift page shows them once given. */
export const giftViewSchema = z.object({
  gift_types: z.array(giftTypeSchema),
  email: z.nullable(z.string()),
  recipient_username: z.nullable(z.string()),
  price_hidden: z.boolean(),
  expiration_date: z.nullable(z.string()),
  voucher_usage: voucherUsageSchema,
  is_bulk: z.boolean(),
  user_voucher_ids: z.array(z.string()),
  state: z.enum(['issuing', 'done']),
  delivered_at: z.nullable(z.string()),
});
export type GiftView = z.infer<typeof giftViewSchema>;

/** GET order/gift-voucher/{orderId}: the line for the gift page, its gift if given, and the latest allowed date. */
export const giftOrderAnswerSchema = z.object({
  data: z.object({
    order: orderLineSchema,
    gift: z.nullable(giftViewSchema),
    /** yyyy-mm-dd: the voucher's normal validity (the latest `expirationDate`). */
    valid_until: z.string(),
    /** Direct sale (staff, not yet completed) or a paid gift line of the buyer without a gift yet. */
    can_gift: z.boolean(),
  }),
});
export type GiftOrderAnswer = z.infer<typeof giftOrderAnswerSchema>['data'];

/** POST order/download-gift-voucher: the PDF of one gifted unit ('Ausgedruckt'), for the giver. */
export const downloadGiftVoucherRequestSchema = z.object({ order_id: requiredString(64), id: requiredString(64) });

/** GET user/user-filter (01 §7): buyers (role user) whose username starts with the keyword. */
export const userFilterQuerySchema = z.object({
  keyword: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  role: z._default(z.optional(z.literal('user', { error: 'Nur die Rolle user kann gesucht werden.' })), 'user'),
});
export const userFilterEntrySchema = z.object({ id: z.string(), username: z.string() });
export type UserFilterEntry = z.infer<typeof userFilterEntrySchema>;
export const userFilterAnswerSchema = z.object({ data: z.array(userFilterEntrySchema) });

/** The spec's debounce of the user search (01 §7). */
export const USER_FILTER_DEBOUNCE_MS = 350;

/** GET voucher/direct-sale: the vouchers the caller may sell directly (own, or the scanner's seller's). */
export const directSaleAnswerSchema = z.object({
  /** Whole vouchers (the seller's own): the amount picker needs their limits. */
  data: z.array(voucherSchema),
  /** Gift-locked accounts (or a scanner of a gift-locked seller) get the 'learn more' dialog. */
  gift_locked: z.boolean(),
});
export type DirectSaleAnswer = z.infer<typeof directSaleAnswerSchema>;

/** POST order/direct-sale: puts a direct-sale line (channel direktverkauf, gift) into the staff user's cart. */
export const directSaleRequestSchema = z.object({
  voucher_id: requiredString(64),
  qty: optionalAmount(),
  value: optionalAmount(),
});
export type DirectSaleRequest = z.input<typeof directSaleRequestSchema>;
