import { type Cart, type listCartsQuerySchema, PAGE_SIZE, type Paginated, pageInfo } from '@oja/contract';
import type * as z from 'zod';
import { containsPattern } from '../../db/search';
import type { BusinessReader } from '../../platform/gate';
import { type CartsFilter, cartsWhere } from './cart-items';

/**
 * The business's carts, newest first, optionally one user's (with the customers' requests beside them, or not),
 * only the customers' requests, one cart, or those whose title or customer matches.
 */
export async function listCarts(
  reader: BusinessReader,
  query: z.output<typeof listCartsQuerySchema>,
): Promise<Paginated<Cart>> {
  const isOwnWithRequests = query.customer_requests === 'also' && query.user_id !== undefined;
  return pageOfCarts(
    reader,
    {
      createdBy: isOwnWithRequests ? undefined : query.user_id,
      createdByOrRequest: isOwnWithRequests ? query.user_id : undefined,
      isRequest: query.customer_requests === 'only' ? true : undefined,
      id: query.id,
      pattern: query.search ? containsPattern(query.search) : undefined,
    },
    query.page,
  );
}

/** One page of the business's carts that `filter` keeps, newest first, with their lines. */
export async function pageOfCarts(reader: BusinessReader, filter: CartsFilter, page: number): Promise<Paginated<Cart>> {
  const pageSize = PAGE_SIZE.carts;
  const { total, carts: results } = await cartsWhere(reader, filter, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { ...pageInfo(total, page, pageSize), results };
}
