import { useLocation } from 'react-router';

/** Where a sale page's Back button leads, and what it says. */
export type SaleBack = { to: string; label: string };

/**
 * The link state a list gives the sales it links to: Back returns to this very list (the employee area's sales,
 * the business's, a product's movements) with its tab, page and search. The history entry keeps it across a
 * reload; an address typed or shared has none, and Back goes to the business's sales.
 */
export function useSaleBackState(label: string): { back: SaleBack } {
  const { pathname, search } = useLocation();
  return { back: { to: `${pathname}${search}`, label } };
}

/** The Back of the link state, if it is one of this app's own addresses; else `fallback`. */
export function saleBackOf(state: unknown, fallback: SaleBack): SaleBack {
  const back = (state as { back?: Partial<SaleBack> } | null)?.back;
  const isOwnAddress = typeof back?.to === 'string' && back.to.startsWith('/') && !back.to.startsWith('//');
  return isOwnAddress && typeof back?.label === 'string' ? { to: back.to as string, label: back.label } : fallback;
}
