import type { RoleName } from '@gm/shared/auth/roles';

/** Route paths used across the app; the router and links both read them from here. */
export const paths = {
  home: '/home',
  login: '/login',
  register: '/register',
  registerBuyer: '/register/buyer',
  registerSeller: '/register/seller',
  registerPartner: '/register/seller?registrationType=partner',
  /** Profile tab 2 is the seller's verification documents (02 §2 dashboard banner). */
  profileVerification: '/profile-info?currentTab=2',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/forgot-password/${encodeURIComponent(token)}`,
  notAllowed: '/error/not-allowed',
  voucher: (id: string) => `/vouchers/${encodeURIComponent(id)}`,
  category: (slug: string) => `/vouchers/category/${encodeURIComponent(slug)}`,
  search: (params: { keyword?: string; region?: string } = {}) => {
    const query = new URLSearchParams();
    query.set('keyword', params.keyword ?? '');
    query.set('region', params.region ?? '');
    return `/vouchers/search?${query.toString()}`;
  },
  searchPage: '/vouchers/search',
  seller: (id: string) => `/seller/${encodeURIComponent(id)}`,
  campaign: (slug: 'ostern' | 'liebe' | 'muttertag' | 'vatertag') => `/${slug}`,
  embed: (voucherIds: readonly string[]) => `/wp?vouchers=${voucherIds.map(encodeURIComponent).join(',')}`,
  sellerVouchers: '/vouchers',
  newVoucher: '/vouchers/new',
  updateVoucher: (id: string) => `/vouchers/update/${encodeURIComponent(id)}`,
  voucherStatistic: (id: string) => `/vouchers/statistic/${encodeURIComponent(id)}`,
  guestWallet: '/guest-wallet',
  wallet: '/wallet',
  wishList: '/wish-list',
  adminCategories: '/category',
  adminSubcategories: '/sub-category',
  adminTemplates: '/template',
  adminFeaturedVouchers: '/featured-vouchers',
  cart: '/cart',
  /** Back from a redirect payment (3-D Secure, bank): the cart polls that payment. */
  cartPayment: (paymentId: string) => `/cart?payment=${encodeURIComponent(paymentId)}`,
  cartPaymentFailed: '/cart?status=failed',
  payment: '/payment',
  thankYou: '/thank-you',
  orders: '/orders',
  impressum: '/impressum',
  datenschutz: '/datenschutz',
  agb: '/agb',
} as const;

/**
 * Where a fresh login lands. The spec sends buyers to /wallet (01 §4); the wallet arrives in a later
 * issue, so buyers go home until then — change it here only.
 */
export function pathAfterLogin(role: RoleName): string {
  switch (role) {
    case 'user':
      return paths.home;
    default:
      return paths.home;
  }
}

/**
 * Where a completed payment lands (01 §4 "Checkout"): guests on /thank-you; buyers on /wallet per the
 * spec — the wallet arrives in a later issue, so home until then (change it here only).
 */
export function pathAfterPayment(guest: boolean): string {
  return guest ? paths.thankYou : paths.home;
}
