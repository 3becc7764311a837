import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { Guard } from './guards.tsx';
import { RouteError } from './routes/route-error.tsx';

// One chunk per page so the first load only carries the frame and the page it opens.
const pages = {
  login: lazy(() => import('./routes/login.tsx')),
  register: lazy(() => import('./routes/register.tsx')),
  registerBuyer: lazy(() => import('./routes/register-buyer.tsx')),
  forgotPassword: lazy(() => import('./routes/forgot-password.tsx')),
  resetPassword: lazy(() => import('./routes/reset-password.tsx')),
  guestWallet: lazy(() => import('./routes/guest-wallet.tsx')),
  home: lazy(() => import('./routes/home.tsx')),
  voucher: lazy(() => import('./routes/voucher-detail.tsx')),
  impressum: lazy(() => import('./routes/impressum.tsx')),
  datenschutz: lazy(() => import('./routes/datenschutz.tsx')),
  agb: lazy(() => import('./routes/agb.tsx')),
  notAllowed: lazy(() => import('./routes/not-allowed.tsx')),
  notFound: lazy(() => import('./routes/not-found.tsx')),
};

const page = (Page: LazyExoticComponent<ComponentType>) => <Page />;

export const routes: RouteObject[] = [
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
          { path: 'forgot-password', element: page(pages.forgotPassword) },
          { path: 'forgot-password/:token', element: page(pages.resetPassword) },
          { path: 'guest-wallet', element: page(pages.guestWallet) },
        ],
      },
      {
        element: <Guard guard="any" />,
        children: [
          { path: 'home', element: page(pages.home) },
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
