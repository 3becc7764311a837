/**
 * Spec 01 §8: the wishlist toasts, shown for 2.5 s (01 §9). A module of its own (no zod) for the web's first
 * load (issue 15); wishlist/contracts.ts re-exports it.
 */
export const WISHLIST_TEXT = {
  added: 'Gutschein zur Wunschliste hinzugefügt.',
  removed: 'Gutschein von der Wunschliste entfernt.',
} as const;
export const WISHLIST_TOAST_MS = 2500;
