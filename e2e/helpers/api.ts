import {
  type CreateProductBody,
  CSRF_COOKIE,
  CSRF_HEADER,
  type EditableRole,
  ENDPOINTS,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  requestOf,
} from '@oja/contract';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { codeMailedTo, uniqueEmail } from '../fixtures';

/**
 * The one place the end-to-end tests set things up through the API (people, businesses, products,
 * carts), for tests whose subject is not that setup itself: the specs drive their subject through
 * the screens.
 */

/** The password of every account the tests make. */
export const PASSWORD = 'pass-word-123';

export type Ceo = {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  businessName: string;
  slug: string;
  businessId: number;
};

/**
 * Each test stands for a different person, each on their own network: sign-ups
 * through the API come from an address of their own (the e2e server trusts
 * X-Forwarded-For), so that the whole suite does not spend one IP's mail and
 * sign-up budgets. The per-IP limits themselves are proven by the API tests.
 */
export function ownNetwork(): Record<string, string> {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` };
}

/**
 * A call through the API in this page's browser session (page.request shares its cookies), typed
 * from the endpoint table and sent as every client sends it (`requestOf`). A cookie-authenticated
 * write echoes the CSRF cookie. Answers the `response_data`; throws unless the answer is a success.
 */
export async function apiCall<E extends Endpoint>(
  page: Page,
  entry: E,
  input: EndpointInput<E>,
  headers: Record<string, string> = {},
): Promise<EndpointData<E>> {
  const { method, path, query, body } = requestOf(entry, input);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    params: query,
    data: body,
    headers: { ...(csrf === undefined ? {} : { [CSRF_HEADER]: decodeURIComponent(csrf) }), ...headers },
  });
  if (!response.ok()) throw new Error(`${method} ${path} failed: ${await response.text()}`);
  return (await response.json()).response_data;
}

/**
 * A CEO signed up and verified through the API, logged in inside this page's
 * browser context. For tests whose subject is not sign-up itself;
 * accounts.spec.ts drives sign-up through the screens.
 */
export async function signUpCeoViaApi(
  page: Page,
  options: { firstName?: string; lastName?: string; businessName?: string } = {},
): Promise<Ceo> {
  const email = uniqueEmail('ceo');
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Obi';
  const businessName = options.businessName ?? `Shop ${Math.floor(Math.random() * 1e9)}`;
  const network = ownNetwork();
  await apiCall(
    page,
    ENDPOINTS.accounts.register,
    {
      first_name: firstName,
      last_name: lastName,
      email,
      password: PASSWORD,
      business: { name: businessName, business_email: `biz-${email}`, about: 'Provisions and drinks' },
    },
    network,
  );
  const activated = await apiCall(
    page,
    ENDPOINTS.accounts.activate,
    { email, code: await codeMailedTo(email) },
    network,
  );
  const user = 'user' in activated ? activated.user : undefined;
  if (!user?.business) throw new Error('Activation answered no user with a business.');
  return {
    email,
    password: PASSWORD,
    username: user.username,
    firstName,
    lastName,
    businessName,
    slug: user.business.slug,
    businessId: user.business.id,
  };
}

/** Logs in through the API in this page's context (an existing account). */
export async function logInViaApi(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await apiCall(page, ENDPOINTS.accounts.login, { email_or_username: identifier, password });
}

/** A browser of the member's own, logged in. */
export async function memberSession(
  browser: Browser,
  username: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await logInViaApi(page, username);
  return { context, page };
}

/** Someone joins a business through its invite link, as the invite page calls the API. */
export async function joinViaApi(page: Page, slug: string, role: string, firstName: string, lastName: string) {
  const { user } = await apiCall(
    page,
    ENDPOINTS.team.joinBusiness,
    { first_name: firstName, last_name: lastName, password: PASSWORD, role, business_slug: slug },
    ownNetwork(),
  );
  return user;
}

/**
 * Someone joins the CEO's business by an invite link and the CEO activates them
 * with this role (as the team screens would), through the API.
 */
export async function addMember(
  ceoPage: Page,
  ceo: Ceo,
  role: EditableRole,
  firstName: string,
  lastName: string,
): Promise<{ id: number; username: string }> {
  const user = await joinViaApi(
    ceoPage,
    ceo.slug,
    role === 'customer' ? 'customer' : 'salesperson',
    firstName,
    lastName,
  );
  await setMemberRole(ceoPage, ceo, user.id, role);
  return user;
}

export async function setMemberRole(ceoPage: Page, ceo: Ceo, userId: number, role: EditableRole) {
  await apiCall(ceoPage, ENDPOINTS.team.updateBusinessUser, {
    user_id: userId,
    business_id: ceo.businessId,
    is_active: true,
    role,
  });
}

type Batch = { batch_number: string; quantity: number; expiration_date?: string };

/** A product at this price, with this stock in one batch (BATCH-001) or in these batches; cost ₦100.00. */
export async function createProduct(
  page: Page,
  businessId: number,
  name: string,
  price: string,
  stock: number | Batch[],
  extra: Partial<CreateProductBody> = {},
) {
  const batches = typeof stock === 'number' ? [{ batch_number: 'BATCH-001', quantity: stock }] : stock;
  return apiCall(page, ENDPOINTS.stock.createProduct, {
    business_id: businessId,
    product_name: name,
    cost_price: '100.00',
    selling_price: price,
    currency: 'NGN',
    batches,
    ...extra,
  });
}

/** What can be sold of a product now. */
export async function stockOf(page: Page, businessId: number, productId: number): Promise<number> {
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, { business_id: businessId, product_id: productId });
  return product.quantity_in_stock;
}

export async function createCart(
  page: Page,
  businessId: number,
  customerName: string,
  items: { product_id: number; quantity: number }[],
  title?: string,
) {
  const answer = await apiCall(page, ENDPOINTS.sales.createCart, {
    business_id: businessId,
    customer_name: customerName,
    items,
    ...(title ? { title } : {}),
  });
  return answer.cart;
}

/**
 * A sale of `quantity` of one product, confirmed by whoever is logged in on `page`; not paid unless `payment`
 * says otherwise, as the server takes a confirmation that names no payment.
 */
export async function sellViaApi(
  page: Page,
  businessId: number,
  productId: number,
  quantity: number,
  who: { customer_id: number } | { customer_name: string },
  payment: { payment_status: 'paid' | 'not_paid' } | { payment_status: 'partial'; deposit_amount: string } = {
    payment_status: 'not_paid',
  },
) {
  const { cart } = await apiCall(page, ENDPOINTS.sales.createCart, {
    business_id: businessId,
    items: [{ product_id: productId, quantity }],
    ...who,
  });
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: businessId,
    cart_id: cart.id,
    payment_method: 'cash',
    ...payment,
  });
  return sale;
}
