/**
 * The guest cart's header (01 §3): a random UUID the web keeps in localStorage. A module of its own (no zod),
 * so the web's first load does not carry the order contracts (issue 15); orders/contracts.ts re-exports it.
 */
export const CART_ID_HEADER = 'x-cart-id';
