import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { Guard } from './guards.tsx';
import { RouteError } from './routes/route-error.tsx';
import { CAMPAIGN_SLUGS } from '../features/campaigns/campaign-slugs.ts';
import { preloadablePage } from './preloadable-page.ts';

/** The public first screens' pages: app/first-screen.ts loads the one a visit opens before the first render. */
export const firstScreenPages = {
  home: preloadablePage(() => import('./routes/home.tsx')),
  search: preloadablePage(() => import('./routes/voucher-search.tsx')),
  voucher: preloadablePage(() => import('./routes/voucher-detail.tsx')),
};

// One chunk per page so the first load only carries the frame and the page it opens.
const pages = {
  login: lazy(() => import('./routes/login.tsx')),
  // issue 13: /auth of custom-auth tenants
  auth: lazy(() => import('./routes/auth.tsx')),
  register: lazy(() => import('./routes/register.tsx')),
  registerBuyer: lazy(() => import('./routes/register-buyer.tsx')),
  registerSeller: lazy(() => import('./routes/register-seller.tsx')),
  forgotPassword: lazy(() => import('./routes/forgot-password.tsx')),
  resetPassword: lazy(() => import('./routes/reset-password.tsx')),
  guestWallet: lazy(() => import('./routes/guest-wallet.tsx')),
  home: firstScreenPages.home,
  voucher: firstScreenPages.voucher,
  impressum: lazy(() => import('./routes/impressum.tsx')),
  datenschutz: lazy(() => import('./routes/datenschutz.tsx')),
  agb: lazy(() => import('./routes/agb.tsx')),
  sellerVouchers: lazy(() => import('./routes/seller-vouchers.tsx')),
  voucherBuilder: lazy(() => import('./routes/voucher-builder.tsx')),
  voucherStatistic: lazy(() => import('./routes/voucher-statistic.tsx')),
  wishList: lazy(() => import('./routes/wish-list.tsx')),
  adminCategories: lazy(() => import('./routes/admin-categories.tsx')),
  adminSubcategories: lazy(() => import('./routes/admin-subcategories.tsx')),
  adminTemplates: lazy(() => import('./routes/admin-templates.tsx')),
  adminFeaturedVouchers: lazy(() => import('./routes/admin-featured-vouchers.tsx')),
  voucherSearch: firstScreenPages.search,
  voucherCategory: lazy(() => import('./routes/voucher-category.tsx')),
  sellerPage: lazy(() => import('./routes/seller-page.tsx')),
  campaign: lazy(() => import('./routes/campaign.tsx')),
  embed: lazy(() => import('./routes/embed.tsx')),
  cart: lazy(() => import('./routes/cart.tsx')),
  payment: lazy(() => import('./routes/payment.tsx')),
  thankYou: lazy(() => import('./routes/thank-you.tsx')),
  orders: lazy(() => import('./routes/orders.tsx')),
  // issue 4 checkout extras
  profilePayment: lazy(() => import('./routes/profile-payment.tsx')),
  // issue 5 wallet
  wallet: lazy(() => import('./routes/wallet.tsx')),
  walletVoucher: lazy(() => import('./routes/wallet-voucher.tsx')),
  // issue 13 employee wallet and the tourism account's employee vouchers
  employeeWalletVoucher: lazy(() => import('./routes/employee-wallet-voucher.tsx')),
  tourismEmployeeVouchers: lazy(() => import('./routes/tourism-employee-vouchers.tsx')),
  employeeQrRedirect: lazy(() => import('./routes/employee-qr-redirect.tsx')),
  guestRetrieval: lazy(() => import('./routes/guest-retrieval.tsx')),
  qrRedirect: lazy(() => import('./routes/qr-redirect.tsx')),
  // issue 13: the public balance check
  balanceCheck: lazy(() => import('./routes/balance-check.tsx')),
  // issue 5 personalise
  personaliseVoucher: lazy(() => import('./routes/personalise-voucher.tsx')),
  walletBuyerVouchers: lazy(() => import('./routes/wallet-buyer-vouchers.tsx')),
  buyerVoucherDesigner: lazy(() => import('./routes/buyer-voucher-designer.tsx')),
  buyerVoucherPersonalise: lazy(() => import('./routes/buyer-voucher-personalise.tsx')),
  // issue 5 transfer
  shareVoucher: lazy(() => import('./routes/share-voucher.tsx')),
  sendVoucher: lazy(() => import('./routes/send-voucher.tsx')),
  receiveShareLink: lazy(() => import('./routes/receive-share-link.tsx')),
  transferRedirect: lazy(() => import('./routes/transfer-redirect.tsx')),
  // issue 5/6 gifts
  directSale: lazy(() => import('./routes/vouchers-gift.tsx')),
  giftOrder: lazy(() => import('./routes/vouchers-gift-order.tsx')),
  // issue 5/6 profile
  profileInfo: lazy(() => import('./routes/profile-info.tsx')),
  profileSettings: lazy(() => import('./routes/profile-settings.tsx')),
  // issue 6 redemption
  scanner: lazy(() => import('./routes/scanner.tsx')),
  redemptions: lazy(() => import('./routes/redemptions.tsx')),
  adminVoucherRedemptions: lazy(() => import('./routes/admin-voucher-redemptions.tsx')),
  // issue 11: users
  adminUsers: lazy(() => import('./routes/admin-users.tsx')),

  // issue 11: orders
  adminManageOrders: lazy(() => import('./routes/admin-manage-orders.tsx')),
  // issue 12: /payout
  adminPayout: lazy(() => import('./routes/admin-payout.tsx')),

  // issue 11: settings, subdomains, expired vouchers
  adminSettings: lazy(() => import('./routes/admin-settings.tsx')),
  adminUserSettings: lazy(() => import('./routes/admin-user-settings.tsx')),
  adminSubdomain: lazy(() => import('./routes/admin-subdomain.tsx')),
  adminVoucherExpired: lazy(() => import('./routes/admin-voucher-expired.tsx')),

  // issue 11: audit trail
  adminAudit: lazy(() => import('./routes/admin-audit.tsx')),
  // issue 6 seller dashboard
  ordersEarnings: lazy(() => import('./routes/orders-earnings.tsx')),
  // issue 13: the seller's voucher website
  websiteConfiguration: lazy(() => import('./routes/website-configuration.tsx')),
  // issue 12: the expiry reminders' unsubscribe link
  remindersUnsubscribe: lazy(() => import('./routes/reminders-unsubscribe.tsx')),
  // issue 13: the newsletter mails' confirmation and unsubscribe links
  newsletterConfirm: lazy(() => import('./routes/newsletter-confirm.tsx')),
  newsletterUnsubscribe: lazy(() => import('./routes/newsletter-unsubscribe.tsx')),
  // issue 13: tourism accounts, partners and employee codes
  tourismSellers: lazy(() => import('./routes/tourism-sellers.tsx')),
  tourismEmployeeCodes: lazy(() =>
    import('./routes/tourism-employee-codes.tsx').then((m) => ({ default: m.TourismEmployeeCodesPage })),
  ),
  partnerEmployeeCodes: lazy(() =>
    import('./routes/tourism-employee-codes.tsx').then((m) => ({ default: m.PartnerEmployeeCodesPage })),
  ),
  tourismPartnersCarousel: lazy(() => import('./routes/tourism-partners-carousel.tsx')),
  notAllowed: lazy(() => import('./routes/not-allowed.tsx')),
  notFound: lazy(() => import('./routes/not-found.tsx')),
};

const page = (Page: LazyExoticComponent<ComponentType> | ComponentType) => <Page />;

export const routes: RouteObject[] = [
  // Embeddable voucher list for other sites (01 §2 /wp): no header, footer or cookie notice.
  { path: 'wp', element: <Suspense fallback={null}>{page(pages.embed)}</Suspense>, errorElement: <RouteError /> },
  // The tourism tenant's partner carousel (03 §2 /wp/tourism/partners; issue 13), embeddable like /wp.
  {
    path: 'wp/tourism/partners',
    element: <Suspense fallback={null}>{page(pages.tourismPartnersCarousel)}</Suspense>,
    errorElement: <RouteError />,
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <Guard guard="guest-only" />,
        children: [
          { path: 'login', element: page(pages.login) },
          { path: 'auth', element: page(pages.auth) },
          { path: 'register', element: page(pages.register) },
          { path: 'register/buyer', element: page(pages.registerBuyer) },
          { path: 'register/seller', element: page(pages.registerSeller) },
          { path: 'forgot-password', element: page(pages.forgotPassword) },
          { path: 'forgot-password/:token', element: page(pages.resetPassword) },
          { path: 'guest-wallet', element: page(pages.guestWallet) },
          { path: 'gast-bestellung/abrufen', element: page(pages.guestRetrieval) },
          { path: 'thank-you', element: page(pages.thankYou) },
        ],
      },
      {
        // Seller voucher management (02 §2).
        element: <Guard guard="seller-only" />,
        children: [
          { path: 'vouchers', element: page(pages.sellerVouchers) },
          { path: 'vouchers/new', element: page(pages.voucherBuilder) },
          { path: 'vouchers/update/:id', element: page(pages.voucherBuilder) },
          { path: 'redemptions', element: page(pages.redemptions) },
          { path: 'orders-earnings', element: page(pages.ordersEarnings) },
          { path: 'website-configuration', element: page(pages.websiteConfiguration) },
          // Tourism accounts and partners with can_generate (03 §2; issue 13).
          { path: 'tourism/sellers', element: page(pages.tourismSellers) },
          { path: 'tourism/employee-codes', element: page(pages.tourismEmployeeCodes) },
          { path: 'employee-codes', element: page(pages.partnerEmployeeCodes) },
        ],
      },
      {
        // A voucher's statistics: its seller, and admins from the admin voucher modal (02 §2, 03 §2; issue 11).
        element: <Guard guard="seller-or-admin" />,
        children: [
          { path: 'vouchers/statistic/:id', element: page(pages.voucherStatistic) },
          // Tourism accounts (sellers with is_tourism) and admins (issue 13).
          { path: 'tourism/employee-vouchers', element: page(pages.tourismEmployeeVouchers) },
        ],
      },
      {
        // The buyer's wishlist (01 §2).
        element: <Guard guard="user-only" />,
        children: [
          { path: 'wish-list', element: page(pages.wishList) },
          { path: 'orders', element: page(pages.orders) },
          // Saved card (issue 4 checkout extras).
          { path: 'profile-payment', element: page(pages.profilePayment) },
          // The wallet and its voucher detail (issue 5 wallet).
          { path: 'wallet', element: page(pages.wallet) },
          { path: 'voucher/:id', element: page(pages.walletVoucher) },
          { path: 'wallet/voucher/:username/:id', element: page(pages.employeeWalletVoucher) },
          // Share link and send by e-mail (issue 5 transfer).
          { path: 'vouchers/transfer/:id', element: page(pages.shareVoucher) },
          { path: 'vouchers/send/:id', element: page(pages.sendVoucher) },
          { path: 'vouchers/send-email/:id', element: page(pages.sendVoucher) },
        ],
      },
      {
        // Personalise and buyer-designed vouchers (01 §2, issue 5 personalise): buyers only.
        element: <Guard guard="user-only" />,
        children: [
          { path: 'vouchers/personalized/:id', element: page(pages.personaliseVoucher) },
          { path: 'wallet/vouchers', element: page(pages.walletBuyerVouchers) },
          { path: 'buyer/voucher/:id', element: page(pages.buyerVoucherDesigner) },
          { path: 'buyer/vouchers/personalized/:id', element: page(pages.buyerVoucherPersonalise) },
        ],
      },
      {
        // Catalogue admin (03 §2).
        element: <Guard guard="admin-only" />,
        children: [
          { path: 'category', element: page(pages.adminCategories) },
          { path: 'sub-category', element: page(pages.adminSubcategories) },
          { path: 'template', element: page(pages.adminTemplates) },
          { path: 'featured-vouchers', element: page(pages.adminFeaturedVouchers) },
          { path: 'voucher-redemptions', element: page(pages.adminVoucherRedemptions) },
          // issue 11: /users
          { path: 'users', element: page(pages.adminUsers) },

          // issue 11: /manage-orders
          { path: 'manage-orders', element: page(pages.adminManageOrders) },
          // issue 12: /payout
          { path: 'payout', element: page(pages.adminPayout) },

          // issue 11: /settings, /settings/user/:id, /subdomain, /voucher-expired
          { path: 'settings', element: page(pages.adminSettings) },
          { path: 'settings/user/:id', element: page(pages.adminUserSettings) },
          { path: 'subdomain', element: page(pages.adminSubdomain) },
          { path: 'voucher-expired', element: page(pages.adminVoucherExpired) },

          // issue 11: audit trail
          { path: 'audit', element: page(pages.adminAudit) },
        ],
      },
      {
        // The scanner (02 §2): sellers and their scanner users (issue 6).
        element: <Guard guard="scanner-or-seller" />,
        children: [{ path: 'scanner', element: page(pages.scanner) }],
      },
      {
        // Direct sale (02 §2): sellers and their scanner users (issues 5/6).
        element: <Guard guard="scanner-or-seller" />,
        children: [{ path: 'vouchers-gift', element: page(pages.directSale) }],
      },
      {
        // The gift form of an order line: the buyer of a paid gift, or the staff user of a direct sale (issues 5/6).
        element: <Guard guard="authenticated" />,
        children: [{ path: 'vouchers-gift/:orderId', element: page(pages.giftOrder) }],
      },
      {
        // Search and category lists (01 §2: guests and buyers).
        element: <Guard guard="user-or-guest" />,
        children: [
          { path: 'vouchers/search', element: page(pages.voucherSearch) },
          { path: 'vouchers/category/:slug', element: page(pages.voucherCategory) },
          // Cart and checkout (01 §2): guests and buyers.
          { path: 'cart', element: page(pages.cart) },
          { path: 'payment', element: page(pages.payment) },
        ],
      },
      {
        // Profile tabs (01 §2, 02 §2): every signed-in role (issues 5/6).
        element: <Guard guard="authenticated" />,
        children: [
          { path: 'profile-info', element: page(pages.profileInfo) },
          { path: 'profile-settings', element: page(pages.profileSettings) },
        ],
      },
      {
        element: <Guard guard="any" />,
        children: [
          { path: 'home', element: page(pages.home) },
          { path: 'seller/:id', element: page(pages.sellerPage) },
          ...CAMPAIGN_SLUGS.map((path) => ({ path, element: page(pages.campaign) })),
          { path: 'vouchers/:id', element: page(pages.voucher) },
          // What a voucher's QR code opens in a browser (issue 5 wallet).
          { path: 'qr/:code', element: page(pages.qrRedirect) },
          // What an employee's claim QR opens in a browser (issue 13).
          { path: 'e/:voucherClaim/:userClaim', element: page(pages.employeeQrRedirect) },
          // The public balance check: anyone, signed in or not (issue 13).
          { path: 'guthaben', element: page(pages.balanceCheck) },
          // Receiving a share link: anyone may open it, receiving needs a login (issue 5 transfer).
          { path: 'transfer/:id', element: page(pages.transferRedirect) },
          { path: 'ein-liebevolles-geschenk/:id', element: page(pages.receiveShareLink) },
          { path: 'buyer-voucher/transfer/:id', element: page(pages.receiveShareLink) },
          // The expiry reminders' unsubscribe link: works signed in or not (issue 12).
          { path: 'erinnerungen/abmelden/:token', element: page(pages.remindersUnsubscribe) },
          // The newsletter mails' links: work signed in or not (issue 13).
          { path: 'newsletter/bestaetigen/:token', element: page(pages.newsletterConfirm) },
          { path: 'newsletter/abmelden/:token', element: page(pages.newsletterUnsubscribe) },
          { path: 'impressum', element: page(pages.impressum) },
          { path: 'datenschutz', element: page(pages.datenschutz) },
          { path: 'agb', element: page(pages.agb) },
          { path: 'error/not-allowed', element: page(pages.notAllowed) },
          { path: '*', element: page(pages.notFound) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
