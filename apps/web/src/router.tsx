import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, HomeRedirect, RequireAuth } from './features/auth/guards';
import { PageLoader } from './ui/page-loader';

/** Every page is its own chunk, loaded when first visited: the login page stays small on a slow phone. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** The route table and guards. */
const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', lazy: page(() => import('./features/auth/login-page')) },
      { path: '/register', lazy: page(() => import('./features/auth/register-page')) },
      { path: '/forgot-password', lazy: page(() => import('./features/auth/forgot-password-page')) },
      { path: '/reset-password', lazy: page(() => import('./features/auth/reset-password-page')) },
    ],
  },
  // Outside the guest wrapper: a just-registered person may already hold a session elsewhere.
  { path: '/verify-email', lazy: page(() => import('./features/auth/verify-email-page')) },
  // Also outside it: someone signed in may still want to look around as the demo customer.
  { path: '/test-customer-login', lazy: page(() => import('./features/auth/test-customer-login-page')) },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        lazy: page(() => import('./shell/app-layout')),
        children: [
          { path: '/dashboard', lazy: page(() => import('./features/businesses/dashboard-page')) },
          { path: '/settings', lazy: page(() => import('./features/account/settings-page')) },
          { path: '/pricing', lazy: page(() => import('./features/businesses/pricing-page')) },
          { path: '/awaiting-role', lazy: page(() => import('./features/team/awaiting-role-page')) },
        ],
      },
      {
        path: '/business/:slug',
        lazy: page(() => import('./shell/business-layout')),
        children: [
          { index: true, lazy: page(() => import('./features/businesses/overview-page')) },
          { path: 'users', lazy: page(() => import('./features/team/users-page')) },
          { path: 'inventory', lazy: page(() => import('./features/inventory/inventory-page')) },
          { path: 'inventory/:productId', lazy: page(() => import('./features/inventory/product-page')) },
          { path: 'sales', lazy: page(() => import('./features/sales/sales-page')) },
          { path: 'sales/:saleId', lazy: page(() => import('./features/sales/sale-page')) },
          { path: 'reports', lazy: page(() => import('./features/businesses/reports-page')) },
          { path: 'expenses', lazy: page(() => import('./features/expenses/expenses-page')) },
          { path: 'settings', lazy: page(() => import('./features/businesses/business-settings-page')) },
        ],
      },
      {
        path: '/:slug/employee',
        lazy: page(() => import('./features/areas/employee-layout')),
        children: [
          { index: true, lazy: page(() => import('./features/areas/employee-home-page')) },
          { path: 'sales', lazy: page(() => import('./features/areas/employee-sales-page')) },
          { path: 'inventory', lazy: page(() => import('./features/areas/employee-inventory-page')) },
          { path: 'receipts', lazy: page(() => import('./features/areas/employee-receipts-page')) },
          { path: 'invoices', lazy: page(() => import('./features/areas/employee-invoices-page')) },
          { path: 'analytics', lazy: page(() => import('./features/areas/employee-analytics-page')) },
          { path: 'profile', lazy: page(() => import('./features/areas/employee-profile-page')) },
          { path: 'expenses', lazy: page(() => import('./features/expenses/expenses-page')) },
        ],
      },
      { path: '/super', lazy: page(() => import('./features/areas/super-page')) },
    ],
  },
  {
    // A guest at /{slug}/customer is following a customer invite link; a logged-in customer is home.
    path: '/:slug/customer',
    lazy: page(() => import('./features/areas/customer-entry')),
    children: [
      { index: true, lazy: page(() => import('./features/areas/customer-home-page')) },
      { path: 'products', lazy: page(() => import('./features/areas/customer-products-page')) },
      { path: 'invoices', lazy: page(() => import('./features/areas/customer-invoices-page')) },
      { path: 'receipts', lazy: page(() => import('./features/areas/customer-receipts-page')) },
      { path: 'debts', lazy: page(() => import('./features/areas/customer-debts-page')) },
      { path: 'profile', lazy: page(() => import('./features/areas/customer-profile-page')) },
    ],
  },
  {
    element: <GuestOnly />,
    children: [{ path: '/:businessSlug/:role', lazy: page(() => import('./features/team/invite-page')) }],
  },
  { path: '*', lazy: page(() => import('./ui/not-found-page')) },
];

/** On a full load the first page's chunk is still on its way: a loader shows meanwhile. */
export const router = createBrowserRouter([{ HydrateFallback: PageLoader, children: routes }]);
