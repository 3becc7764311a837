/**
 * Roots of the query keys of a seller's own server data. Three features read and write it (the
 * voucher builder and list, the dashboard with its orders, the scanner with its redemptions), and a
 * feature never imports another: a write in one invalidates what it changes in the others through
 * these roots (a redemption changes the redemptions, the voucher's numbers and the dashboard).
 * The session is not part of the keys: a change of user resets the whole cache (lib/query-client.ts).
 */
export const sellerDataKeys = {
  /** GET order as a seller: the dashboard numbers and the orders table (with their redemptions). */
  orders: ['seller-orders'] as const,
  /** The seller's vouchers: the list, a voucher being edited, a voucher's statistics. */
  vouchers: ['seller-vouchers'] as const,
  /** GET redemption: the redemptions tables and one order's redemptions. */
  redemptions: ['redemptions'] as const,
};
