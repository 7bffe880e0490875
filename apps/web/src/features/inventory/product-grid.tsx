import { SimpleGrid, Text } from '@mantine/core';
import { MESSAGES, type Paginated, type Product, STOCK_MESSAGES } from '@oja/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';

/**
 * A page of products as cards: the loader, the failure with Retry, the empty text, and the grid that
 * dims while the next page loads. The staff's inventory and the customer's shop draw their own cards.
 */
export function ProductGrid({
  products,
  card,
}: {
  products: UseQueryResult<Paginated<Product>>;
  card(product: Product): ReactNode;
}) {
  const list = products.data?.results ?? [];
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
      {products.data && list.length === 0 && <Text c="dimmed">{STOCK_MESSAGES.noProducts}</Text>}
      {list.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          aria-busy={products.isPlaceholderData}
          style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
        >
          {list.map(card)}
        </SimpleGrid>
      )}
    </>
  );
}
