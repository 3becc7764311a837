import * as z from 'zod/mini';
import { voucherCardSchema } from '../catalogue/contracts.ts';
import { MSG } from '../validation/messages.ts';

export { WISHLIST_TEXT, WISHLIST_TOAST_MS } from './wishlist-text.ts';

const idField = () =>
  z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64, { error: MSG.max(64) }));

/** POST user-voucher-wishlist (01 §7): the caller's own id and the voucher. */
export const wishlistAddRequestSchema = z.object({ user_id: idField(), voucher_id: idField() });
export type WishlistAddRequest = z.input<typeof wishlistAddRequestSchema>;

/** A wishlist entry; its `id` is the voucher id, so removing is `DELETE user-voucher-wishlist/{voucherId}`. */
export const wishlistEntrySchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  voucher: voucherCardSchema,
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const wishlistListSchema = z.object({ data: z.array(wishlistEntrySchema) });
export const wishlistRemovedSchema = z.object({ message: z.string(), id: z.string() });
