import * as z from 'zod/mini';

/**
 * Account deletion (issue 11; `DELETE user/{id}`, admin only). What is removed and what stays for the
 * 7-year retention (§132 BAO) is documented in docs/data-model.md §4.1 "Account deletion".
 */
export const ACCOUNT_DELETION_TEXT = {
  /** Answer of a (repeated) successful deletion. */
  deleted: 'Der Benutzer wurde gelöscht.',
  notFound: 'Benutzer nicht gefunden.',
  self: 'Du kannst dein eigenes Konto nicht löschen.',
  admin: 'Administratoren können nicht gelöscht werden.',
} as const;

/** How views show a buyer or seller whose account was deleted (the invoice keeps the printed name). */
export const DELETED_USER_NAME = 'Gelöschter Benutzer';

export const accountDeletionResponseSchema = z.object({ message: z.string() });
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;
