/** Cuts text to `max` characters (code points, so emoji stay whole) and marks the cut with an ellipsis. */
export function cutText(text: string | null | undefined, max: number): string {
  const value = (text ?? '').trim();
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Seller name on cards (01 §9: 18 characters). */
export const SELLER_NAME_MAX = 18;
/** Card description (01 §9: 60 characters, 120 on some lists). */
export const CARD_DESCRIPTION_MAX = 60;
