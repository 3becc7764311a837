import type { AdminVoucherListQuery } from '@gm/shared/catalogue-admin/contracts';

/**
 * Query keys of the admin catalogue screens. The admin tables keep their own copies (always asked
 * fresh), apart from the shop's category list; every save or delete invalidates the table it changed.
 */
export const catalogueAdminKeys = {
  all: ['catalogue-admin'] as const,
  categories: () => [...catalogueAdminKeys.all, 'categories'] as const,
  templates: () => [...catalogueAdminKeys.all, 'templates'] as const,
  vouchers: () => [...catalogueAdminKeys.all, 'vouchers'] as const,
  voucherPage: (query: AdminVoucherListQuery) => [...catalogueAdminKeys.vouchers(), query] as const,
};
