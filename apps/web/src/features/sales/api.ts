import {
  type Cart,
  type Customer,
  can,
  type EndpointInput,
  IDEMPOTENCY_HEADER,
  type ListCartsQuery,
  type MemberRole,
  type PaymentStatus,
  type RequestProductsBody,
  SALES_ENDPOINTS,
  SALES_MESSAGES,
  type SaleDetail,
  STOCK_ENDPOINTS,
} from '@oja/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, data } from '../../lib/api';
import { businessKeys, cartKeys, customerKeys, productKeys, saleKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';
import { cartUpdate, lineInputs, withProduct } from './cart-lines';

const sales = SALES_ENDPOINTS;

/** A list call's input without the business, which every hook adds itself. */
type WithoutBusiness<T> = Omit<T, 'business_id'>;
type CartFilters = Pick<ListCartsQuery, 'search' | 'user_id' | 'id' | 'customer_requests'> & { page: number };
type SaleFilters = { page: number; search?: string; created_by?: number; payment_status?: PaymentStatus };

/** A page of the business's carts, under the carts' keys: every cart and sale mutation refreshes it. */
export const cartsQuery = (businessId: number, filters: CartFilters) => ({
  queryKey: cartKeys.list(businessId, filters),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    data(call(sales.listCarts, { business_id: businessId, ...filters }, { signal })),
});

export function useCarts(businessId: number, filters: CartFilters) {
  return useQuery({ ...cartsQuery(businessId, filters), placeholderData: keepPreviousData });
}

/**
 * All of the current user's carts, as the add-to-cart button needs them at the
 * moment of the click: the first page, then any others side by side.
 */
export async function fetchOwnCarts(client: QueryClient, businessId: number, userId: number): Promise<Cart[]> {
  const page = (number: number) =>
    client.fetchQuery({ ...cartsQuery(businessId, { page: number, user_id: userId }), staleTime: 0 });
  const first = await page(1);
  const others = await Promise.all(Array.from({ length: first.total_pages - 1 }, (_, index) => page(index + 2)));
  return [first, ...others].flatMap((answer) => answer.results);
}

/** One cart as it is now on the server (null once confirmed or deleted): what a refused save starts again from. */
export async function fetchCart(client: QueryClient, businessId: number, cartId: number): Promise<Cart | null> {
  const answer = await client.fetchQuery({ ...cartsQuery(businessId, { page: 1, id: cartId }), staleTime: 0 });
  return answer.results[0] ?? null;
}

export function useSales(businessId: number, filters: SaleFilters) {
  return useQuery({
    queryKey: saleKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(sales.listSales, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useSale(businessId: number, saleId: number) {
  return useQuery({
    queryKey: saleKeys.detail(businessId, saleId),
    queryFn: ({ signal }) =>
      data(call(sales.getSale, { business_id: businessId, id: saleId }, { signal })).then((answer) => answer.sale),
    // A malformed id in the address is not found without asking.
    enabled: Number.isSafeInteger(saleId) && saleId > 0,
  });
}

/**
 * Whether the receipts and invoices pages list the whole business's (the CEO and a manager answer for the whole
 * till, `payment.review`) rather than the caller's own (a salesperson's). For the payments the server's gate decides
 * by the same permission and the page only says so; the invoices page asks for the caller's own sales unless this
 * holds. A manager confirms no sale (`sale.confirm`), so "their own" invoices were an empty page beside a Receipts
 * page of every payment.
 */
export const seesWholeTill = (role: MemberRole) => can(role, 'payment.review');

/** How many customers' requests wait for the shop to confirm them (the employee home), or undefined until known. */
export function useOpenRequestCount(businessId: number, isEnabled: boolean): number | undefined {
  const requests = useQuery({
    ...cartsQuery(businessId, { page: 1, customer_requests: 'only' }),
    enabled: isEnabled,
  });
  return requests.data?.count;
}

/**
 * The payments the caller may see (the server scopes them: a salesperson's own, a customer's
 * on their own sales, the CEO's and a manager's all), newest first: the receipts pages.
 */
export function usePayments(businessId: number, filters: { page: number; search?: string }) {
  return useQuery({
    queryKey: saleKeys.payments(businessId, filters),
    queryFn: ({ signal }) =>
      data(call(SALES_ENDPOINTS.listPayments, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Products that can go in a cart now, for the cart editor's picker. */
export function useProductChoices(businessId: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.list(businessId, { for: 'cart', search }),
    queryFn: ({ signal }) =>
      data(
        call(STOCK_ENDPOINTS.listProducts, { business_id: businessId, search, stock: 'in_stock', page: 1 }, { signal }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerChoices(businessId: number, search: string, enabled: boolean) {
  return useQuery<Customer[]>({
    queryKey: customerKeys.search(businessId, search),
    queryFn: ({ signal }) =>
      data(call(sales.listCustomers, { business_id: businessId, search }, { signal })).then((answer) => answer.results),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useCreateCart(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: WithoutBusiness<EndpointInput<typeof sales.createCart>>) =>
      call(sales.createCart, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: cartKeys.all(businessId) });
    },
  });
}

/**
 * Saves a whole cart. Sent with the cart's `updated_at` as read, it is refused when another phone changed the
 * cart since (isCartChanged): the carts are read again either way, so the next try starts from what is there.
 */
export function useUpdateCart(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WithoutBusiness<EndpointInput<typeof sales.updateCart>>) =>
      call(sales.updateCart, { ...body, business_id: businessId }),
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all(businessId) }),
  });
}

/**
 * Adds units of a product to a cart as the server has it: the cart goes back whole with the version it was read
 * at, and when another phone changed it in between, it is read again and the units added to that (adding is the
 * same on any version), so neither phone's line is lost.
 */
export function useAddToExistingCart(businessId: number) {
  const client = useQueryClient();
  const update = useUpdateCart(businessId);
  const addTo = (cart: Cart, productId: number, quantity: number, packId: number | null) =>
    update.mutateAsync({
      ...cartUpdate(cart, withProduct(lineInputs(cart), productId, quantity, packId)),
      updated_at: cart.updated_at,
    });
  /** Adds `quantity` units of the product, or packs of `packId` (ADR 0033). */
  const add = async (cart: Cart, productId: number, quantity: number, packId: number | null = null) => {
    try {
      return await addTo(cart, productId, quantity, packId);
    } catch (error) {
      const latest = isCartChanged(error) ? await fetchCart(client, businessId, cart.id) : null;
      if (!latest) throw error;
      return addTo(latest, productId, quantity, packId);
    }
  };
  return { add, isPending: update.isPending };
}

/** The refusal of a save made on a cart that another phone changed meanwhile. */
export const isCartChanged = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === SALES_MESSAGES.cartChanged;

export function useDeleteCart(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cartId: number) => call(sales.deleteCart, { id: cartId, business_id: businessId }),
    onSuccess: () => client.invalidateQueries({ queryKey: cartKeys.all(businessId) }),
  });
}

/**
 * Confirms a cart. The caller passes the Idempotency-Key of this attempt group:
 * a retry after a dropped connection sends the same key and gets the first sale
 * back instead of selling twice.
 */
export function useConfirmSale(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: WithoutBusiness<EndpointInput<typeof sales.confirmSale>>;
      idempotencyKey: string;
    }) =>
      call(
        sales.confirmSale,
        { ...body, business_id: businessId },
        { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
      ),
    onSuccess: () => invalidateAfterSale(client, businessId),
    // A refusal (stock sold on another phone, a product deleted, the cart gone) means the carts list is stale.
    onError: () => client.invalidateQueries({ queryKey: cartKeys.all(businessId) }),
  });
}

/**
 * A later payment the server recorded (sent by the phone's outbox, features/counter/send-payment.ts): the sale as
 * it is now, and what its payment changed.
 */
export function usePaymentRecorded(businessId: number) {
  const client = useQueryClient();
  return (sale: SaleDetail) => {
    client.setQueryData(saleKeys.detail(businessId, sale.id), sale);
    return Promise.all([
      client.invalidateQueries({ queryKey: saleKeys.all(businessId) }),
      client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
    ]);
  };
}

/** Cancelling a sale gives its stock back and takes it out of debts and figures: the same keys as a sale. */
export function useCancelSale(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: WithoutBusiness<EndpointInput<typeof sales.cancelSale>>) =>
      call(sales.cancelSale, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: (answer) => {
      keys.succeeded();
      client.setQueryData(saleKeys.detail(businessId, answer.data.sale.id), answer.data.sale);
      return invalidateAfterSale(client, businessId);
    },
  });
}

export function useReturnSale(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: WithoutBusiness<EndpointInput<typeof sales.returnSale>>) =>
      call(sales.returnSale, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: (answer) => {
      keys.succeeded();
      client.setQueryData(saleKeys.detail(businessId, answer.data.sale.id), answer.data.sale);
      return invalidateAfterSale(client, businessId);
    },
  });
}

/** A sale changes carts, sales and debts, the products' stock, and every figure computed from them. */
function invalidateAfterSale(client: QueryClient, businessId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: cartKeys.all(businessId) }),
    client.invalidateQueries({ queryKey: saleKeys.all(businessId) }),
    client.invalidateQueries({ queryKey: productKeys.all(businessId) }),
    client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
  ]);
}

/**
 * The customer's own calls. Every one is scoped to the caller by the server (their own sales, payments, debts and
 * requests); the keys sit under the sales and carts prefixes, so a sale or a payment made anywhere refreshes these
 * pages too. The shop, not the customer, changes what these pages list (it confirms a request, records a payment):
 * each visit asks again instead of showing an answer kept from before.
 */
const FRESH_ON_VISIT = 0;

type PageFilters = { page: number; search?: string };

/** Asks the shop for products: the answer is the request, a cart the staff will confirm. */
export function useRequestProducts(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (items: RequestProductsBody['items']) =>
      data(call(sales.requestProducts, { business_id: businessId, items }, { headers: keys.headersFor(items) })).then(
        (answer) => answer.cart,
      ),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: cartKeys.all(businessId) });
    },
  });
}

/** The caller's requests the shop has not confirmed yet. */
export function useMyRequests(businessId: number, page: number) {
  return useQuery({
    queryKey: cartKeys.list(businessId, { mine: true, page }),
    queryFn: ({ signal }) => data(call(sales.listMyRequests, { business_id: businessId, page }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** The caller's own sales (the server lists a customer's only). */
export function useMySales(businessId: number, filters: PageFilters) {
  return useQuery({
    queryKey: saleKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(sales.listSales, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** The payments on the caller's sales. */
export function useMyPayments(businessId: number, filters: PageFilters) {
  return useQuery({
    queryKey: saleKeys.list(businessId, { payments: true, ...filters }),
    queryFn: ({ signal }) => data(call(sales.listPayments, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** What the caller owes this business, per currency, with each open sale. */
export function useMyDebts(businessId: number) {
  return useQuery({
    queryKey: saleKeys.list(businessId, { debts: 'mine' }),
    queryFn: ({ signal }) =>
      data(call(sales.listMyDebts, { business_id: businessId }, { signal })).then((answer) => answer.debts),
    staleTime: FRESH_ON_VISIT,
  });
}
