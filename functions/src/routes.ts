import type { Access, RoleName } from '@gm/shared/auth/roles';

/**
 * The route manifest: every endpoint of the API, once. It drives the CDK routes (one Lambda each),
 * the local API gateway and the authorisation matrix test. Adding an endpoint = one line here plus
 * a handler module at `handlers/<handler>.ts` exporting `handler`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** API domains; each becomes its own CDK stack so no stack nears CloudFormation's 500-resource limit. */
export type Domain = 'auth' | 'users' | 'catalogue' | 'orders' | 'wallet' | 'redemption' | 'admin' | 'tourism';

export type RouteDef = {
  method: HttpMethod;
  /** Path below /api/v1/, with {param} segments. */
  path: string;
  /** Module below functions/src/handlers/, without extension. */
  handler: string;
  access: Access;
  domain: Domain;
};

const PUBLIC = 'public' as const;
const ANY_ROLE: readonly RoleName[] = ['admin', 'seller', 'user', 'scanner'];

export const routes = [
  // Accounts (01 §7, 02 §7)
  { method: 'POST', path: 'auth/login', handler: 'auth/login', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/logout', handler: 'auth/logout', access: PUBLIC, domain: 'auth' },
  // Issue 14: the session cookie (httpOnly, path /api/v1/auth) renews the ID token.
  { method: 'POST', path: 'auth/refresh', handler: 'auth/refresh', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/register', handler: 'auth/register', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/forgot-password', handler: 'auth/forgot-password', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/reset-password', handler: 'auth/reset-password', access: PUBLIC, domain: 'auth' },
  { method: 'POST', path: 'auth/unique', handler: 'auth/unique', access: PUBLIC, domain: 'auth' },
  { method: 'GET', path: 'user/{id}', handler: 'users/get-user', access: ANY_ROLE, domain: 'users' },

  // Catalogue (01 §7)
  {
    method: 'GET',
    path: 'voucher-category',
    handler: 'catalogue/list-categories',
    access: PUBLIC,
    domain: 'catalogue',
  },
  { method: 'GET', path: 'voucher', handler: 'catalogue/list-vouchers', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'voucher/{id}', handler: 'catalogue/get-voucher', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'company/all', handler: 'catalogue/list-companies', access: PUBLIC, domain: 'catalogue' },
  { method: 'POST', path: 'voucher/search', handler: 'catalogue/search-vouchers', access: PUBLIC, domain: 'catalogue' },
  { method: 'GET', path: 'seller/{id}', handler: 'catalogue/get-seller', access: PUBLIC, domain: 'catalogue' },
  {
    method: 'GET',
    path: 'voucher-category/{id}',
    handler: 'catalogue/get-category',
    access: PUBLIC,
    domain: 'catalogue',
  },
  {
    method: 'GET',
    path: 'voucher-sub-category',
    handler: 'catalogue/list-subcategories',
    access: PUBLIC,
    domain: 'catalogue',
  },
  {
    method: 'GET',
    path: 'voucher-sub-category/{id}',
    handler: 'catalogue/get-subcategory',
    access: PUBLIC,
    domain: 'catalogue',
  },
  { method: 'GET', path: 'template', handler: 'catalogue/list-templates', access: PUBLIC, domain: 'catalogue' },
  { method: 'POST', path: 'contact', handler: 'catalogue/send-contact', access: PUBLIC, domain: 'catalogue' },

  // Uploads: presigned PUT into the private bucket, promoted into media by the saving use case
  {
    method: 'POST',
    path: 'upload/image',
    handler: 'catalogue/create-image-upload',
    access: ['seller', 'admin', 'user'],
    domain: 'catalogue',
  },

  // Seller vouchers (02 §7)
  {
    method: 'GET',
    path: 'voucher/seller-vouchers',
    handler: 'catalogue/list-seller-vouchers',
    access: ['seller'],
    domain: 'catalogue',
  },
  { method: 'POST', path: 'voucher', handler: 'catalogue/create-voucher', access: ['seller'], domain: 'catalogue' },
  {
    method: 'POST',
    path: 'voucher/{id}',
    handler: 'catalogue/update-voucher',
    access: ['seller'],
    domain: 'catalogue',
  },
  {
    method: 'POST',
    path: 'voucher/update-status/{id}',
    handler: 'catalogue/toggle-voucher-status',
    access: ['seller'],
    domain: 'catalogue',
  },
  {
    method: 'DELETE',
    path: 'voucher/{id}',
    handler: 'catalogue/delete-voucher',
    access: ['seller'],
    domain: 'catalogue',
  },
  {
    method: 'POST',
    path: 'voucher/upload-bg-img/{id}',
    handler: 'catalogue/set-voucher-background',
    access: ['seller'],
    domain: 'catalogue',
  },

  // Wishlist (01 §7)
  {
    method: 'GET',
    path: 'user-voucher-wishlist/user/{userId}',
    handler: 'catalogue/list-wishlist',
    access: ['user'],
    domain: 'catalogue',
  },
  {
    method: 'POST',
    path: 'user-voucher-wishlist',
    handler: 'catalogue/add-wishlist',
    access: ['user'],
    domain: 'catalogue',
  },
  {
    method: 'DELETE',
    path: 'user-voucher-wishlist/{id}',
    handler: 'catalogue/remove-wishlist',
    access: ['user'],
    domain: 'catalogue',
  },

  // Catalogue admin (03 §7)
  { method: 'POST', path: 'voucher-category', handler: 'admin/create-category', access: ['admin'], domain: 'admin' },
  {
    method: 'PUT',
    path: 'voucher-category/{id}',
    handler: 'admin/update-category',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'DELETE',
    path: 'voucher-category/{id}',
    handler: 'admin/delete-category',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'POST',
    path: 'voucher-sub-category',
    handler: 'admin/create-subcategory',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'voucher-sub-category/{id}',
    handler: 'admin/update-subcategory',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'DELETE',
    path: 'voucher-sub-category/{id}',
    handler: 'admin/delete-subcategory',
    access: ['admin'],
    domain: 'admin',
  },
  { method: 'POST', path: 'template', handler: 'admin/create-template', access: ['admin'], domain: 'admin' },
  { method: 'POST', path: 'template/{id}', handler: 'admin/update-template', access: ['admin'], domain: 'admin' },
  { method: 'DELETE', path: 'template/{id}', handler: 'admin/delete-template', access: ['admin'], domain: 'admin' },
  { method: 'GET', path: 'voucher/all', handler: 'admin/list-all-vouchers', access: ['admin'], domain: 'admin' },
  {
    method: 'POST',
    path: 'voucher/update-feature/{id}',
    handler: 'admin/toggle-voucher-feature',
    access: ['admin'],
    domain: 'admin',
  },

  // Payments: Stripe's signed webhook (signature checked over the raw body, each event once)
  { method: 'POST', path: 'stripe/webhook', handler: 'orders/stripe-webhook', access: PUBLIC, domain: 'orders' },

  // Cart, checkout and orders (01 §7)
  { method: 'POST', path: 'order', handler: 'orders/add-to-cart', access: ['user'], domain: 'orders' },
  { method: 'POST', path: 'order/guest', handler: 'orders/add-to-guest-cart', access: PUBLIC, domain: 'orders' },
  { method: 'PATCH', path: 'order/{id}', handler: 'orders/update-cart-line', access: PUBLIC, domain: 'orders' },
  { method: 'DELETE', path: 'order/{id}', handler: 'orders/remove-cart-line', access: PUBLIC, domain: 'orders' },
  { method: 'GET', path: 'order', handler: 'orders/list-orders', access: PUBLIC, domain: 'orders' },
  { method: 'GET', path: 'order/total-user-cart', handler: 'orders/count-cart', access: ['user'], domain: 'orders' },
  {
    method: 'GET',
    path: 'order/guest/total-user-cart',
    handler: 'orders/count-guest-cart',
    access: PUBLIC,
    domain: 'orders',
  },
  { method: 'POST', path: 'check-coupon', handler: 'orders/check-coupon', access: PUBLIC, domain: 'orders' },
  { method: 'POST', path: 'order/payment', handler: 'orders/pay', access: ['user'], domain: 'orders' },
  { method: 'POST', path: 'order/guest/payment', handler: 'orders/pay-as-guest', access: PUBLIC, domain: 'orders' },
  { method: 'GET', path: 'order/payment/{id}', handler: 'orders/get-payment', access: PUBLIC, domain: 'orders' },
  { method: 'GET', path: 'app-status', handler: 'orders/get-app-status', access: PUBLIC, domain: 'orders' },
  {
    method: 'POST',
    path: 'order/download-invoice',
    handler: 'orders/download-invoice',
    access: ['user', 'admin'],
    domain: 'orders',
  },

  // Checkout extras (issue 4: payment intent, saved cards, tenant order search, sales-pause admin switch)
  {
    method: 'POST',
    path: 'order/payment/paymentintent',
    handler: 'orders/create-payment-intent',
    access: PUBLIC,
    domain: 'orders',
  },
  { method: 'GET', path: 'user-stripe', handler: 'orders/get-saved-card', access: ['user'], domain: 'orders' },
  { method: 'POST', path: 'user-stripe', handler: 'orders/save-card', access: ['user'], domain: 'orders' },
  { method: 'GET', path: 'user/stipe-status', handler: 'users/get-stripe-status', access: ANY_ROLE, domain: 'users' },
  { method: 'PUT', path: 'app-status', handler: 'admin/set-app-status', access: ['admin'], domain: 'admin' },
  { method: 'POST', path: 'order/search', handler: 'orders/search-orders', access: PUBLIC, domain: 'orders' },
  { method: 'GET', path: 'user/company/name', handler: 'users/get-tenant-shop', access: PUBLIC, domain: 'users' },

  // Wallet: list, detail, voucher PDF, guest retrieval (issue 5)
  {
    method: 'POST',
    path: 'user-voucher/search/user-vouchers',
    handler: 'wallet/list-wallet',
    access: ['user'],
    domain: 'wallet',
  },
  { method: 'GET', path: 'user-voucher/{id}', handler: 'wallet/get-user-voucher', access: ['user'], domain: 'wallet' },
  {
    method: 'POST',
    path: 'order/download-voucher',
    handler: 'wallet/download-voucher',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'retrieve/guest-vouchers',
    handler: 'wallet/retrieve-guest-vouchers',
    access: PUBLIC,
    domain: 'wallet',
  },
  { method: 'GET', path: 'user-voucher/qr/{code}', handler: 'wallet/resolve-qr', access: PUBLIC, domain: 'wallet' },

  // Personalise and buyer-designed vouchers (issue 5)
  {
    method: 'POST',
    path: 'user-voucher',
    handler: 'wallet/personalise-voucher-by-body',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'user-voucher/{id}',
    handler: 'wallet/personalise-voucher',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'user-voucher/upload-custom-image/{id}',
    handler: 'wallet/upload-custom-image',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'user-voucher/upload-template/{id}',
    handler: 'wallet/upload-template',
    access: ['user'],
    domain: 'wallet',
  },
  { method: 'GET', path: 'buyer-voucher', handler: 'wallet/list-buyer-vouchers', access: ['user'], domain: 'wallet' },
  {
    method: 'GET',
    path: 'buyer-voucher/{id}',
    handler: 'wallet/get-buyer-voucher',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'buyer-voucher/{id}',
    handler: 'wallet/save-buyer-voucher',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'order/download-buyer-voucher',
    handler: 'wallet/download-buyer-voucher',
    access: ['user'],
    domain: 'wallet',
  },

  // Share link, transfer, send by e-mail (issue 5)
  { method: 'POST', path: 'transfer-url', handler: 'wallet/create-transfer-url', access: ['user'], domain: 'wallet' },
  { method: 'GET', path: 'transfer/{id}', handler: 'wallet/get-gift', access: PUBLIC, domain: 'wallet' },
  { method: 'POST', path: 'transfer', handler: 'wallet/receive-transfer', access: ['user'], domain: 'wallet' },
  {
    method: 'POST',
    path: 'buyer-transfer',
    handler: 'wallet/receive-buyer-transfer',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'transfer/transfer-send-mail',
    handler: 'wallet/transfer-send-mail',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'order/send-voucher-pdf',
    handler: 'wallet/send-voucher-pdf',
    access: ['user'],
    domain: 'wallet',
  },
  {
    method: 'POST',
    path: 'order/send-buyer-voucher-pdf',
    handler: 'wallet/send-buyer-voucher-pdf',
    access: ['user'],
    domain: 'wallet',
  },

  // Gifts at purchase and direct sale (issues 5 and 6)
  {
    method: 'POST',
    path: 'order/gift-voucher',
    handler: 'orders/gift-voucher',
    access: ['user', 'seller', 'scanner'],
    domain: 'orders',
  },
  {
    method: 'GET',
    path: 'order/gift-voucher/{id}',
    handler: 'orders/get-gift-order',
    access: ['user', 'seller', 'scanner'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'order/download-gift-voucher',
    handler: 'orders/download-gift-voucher',
    access: ['user', 'seller', 'scanner'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'order/direct-sale',
    handler: 'orders/add-direct-sale',
    access: ['seller', 'scanner'],
    domain: 'orders',
  },
  {
    method: 'GET',
    path: 'voucher/direct-sale',
    handler: 'catalogue/list-direct-sale-vouchers',
    access: ['seller', 'scanner'],
    domain: 'catalogue',
  },
  {
    method: 'GET',
    path: 'user/user-filter',
    handler: 'users/user-filter',
    access: ['user', 'seller', 'scanner', 'admin'],
    domain: 'users',
  },

  // Profile (issues 5 and 6)
  { method: 'POST', path: 'user/{id}', handler: 'users/update-user', access: ANY_ROLE, domain: 'users' },
  {
    method: 'PATCH',
    path: 'user/change-password/{id}',
    handler: 'users/change-password',
    access: ANY_ROLE,
    domain: 'users',
  },

  // Redemption, scanner, scanner staff (issue 6)
  {
    method: 'POST',
    path: 'qr-code/scan',
    handler: 'redemption/scan-voucher',
    access: ['seller', 'scanner'],
    domain: 'redemption',
  },
  {
    method: 'POST',
    path: 'redemption',
    handler: 'redemption/redeem',
    access: ['seller', 'scanner'],
    domain: 'redemption',
  },
  {
    method: 'GET',
    path: 'redemption',
    handler: 'redemption/list-redemptions',
    access: ['seller', 'admin'],
    domain: 'redemption',
  },
  {
    method: 'POST',
    path: 'redemption/revoke',
    handler: 'redemption/revoke-redemption',
    access: ['seller', 'admin'],
    domain: 'redemption',
  },
  {
    method: 'POST',
    path: 'redemption/download-pdf',
    handler: 'redemption/download-redemption-pdf',
    access: ['seller', 'admin'],
    domain: 'redemption',
  },
  { method: 'GET', path: 'scanner-user', handler: 'users/list-scanner-users', access: ['seller'], domain: 'users' },
  { method: 'POST', path: 'scanner-user', handler: 'users/create-scanner-user', access: ['seller'], domain: 'users' },
  {
    method: 'DELETE',
    path: 'scanner-user/{id}',
    handler: 'users/toggle-scanner-user',
    access: ['seller'],
    domain: 'users',
  },

  // Seller dashboard, orders and earnings, invoice exports (issue 6)
  {
    method: 'POST',
    path: 'seller-invoice/download-buyer-pdf-invoices',
    handler: 'seller/download-buyer-pdf-invoices',
    access: ['seller', 'admin'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'seller-invoice/download-order-csv',
    handler: 'seller/download-order-csv',
    access: ['seller', 'admin'],
    domain: 'orders',
  },

  // Admin: users, user flags, origin (03 §2, §7; issue 11)
  {
    method: 'PUT',
    path: 'user/user-gift-status/{id}',
    handler: 'users/admin-gift-status',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user/user-auth-status/{id}',
    handler: 'users/admin-auth-status',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user/user-custom-order-confirmation/{id}',
    handler: 'users/admin-custom-order-confirmation',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user/user-monthly-reporting-status/{id}',
    handler: 'users/admin-monthly-reporting-status',
    access: ['admin'],
    domain: 'admin',
  },

  // Admin: seller activation and document review (02 §1, 03 §2; issue 11)
  {
    method: 'PUT',
    path: 'user/user-status/{id}',
    handler: 'admin/set-user-status',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'user/{id}/verification',
    handler: 'admin/get-verification',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user/{id}/verification',
    handler: 'admin/review-verification',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'POST',
    path: 'user/{id}/verification-document',
    handler: 'admin/get-verification-document',
    access: ['admin'],
    domain: 'admin',
  },

  // Admin: impersonation and the audit trail (03 §2; issue 11)
  { method: 'POST', path: 'auth/change-role', handler: 'auth/change-role', access: ['admin'], domain: 'admin' },
  { method: 'GET', path: 'audit', handler: 'admin/list-audit', access: ['admin'], domain: 'admin' },

  // Admin: order management and reversal (03 §2, §7; issue 11)
  { method: 'GET', path: 'order/{id}', handler: 'admin/get-order', access: ['admin'], domain: 'admin' },
  { method: 'GET', path: 'wallets', handler: 'admin/list-pending-wallets', access: ['admin'], domain: 'admin' },
  {
    method: 'POST',
    path: 'order/reverse-order',
    handler: 'admin/reverse-order',
    access: ['admin'],
    domain: 'admin',
  },

  // Admin: settings, subdomains, expired vouchers, admin home (03 §2, §7; issue 11)
  {
    method: 'POST',
    path: 'global-settings',
    handler: 'admin/save-global-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'global-settings/{id}',
    handler: 'admin/update-global-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'DELETE',
    path: 'global-settings/{id}',
    handler: 'admin/reset-global-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'user-settings',
    handler: 'admin/list-user-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'POST',
    path: 'user-settings',
    handler: 'admin/create-user-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user-settings/{id}',
    handler: 'admin/update-user-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'DELETE',
    path: 'user-settings/{id}',
    handler: 'admin/delete-user-settings',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'PUT',
    path: 'user/company/update/{id}',
    handler: 'admin/set-subdomain',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'user-voucher/expired',
    handler: 'admin/list-expired-vouchers',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'POST',
    path: 'user-voucher/expired/download-csv',
    handler: 'admin/download-expired-vouchers',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'admin/overview',
    handler: 'admin/get-admin-overview',
    access: ['admin'],
    domain: 'admin',
  },

  // Money out: Stripe Connect onboarding (02 §2, 01 user/stipe-status; issue 12)
  {
    method: 'POST',
    path: 'user/stripe-onboarding',
    handler: 'users/start-stripe-onboarding',
    access: ['seller'],
    domain: 'users',
  },

  // Money out: seller mails and expiry reminders (issue 12)
  {
    method: 'POST',
    path: 'reminders/unsubscribe',
    handler: 'seller-mails/unsubscribe-reminders',
    access: PUBLIC,
    domain: 'wallet',
  },

  // Money out: large exports as presigned links (issue 12)

  // Money out: payout run (issue 12)
  { method: 'POST', path: 'seller-invoice', handler: 'admin/run-payout', access: ['admin'], domain: 'admin' },

  // Money out: seller invoices and /payout (issue 12)
  {
    method: 'GET',
    path: 'seller-invoice',
    handler: 'payouts/list-seller-invoices',
    access: ['admin', 'seller'],
    domain: 'orders',
  },
  {
    method: 'GET',
    path: 'seller-invoice/commission-stats',
    handler: 'payouts/get-commission-stats',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'seller-invoice/send-invoice/{id}',
    handler: 'payouts/send-seller-invoice',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'POST',
    path: 'seller-invoice/download-pdf-invoices',
    handler: 'payouts/download-seller-invoice-pdfs',
    access: ['admin', 'seller'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'seller-invoice/download-csv-invoices',
    handler: 'payouts/download-seller-invoice-csv',
    access: ['admin', 'seller'],
    domain: 'orders',
  },
  {
    method: 'GET',
    path: 'seller-invoice/{id}',
    handler: 'payouts/get-seller-invoice',
    access: ['admin', 'seller'],
    domain: 'orders',
  },
  {
    method: 'GET',
    path: 'seller-invoice/{id}/pdf',
    handler: 'payouts/get-seller-invoice-pdf',
    access: ['admin', 'seller'],
    domain: 'orders',
  },
  {
    method: 'PUT',
    path: 'seller-invoice/{id}',
    handler: 'payouts/complete-seller-invoice',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'DELETE',
    path: 'seller-invoice/{id}',
    handler: 'payouts/delete-seller-invoice',
    access: ['admin'],
    domain: 'admin',
  },

  // Money out: accounting exports and outstanding vouchers (issue 12)
  {
    method: 'POST',
    path: 'accounting/datev',
    handler: 'accounting/datev-export',
    access: ['seller', 'admin'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'accounting/bmd',
    handler: 'accounting/bmd-export',
    access: ['seller', 'admin'],
    domain: 'orders',
  },
  {
    method: 'POST',
    path: 'accounting/outstanding-vouchers',
    handler: 'accounting/outstanding-vouchers',
    access: ['seller', 'admin'],
    domain: 'orders',
  },

  // Tourism: accounts, partners and employee codes (issue 13)
  {
    method: 'PUT',
    path: 'user/user-tourism-status/{id}',
    handler: 'users/admin-tourism-status',
    access: ['admin'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'partners/all',
    handler: 'tourism/list-partners',
    access: ['admin', 'seller'],
    domain: 'tourism',
  },
  {
    method: 'PUT',
    path: 'partners/status/{id}',
    handler: 'tourism/set-partner-status',
    access: ['admin', 'seller'],
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'partners/active',
    handler: 'tourism/list-active-partners',
    access: PUBLIC,
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'partners/partnersWithVouchers',
    handler: 'tourism/list-partners-with-vouchers',
    access: PUBLIC,
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'partners/downloadCSV',
    handler: 'tourism/download-partners-csv',
    access: ['admin', 'seller'],
    domain: 'tourism',
  },
  {
    method: 'POST',
    path: 'employee-code/generate',
    handler: 'tourism/generate-employee-codes',
    access: ['seller'],
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'employee-code/all',
    handler: 'tourism/list-employee-codes',
    access: ['seller'],
    domain: 'tourism',
  },
  {
    method: 'PUT',
    path: 'employee-code/status/{id}',
    handler: 'tourism/set-employee-code-status',
    access: ['seller'],
    domain: 'tourism',
  },
  {
    method: 'POST',
    path: 'employee-code/download',
    handler: 'tourism/download-employee-codes',
    access: ['seller'],
    domain: 'tourism',
  },

  // Tourism: employee vouchers and the employee wallet (issue 13)
  {
    method: 'GET',
    path: 'employee-voucher/all',
    handler: 'tourism/list-employee-vouchers',
    access: ['seller', 'admin'],
    domain: 'tourism',
  },
  {
    method: 'PUT',
    path: 'employee-voucher/value/{id}',
    handler: 'tourism/set-employee-value',
    access: ['seller', 'admin'],
    domain: 'tourism',
  },
  {
    method: 'PUT',
    path: 'employee-voucher/status/{id}',
    handler: 'tourism/set-employee-voucher-status',
    access: ['seller', 'admin'],
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'employee-voucher/redemptions-csv',
    handler: 'tourism/employee-redemptions-csv',
    access: ['seller', 'admin'],
    domain: 'tourism',
  },
  {
    method: 'GET',
    path: 'employee-voucher/wallet',
    handler: 'tourism/employee-wallet',
    access: ['user'],
    domain: 'tourism',
  },
  {
    method: 'POST',
    path: 'employee-voucher/manual-redeem',
    handler: 'tourism/manual-redeem',
    access: ['user'],
    domain: 'tourism',
  },

  // Tenant shops: voucher website configuration (issue 13)
  {
    method: 'GET',
    path: 'user/website-configuration',
    handler: 'users/get-website-configuration',
    access: ['seller'],
    domain: 'users',
  },
  {
    method: 'PUT',
    path: 'user/website-configuration',
    handler: 'users/save-website-configuration',
    access: ['seller'],
    domain: 'users',
  },

  // Tenant shops: custom-auth tenants and newsletter (issue 13)
  { method: 'POST', path: 'newsletter', handler: 'newsletter/sign-up', access: PUBLIC, domain: 'users' },
  { method: 'POST', path: 'newsletter/confirm', handler: 'newsletter/confirm', access: PUBLIC, domain: 'users' },
  {
    method: 'POST',
    path: 'newsletter/unsubscribe',
    handler: 'newsletter/unsubscribe',
    access: PUBLIC,
    domain: 'users',
  },
  {
    method: 'GET',
    path: 'newsletter/download-csv',
    handler: 'newsletter/download-csv',
    access: ['admin'],
    domain: 'admin',
  },

  // Public balance check (issue 13)
  { method: 'POST', path: 'balance-check', handler: 'wallet/balance-check', access: PUBLIC, domain: 'wallet' },

  // Admin: account deletion (issue 11)
  { method: 'DELETE', path: 'user/{id}', handler: 'admin/delete-user', access: ['admin'], domain: 'admin' },

  // Settings, read side (03 §7; the admin forms come with the payouts issue)
  {
    method: 'GET',
    path: 'global-settings',
    handler: 'admin/get-global-settings',
    access: ['admin', 'seller'],
    domain: 'admin',
  },
  {
    method: 'GET',
    path: 'user-settings/by-user',
    handler: 'admin/get-user-settings',
    access: ['admin', 'seller'],
    domain: 'admin',
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
export type RouteKey = `${Route['method']} ${Route['path']}`;

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: RouteKey): RouteDef {
  const found = (routes as readonly RouteDef[]).find((r) => routeKey(r) === key);
  if (!found) throw new Error(`route ${key} is not in the manifest`);
  return found;
}

export const API_PREFIX = '/api/v1/';
