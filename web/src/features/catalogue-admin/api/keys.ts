import type { AdminVoucherListQuery } from '@gm/shared/catalogue-admin/contracts';

/**
 * Query keys of the admin catalogue screens (the category tables use the shop's category list,
 * entities/catalogue categoryKeys). Every save or delete invalidates the list it changed.
 */
export const catalogueAdminKeys = {
  all: ['catalogue-admin'] as const,
  templates: () => [...catalogueAdminKeys.all, 'templates'] as const,
  vouchers: () => [...catalogueAdminKeys.all, 'vouchers'] as const,
  voucherPage: (query: AdminVoucherListQuery) => [...catalogueAdminKeys.vouchers(), query] as const,
};
