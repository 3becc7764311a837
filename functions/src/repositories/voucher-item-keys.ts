/**
 * The keys of one voucher's own items (data-model "Voucher", "CatalogueEntry", "VoucherStats"), apart from
 * the repository so the stats aggregator can name them without bundling the voucher repository.
 */
export const voucherItemKeys = {
  voucher: (id: string) => ({ PK: `VOUCHER#${id}`, SK: 'VOUCHER' }),
  /** Compact read model for public lists and search, kept in the same transaction as the voucher. */
  catalogue: (id: string) => ({ PK: 'CATALOGUE', SK: `VOUCHER#${id}` }),
  /** Sales and redemption numbers, added up by the stats aggregator from the table's stream (issue 15). */
  stats: (id: string) => ({ PK: `VOUCHER#${id}`, SK: 'STATS' }),
};
