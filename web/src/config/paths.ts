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
  /** Profile tabs (01 §2, 02 §2; issues 5/6). */
  profileInfo: '/profile-info',
  profileSettings: '/profile-settings',
  profilePayment: '/profile-payment',
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
  /** Wallet voucher detail and guest retrieval (issue 5 wallet). */
  walletVoucher: (userVoucherId: string) => `/voucher/${encodeURIComponent(userVoucherId)}`,
  guestRetrieval: '/gast-bestellung/abrufen',
  /** An employee voucher in the employee wallet (issue 13, 01 §1). */
  employeeWalletVoucher: (username: string, id: string) =>
    `/wallet/voucher/${encodeURIComponent(username)}/${encodeURIComponent(id)}`,
  /** The tourism account's employee vouchers (issue 13, 03 §2). */
  tourismEmployeeVouchers: '/tourism/employee-vouchers',
  /** The public balance check (issue 13); `?code=` prefills and checks (links in the voucher PDF and mails). */
  balanceCheck: '/guthaben',
  /** What a voucher's QR code encodes: `<APP_URL>/qr/<code>` (docs/decisions/wallet.md "The QR URL opened in a browser"). */
  qr: (code: string) => `/qr/${encodeURIComponent(code)}`,
  /** Share link, send by e-mail, receiving a share link (issue 5 transfer; ?type=buyer for buyer-designed vouchers). */
  shareVoucher: (userVoucherId: string) => `/vouchers/transfer/${encodeURIComponent(userVoucherId)}`,
  sendVoucher: (userVoucherId: string) => `/vouchers/send/${encodeURIComponent(userVoucherId)}`,
  shareLink: (code: string) => `/ein-liebevolles-geschenk/${encodeURIComponent(code)}`,
  buyerShareLink: (code: string) => `/buyer-voucher/transfer/${encodeURIComponent(code)}`,
  /** Login that comes back to `path` afterwards (share links). */
  loginReturningTo: (path: string) => `/login?next=${encodeURIComponent(path)}`,
  /** Personalise (issue 5): a bought voucher, the buyer-designed list, designer and its personalise page. */
  personaliseVoucher: (userVoucherId: string) => `/vouchers/personalized/${encodeURIComponent(userVoucherId)}`,
  walletBuyerVouchers: '/wallet/vouchers',
  buyerVoucher: (id: string) => `/buyer/voucher/${encodeURIComponent(id)}`,
  /** The designer for a fresh id: `?new=1` skips loading a voucher that cannot exist yet (no 404 request). */
  newBuyerVoucher: (id: string) => `/buyer/voucher/${encodeURIComponent(id)}?new=1`,
  personaliseBuyerVoucher: (id: string) => `/buyer/vouchers/personalized/${encodeURIComponent(id)}`,
  wishList: '/wish-list',
  adminCategories: '/category',
  adminSubcategories: '/sub-category',
  adminTemplates: '/template',
  adminFeaturedVouchers: '/featured-vouchers',
  /** 03 §2 /users: where an impersonation starts and the way back returns to (issue 11). */
  adminUsers: '/users',
  /** The admin's audit trail ('Protokoll', issue 11). */
  adminAudit: '/audit',
  cart: '/cart',
  /** Back from a redirect payment (3-D Secure, bank): the cart polls that payment. */
  cartPayment: (paymentId: string) => `/cart?payment=${encodeURIComponent(paymentId)}`,
  cartPaymentFailed: '/cart?status=failed',
  payment: '/payment',
  thankYou: '/thank-you',
  orders: '/orders',
  /** Direct sale (02 §2): sellers and scanner users. */
  directSale: '/vouchers-gift',
  /** The gift form of one order line (01 §2 "Gift cart"). */
  giftOrder: (orderId: string) => `/vouchers-gift/${encodeURIComponent(orderId)}`,
  /** 02 §2: the scanner for sellers and scanner users; a scanner user's home (issue 6). */
  scanner: '/scanner',
  /** The seller's 'Eingelöst' page (issue 6). */
  redemptions: '/redemptions',
  /** The seller's 'Bestellungen' (02 §2): orders, redemptions, invoice exports. */
  ordersEarnings: '/orders-earnings',
  impressum: '/impressum',
  datenschutz: '/datenschutz',
  agb: '/agb',
} as const;

/** A `next` target from the query string, only when it is a path on this site (no open redirect). */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** Where a fresh login lands: buyers on /wallet (01 §4), scanner users on the scanner, others home. */
export function pathAfterLogin(role: RoleName): string {
  switch (role) {
    case 'user':
      return paths.wallet;
    case 'scanner':
      return paths.scanner;
    default:
      return paths.home;
  }
}

/** Where a completed payment lands (01 §4 "Checkout"): guests on /thank-you, buyers on /wallet. */
export function pathAfterPayment(guest: boolean): string {
  return guest ? paths.thankYou : paths.wallet;
}
