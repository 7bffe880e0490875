import {
  type adjustBatchFormSchema,
  type Product,
  type receiveBatchFormSchema,
  STOCK_PATHS,
  type StockMovementList,
} from '@oja/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { api } from '../../lib/api';
import { productKeys } from './keys';

const data = <T>(call: Promise<{ data: T }>) => call.then((answer) => answer.data);

/** GET /stock/products/: one product with its batches and stock. Another business's product answers 404. */
export function useProduct(businessId: number, productId: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.detail(businessId, productId),
    queryFn: ({ signal }) =>
      data(api.get<Product>(STOCK_PATHS.product, { business_id: businessId, product_id: productId }, signal)),
    enabled,
  });
}

/** The product's stock ledger, newest first, a page at a time. */
export function useStockMovements(businessId: number, productId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.movements(businessId, productId, page),
    queryFn: ({ signal }) =>
      data(
        api.get<StockMovementList>(
          STOCK_PATHS.movements,
          { business_id: businessId, product_id: productId, page },
          signal,
        ),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type ReceiveBatchInput = z.output<typeof receiveBatchFormSchema>;
export type AdjustBatchInput = z.output<typeof adjustBatchFormSchema> & { batch_id: number };

/**
 * A stock change answers the product as it now stands: it is shown at once, and
 * every other view of this business's products (lists, history) is fetched again.
 */
function afterStockChange(client: QueryClient, businessId: number, product: Product) {
  client.setQueryData(productKeys.detail(businessId, product.id), product);
  return client.invalidateQueries({ queryKey: productKeys.all(businessId) });
}

/** POST /stock/products/batches/: a delivery, recorded as a receipt in the ledger. */
export function useReceiveBatch(businessId: number, productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiveBatchInput) =>
      data(api.post<Product>(STOCK_PATHS.receive, { ...input, business_id: businessId, product_id: productId })),
    onSuccess: (product) => afterStockChange(client, businessId, product),
  });
}

/** POST /stock/batches/adjust/: a recount, damage or expired write-off of one batch. */
export function useAdjustBatch(businessId: number, productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustBatchInput) =>
      data(api.post<Product>(STOCK_PATHS.adjust, { ...input, business_id: businessId, product_id: productId })),
    onSuccess: (product) => afterStockChange(client, businessId, product),
    // A refusal (say, more removed than the batch holds) may come from stale figures: show the current ones.
    onError: () => client.invalidateQueries({ queryKey: productKeys.detail(businessId, productId) }),
  });
}
