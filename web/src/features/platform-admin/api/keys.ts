/** Query keys of the admin platform screens (settings, subdomains, expired vouchers, home counts). */
export const platformAdminKeys = {
  all: ['platform-admin'] as const,
  globalSettings: () => [...platformAdminKeys.all, 'global-settings'] as const,
  userSettings: (userId: string) => [...platformAdminKeys.all, 'user-settings', userId] as const,
  subdomains: () => [...platformAdminKeys.all, 'subdomains'] as const,
  subdomainPage: (query: { page: number; search: string }) =>
    [...platformAdminKeys.subdomains(), 'with', query] as const,
  sellersWithout: (keyword: string) => [...platformAdminKeys.subdomains(), 'without', keyword] as const,
  expired: () => [...platformAdminKeys.all, 'expired'] as const,
  expiredPage: (page: number, cursor: string | undefined) =>
    [...platformAdminKeys.expired(), { page, cursor }] as const,
  overview: () => [...platformAdminKeys.all, 'overview'] as const,
};
