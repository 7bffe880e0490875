import {
  type ComponentType,
  Component as ReactComponent,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { GuestOnly, RequireAuth, SignedInOrGuest } from './features/auth/guards';
import { PageLoader } from './ui/page-loader';
import { preloadable } from './ui/preloadable';
import { QueryError } from './ui/query-error';

/**
 * React Router's declarative mode (BrowserRouter + useRoutes) rather than its data router: no page has a
 * loader or an action, and the data router's code was half of what react-router put on the first visit of
 * /login (29.4 KB gzip with createBrowserRouter, 13.1 KB in this mode, measured from the build's source maps).
 */

/** Starts the download of a page's chunk, once (`preload` and React.lazy share one promise); whether it has come. */
const preloads = new WeakMap<object, { preload: () => Promise<unknown>; isLoaded: () => boolean }>();

/**
 * Every page is its own chunk, loaded when first visited: the login page stays small on a slow phone.
 *
 * A chunk that has already arrived renders at once (ui/preloadable.ts says why). On a full load of a
 * signed-in page every chunk is preloaded (the page's Link header: route-preload.ts) and has arrived by the
 * time the session has, yet through React.lazy alone each level of layout and page showed a loader and then
 * waited: on a slow phone the inventory's title came well after the business's frame, and its products were
 * asked only then.
 */
function page(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const chunk = preloadable(() => load().then((module) => module.default));
  const Page = () => {
    // Chosen at mount and kept (a navigation within the page, a search parameter, must not mount it anew).
    const Shown = chunk.useOnceWanted(true) ?? chunk.Lazy;
    return <Shown />;
  };
  preloads.set(Page, { preload: chunk.preload, isLoaded: () => chunk.loaded() !== undefined });
  return Page;
}

/** The route table and guards. */
const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', Component: page(() => import('./features/auth/login-page')) },
      { path: '/register', Component: page(() => import('./features/auth/register-page')) },
      { path: '/forgot-password', Component: page(() => import('./features/auth/forgot-password-page')) },
      { path: '/reset-password', Component: page(() => import('./features/auth/reset-password-page')) },
    ],
  },
  // Outside the guest wrapper: a just-registered person may already hold a session elsewhere.
  { path: '/verify-email', Component: page(() => import('./features/auth/verify-email-page')) },
  // Outside it too: the link mailed to the old address must work whoever is signed in here, or nobody.
  { path: '/undo-email-change', Component: page(() => import('./features/auth/undo-email-change-page')) },
  // Also outside it: someone signed in may still want to look around as the demo customer.
  { path: '/test-customer-login', Component: page(() => import('./features/auth/test-customer-login-page')) },
  // Anyone may read the plans: a visitor weighing Oja before signing up as well as an owner in the app's frame.
  {
    element: (
      <SignedInOrGuest
        signedIn={page(() => import('./shell/app-layout'))}
        guest={page(() => import('./shell/guest-layout'))}
      />
    ),
    children: [{ path: '/pricing', Component: page(() => import('./features/businesses/pricing-page')) }],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', Component: page(() => import('./shell/home-redirect')) },
      {
        Component: page(() => import('./shell/app-layout')),
        children: [
          { path: '/dashboard', Component: page(() => import('./features/businesses/dashboard-page')) },
          { path: '/settings', Component: page(() => import('./features/account/settings-page')) },
          { path: '/awaiting-role', Component: page(() => import('./features/team/awaiting-role-page')) },
        ],
      },
      {
        path: '/business/:slug',
        Component: page(() => import('./shell/business-layout')),
        children: [
          { index: true, Component: page(() => import('./features/businesses/overview-page')) },
          { path: 'users', Component: page(() => import('./features/team/users-page')) },
          { path: 'inventory', Component: page(() => import('./features/inventory/inventory-page')) },
          { path: 'inventory/import', Component: page(() => import('./features/inventory/import-page')) },
          { path: 'inventory/prices', Component: page(() => import('./features/inventory/reprice-page')) },
          { path: 'inventory/:productId', Component: page(() => import('./features/inventory/product-page')) },
          { path: 'sales', Component: page(() => import('./features/sales/sales-page')) },
          { path: 'sales/:saleId', Component: page(() => import('./features/sales/sale-page')) },
          { path: 'sell', Component: page(() => import('./features/counter/sell-page')) },
          { path: 'counter-review', Component: page(() => import('./features/counter/counter-review-page')) },
          { path: 'customers', Component: page(() => import('./features/customers/customers-page')) },
          { path: 'customers/view', Component: page(() => import('./features/customers/customer-page')) },
          { path: 'suppliers', Component: page(() => import('./features/suppliers/suppliers-page')) },
          { path: 'suppliers/view', Component: page(() => import('./features/suppliers/supplier-page')) },
          { path: 'suppliers/delivery', Component: page(() => import('./features/suppliers/delivery-page')) },
          { path: 'reports', Component: page(() => import('./features/reports/reports-page')) },
          { path: 'expenses', Component: page(() => import('./features/expenses/expenses-page')) },
          { path: 'close-day', Component: page(() => import('./features/day-closes/close-day-page')) },
          { path: 'activity', Component: page(() => import('./features/activity/activity-page')) },
          { path: 'settings', Component: page(() => import('./features/businesses/business-settings-page')) },
        ],
      },
      {
        path: '/:slug/employee',
        Component: page(() => import('./shell/employee-layout')),
        children: [
          { index: true, Component: page(() => import('./features/reports/employee-home-page')) },
          { path: 'sales', Component: page(() => import('./features/sales/employee-sales-page')) },
          { path: 'sell', Component: page(() => import('./features/counter/sell-page')) },
          { path: 'counter-review', Component: page(() => import('./features/counter/counter-review-page')) },
          { path: 'customers', Component: page(() => import('./features/customers/customers-page')) },
          { path: 'customers/view', Component: page(() => import('./features/customers/customer-page')) },
          { path: 'suppliers', Component: page(() => import('./features/suppliers/suppliers-page')) },
          { path: 'suppliers/view', Component: page(() => import('./features/suppliers/supplier-page')) },
          { path: 'suppliers/delivery', Component: page(() => import('./features/suppliers/delivery-page')) },
          { path: 'inventory', Component: page(() => import('./features/inventory/employee-inventory-page')) },
          { path: 'receipts', Component: page(() => import('./features/sales/employee-receipts-page')) },
          { path: 'invoices', Component: page(() => import('./features/sales/employee-invoices-page')) },
          { path: 'analytics', Component: page(() => import('./features/reports/employee-analytics-page')) },
          { path: 'profile', Component: page(() => import('./features/account/employee-profile-page')) },
          { path: 'expenses', Component: page(() => import('./features/expenses/expenses-page')) },
          { path: 'close-day', Component: page(() => import('./features/day-closes/close-day-page')) },
        ],
      },
      { path: '/super', Component: page(() => import('./features/account/super-page')) },
    ],
  },
  {
    // A guest at /{slug}/customer is following a customer invite link; a logged-in customer is home.
    path: '/:slug/customer',
    Component: page(() => import('./shell/customer-entry')),
    children: [
      { index: true, Component: page(() => import('./features/reports/customer-home-page')) },
      { path: 'products', Component: page(() => import('./features/inventory/customer-products-page')) },
      { path: 'invoices', Component: page(() => import('./features/sales/customer-invoices-page')) },
      { path: 'receipts', Component: page(() => import('./features/sales/customer-receipts-page')) },
      { path: 'debts', Component: page(() => import('./features/sales/customer-debts-page')) },
      { path: 'profile', Component: page(() => import('./features/account/customer-profile-page')) },
    ],
  },
  {
    element: <GuestOnly />,
    children: [{ path: '/:businessSlug/:role', Component: page(() => import('./features/team/invite-page')) }],
  },
  { path: '*', Component: page(() => import('./ui/not-found-page')) },
];

/** Whether the routes have been shown once: until then a full load waits for its pages' chunks. */
let hasShownRoutes = false;

/**
 * React.lazy fetches a page's chunk when it first renders, that is once its layouts' chunks have arrived and
 * rendered: one round trip per level on a slow network. The data router fetched them together; so does this,
 * for every route the location matches (each chunk once).
 *
 * On a full load the loader stays until all of them have arrived, and the page then renders in one go:
 * through Suspense, each lazy level that was not there yet showed its fallback, and React holds back what
 * follows a fallback by up to 300 ms (see `page`). Later navigations are transitions: the current page
 * stays until the next one's chunk has come (Pages).
 */
function RouteTable() {
  const location = useLocation();
  const waiting: Promise<unknown>[] = [];
  // Once per location: react-router ranks and compiles all the routes' patterns on each call, and this
  // renders again as the page's chunks arrive.
  const matches = useMemo(() => matchRoutes(routes, location), [location]);
  for (const { route } of matches ?? []) {
    const chunk = route.Component && preloads.get(route.Component);
    if (!chunk) continue;
    const loading = chunk.preload();
    if (!chunk.isLoaded()) waiting.push(loading);
  }
  const element = useRoutes(routes, location);
  const [, setArrived] = useState(0);
  const isWaiting = !hasShownRoutes && waiting.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: waits for the chunks of this location once
  useEffect(() => {
    if (!isWaiting) {
      hasShownRoutes = true;
      return;
    }
    // A chunk that failed renders its route anyway: React.lazy throws, and PageErrorBoundary offers a reload.
    //
    // The page's first draw is a transition, which React renders in slices (lib/render-slices.ts). Set from a
    // promise it was an update of the default lane, which React renders in one piece: the shell, the page's
    // frame and its first cards, one long task on a slow phone, in which a tap waited. With the shell's
    // deferral (shell/business-shell.tsx) it cuts the signed-in pages' blocking time, their LCP unchanged
    // (bench/README.md).
    const arrived = () => {
      hasShownRoutes = true;
      startTransition(() => setArrived((count) => count + 1));
    };
    Promise.all(waiting).then(arrived, arrived);
  }, [isWaiting, location.pathname]);
  return isWaiting ? <PageLoader /> : element;
}

/**
 * A page that throws (or whose chunk fails to download, after a new release) shows what went wrong and a way
 * to reload rather than a blank screen; the next navigation tries again. The data router did the same with its
 * default error screen.
 */
class PageErrorBoundary extends ReactComponent<
  { pathname: string; children: ReactNode },
  { error: unknown; at?: string }
> {
  override state: { error: unknown; at?: string } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at?: string }) {
    if (state.error === undefined) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: undefined, at: props.pathname };
  }
  override render() {
    if (this.state.error !== undefined) {
      return <QueryError error={this.state.error} onRetry={() => window.location.reload()} />;
    }
    return this.props.children;
  }
}

function Pages() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      {/*
       * On a full load the first page's chunk is still on its way: a loader shows meanwhile. Later navigations
       * are transitions (BrowserRouter wraps them in startTransition): the current page stays until the next
       * one's chunk has arrived, as with the data router.
       */}
      <Suspense fallback={<PageLoader />}>
        <RouteTable />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** The app's routes in the browser's history. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Pages />
    </BrowserRouter>
  );
}
