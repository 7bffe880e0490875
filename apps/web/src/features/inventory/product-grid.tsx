import { SimpleGrid, Text } from '@mantine/core';
import { MESSAGES, type Paginated, type Product, STOCK_MESSAGES } from '@oja/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';

/** One empty list: useDeferredValue would render again for every new one. */
const NONE: Product[] = [];

/**
 * The cards drawn with the page itself on a first draw: a phone's screen shows two or three under the
 * search and the filters (the grid's columns hold more on a wider screen, whose CPU is rarely the slow one).
 * Drawn with the rest as a deferred update, the first card (the page's largest text: Lighthouse's LCP)
 * came well after the page's title on a slow phone.
 */
const FIRST_CARDS = 4;

/**
 * A page of products as cards: the loader, the failure with Retry, the empty text, and the grid that
 * dims while the next page loads. The staff's inventory and the customer's shop draw their own cards.
 *
 * The cards are drawn as a deferred update: twenty cards of Mantine components kept the main thread busy
 * for one long task on a slow phone, a tap meanwhile waiting for all of it. A
 * deferred render is done by React in slices of a few milliseconds between which the phone answers; on a
 * first draw the first few cards come with the page (FIRST_CARDS).
 */
export function ProductGrid({
  products,
  card,
  footer,
}: {
  products: UseQueryResult<Paginated<Product>>;
  card(product: Product): ReactNode;
  /** Below the cards (the pager), held back with them: appearing first, it was pushed down by them. */
  footer?: ReactNode;
}) {
  const current = products.data?.results ?? NONE;
  const deferred = useDeferredValue(current, NONE);
  // The answer is here and its cards are being drawn (or the next page's, over the previous one's).
  const behind = deferred !== current;
  // A first draw: the cards on screen at once, the others (below them) as the deferred update.
  const drawing = behind && deferred.length === 0;
  const list = drawing ? current.slice(0, FIRST_CARDS) : deferred;
  return (
    <>
      {products.isPending && <PageLoader label="Loading products..." />}
      {products.isError && !products.data && (
        <QueryError
          error={products.error}
          fallback={MESSAGES.failed.fetchProducts}
          onRetry={() => products.refetch()}
        />
      )}
      {products.data && !behind && list.length === 0 && <Text c="dimmed">{STOCK_MESSAGES.noProducts}</Text>}
      {list.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          aria-busy={products.isPlaceholderData || behind}
          style={{ opacity: products.isPlaceholderData || (behind && !drawing) ? 0.6 : 1 }}
        >
          {list.map(card)}
        </SimpleGrid>
      )}
      {!drawing && footer}
    </>
  );
}
