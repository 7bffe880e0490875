import { type EndpointInput, type Product, STOCK_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { productKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const stock = STOCK_ENDPOINTS;

/** One product with its batches and stock. Another business's product answers 404. */
export function useProduct(businessId: number, productId: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.detail(businessId, productId),
    queryFn: ({ signal }) =>
      data(call(stock.getProduct, { business_id: businessId, product_id: productId }, { signal })),
    enabled,
  });
}

/** The product's stock ledger, newest first, a page at a time. */
export function useStockMovements(businessId: number, productId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.movements(businessId, productId, page),
    queryFn: ({ signal }) =>
      data(call(stock.listMovements, { business_id: businessId, product_id: productId, page }, { signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** What the Receive stock form sends; money only ever as the text typed (checked by the contract's schema). */
type ReceiveBatchInput = Omit<EndpointInput<typeof stock.receiveBatch>, 'business_id' | 'product_id'> & {
  cost_price?: string | null;
};
type AdjustBatchInput = Omit<EndpointInput<typeof stock.adjustBatch>, 'business_id' | 'product_id'>;

/**
 * A stock change answers the product as it now stands: it is shown at once, and
 * every other view of this business's products (lists, history) is fetched again.
 */
function afterStockChange(client: QueryClient, businessId: number, product: Product) {
  client.setQueryData(productKeys.detail(businessId, product.id), product);
  return client.invalidateQueries({ queryKey: productKeys.all(businessId) });
}

/** A delivery, recorded as a receipt in the ledger: sent again after a lost answer, received once (lib/request-keys.ts). */
export function useReceiveBatch(businessId: number, productId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (input: ReceiveBatchInput) =>
      data(
        call(
          stock.receiveBatch,
          { ...input, business_id: businessId, product_id: productId },
          { headers: keys.headersFor(input) },
        ),
      ),
    onSuccess: (product) => {
      keys.succeeded();
      return afterStockChange(client, businessId, product);
    },
  });
}

/** A recount, damage or expired write-off of one batch, made once however often it is sent (lib/request-keys.ts). */
export function useAdjustBatch(businessId: number, productId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (input: AdjustBatchInput) =>
      data(
        call(
          stock.adjustBatch,
          { ...input, business_id: businessId, product_id: productId },
          { headers: keys.headersFor(input) },
        ),
      ),
    onSuccess: (product) => {
      keys.succeeded();
      return afterStockChange(client, businessId, product);
    },
    // A refusal (say, more removed than the batch holds) may come from stale figures: show the current ones.
    onError: () => client.invalidateQueries({ queryKey: productKeys.detail(businessId, productId) }),
  });
}
