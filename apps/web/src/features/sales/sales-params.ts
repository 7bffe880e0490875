/** What the sales page shows, kept in the URL so that back, refresh and a shared link keep it. */
export type SalesTab = 'carts' | 'sales';
export type SalesView = { tab: SalesTab; page: number; search: string };

const MAX_PAGE = 1_000_000;

/** ?tab=sales&page=2&q=garri; anything missing or malformed reads as the default. */
export function readSalesView(params: URLSearchParams): SalesView {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'sales' ? 'sales' : 'carts',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    search: (params.get('q') ?? '').trim(),
  };
}

/** The defaults (carts, page 1, no search) are left out, so the plain URL is the first view. */
export function writeSalesView(view: SalesView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab === 'sales') params.set('tab', 'sales');
  if (view.page > 1) params.set('page', String(view.page));
  if (view.search) params.set('q', view.search);
  return params;
}
