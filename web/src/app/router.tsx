import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { Guard } from './guards.tsx';
import { RouteError } from './routes/route-error.tsx';
import { CAMPAIGN_SLUGS } from '../features/campaigns/campaign-config.ts';

// One chunk per page so the first load only carries the frame and the page it opens.
const pages = {
  login: lazy(() => import('./routes/login.tsx')),
  register: lazy(() => import('./routes/register.tsx')),
  registerBuyer: lazy(() => import('./routes/register-buyer.tsx')),
  registerSeller: lazy(() => import('./routes/register-seller.tsx')),
  forgotPassword: lazy(() => import('./routes/forgot-password.tsx')),
  resetPassword: lazy(() => import('./routes/reset-password.tsx')),
  guestWallet: lazy(() => import('./routes/guest-wallet.tsx')),
  home: lazy(() => import('./routes/home.tsx')),
  voucher: lazy(() => import('./routes/voucher-detail.tsx')),
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
  voucherSearch: lazy(() => import('./routes/voucher-search.tsx')),
  voucherCategory: lazy(() => import('./routes/voucher-category.tsx')),
  sellerPage: lazy(() => import('./routes/seller-page.tsx')),
  campaign: lazy(() => import('./routes/campaign.tsx')),
  embed: lazy(() => import('./routes/embed.tsx')),
  cart: lazy(() => import('./routes/cart.tsx')),
  payment: lazy(() => import('./routes/payment.tsx')),
  thankYou: lazy(() => import('./routes/thank-you.tsx')),
  orders: lazy(() => import('./routes/orders.tsx')),
  // issue 4 checkout extras
  // issue 5 wallet
  // issue 5 personalise
  // issue 5 transfer
  // issue 5/6 gifts
  // issue 5/6 profile
  // issue 6 redemption
  // issue 6 seller dashboard
  notAllowed: lazy(() => import('./routes/not-allowed.tsx')),
  notFound: lazy(() => import('./routes/not-found.tsx')),
};

const page = (Page: LazyExoticComponent<ComponentType>) => <Page />;

export const routes: RouteObject[] = [
  // Embeddable voucher list for other sites (01 §2 /wp): no header, footer or cookie notice.
  { path: 'wp', element: <Suspense fallback={null}>{page(pages.embed)}</Suspense>, errorElement: <RouteError /> },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <Guard guard="guest-only" />,
        children: [
          { path: 'login', element: page(pages.login) },
          { path: 'register', element: page(pages.register) },
          { path: 'register/buyer', element: page(pages.registerBuyer) },
          { path: 'register/seller', element: page(pages.registerSeller) },
          { path: 'forgot-password', element: page(pages.forgotPassword) },
          { path: 'forgot-password/:token', element: page(pages.resetPassword) },
          { path: 'guest-wallet', element: page(pages.guestWallet) },
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
          { path: 'vouchers/statistic/:id', element: page(pages.voucherStatistic) },
        ],
      },
      {
        // The buyer's wishlist (01 §2).
        element: <Guard guard="user-only" />,
        children: [
          { path: 'wish-list', element: page(pages.wishList) },
          { path: 'orders', element: page(pages.orders) },
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
        ],
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
        element: <Guard guard="any" />,
        children: [
          { path: 'home', element: page(pages.home) },
          { path: 'seller/:id', element: page(pages.sellerPage) },
          ...CAMPAIGN_SLUGS.map((path) => ({ path, element: page(pages.campaign) })),
          { path: 'vouchers/:id', element: page(pages.voucher) },
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
