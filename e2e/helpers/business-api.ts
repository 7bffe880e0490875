import { CSRF_COOKIE, CSRF_HEADER, type EditableRole, SALES_PATHS, STOCK_PATHS } from '@oja/contract';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type Ceo, logInViaApi, ownNetwork, PASSWORD } from './session';

/** A call through the API in this page's session (cookie-authenticated writes echo the CSRF cookie). */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { [CSRF_HEADER]: decodeURIComponent(csrf), ...headers },
  });
  if (!response.ok()) throw new Error(`${method} ${path} failed: ${await response.text()}`);
  return (await response.json()).response_data;
}

export const apiPost = (page: Page, path: string, data: unknown, headers?: Record<string, string>) =>
  apiCall(page, 'POST', path, data, headers);

type Batch = { batch_number: string; quantity: number; expiration_date?: string };

export async function createProduct(
  page: Page,
  businessId: number,
  name: string,
  price: string,
  stock: number | Batch[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; product_name: string }> {
  const batches = typeof stock === 'number' ? [{ batch_number: 'BATCH-001', quantity: stock }] : stock;
  return apiPost(page, STOCK_PATHS.product, {
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
  const answer = await apiCall(page, 'GET', `${STOCK_PATHS.product}?business_id=${businessId}&product_id=${productId}`);
  return answer.quantity_in_stock;
}

export async function createCart(
  page: Page,
  businessId: number,
  customerName: string,
  items: { product_id: number; quantity: number }[],
  title?: string,
): Promise<{ id: number; title: string }> {
  const answer = await apiPost(page, SALES_PATHS.createCart, {
    business_id: businessId,
    customer_name: customerName,
    items,
    ...(title ? { title } : {}),
  });
  return answer.cart;
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
  const invite = role === 'customer' ? 'customer' : 'salesperson';
  const joined = await ceoPage.request.post('/api/v1/users/sales-person-register/', {
    headers: ownNetwork(),
    data: { first_name: firstName, last_name: lastName, password: PASSWORD, role: invite, business_slug: ceo.slug },
  });
  if (!joined.ok()) throw new Error(`Join failed: ${await joined.text()}`);
  const user = (await joined.json()).response_data.user as { id: number; username: string };
  await setMemberRole(ceoPage, ceo, user.id, role);
  return user;
}

export async function setMemberRole(ceoPage: Page, ceo: Ceo, userId: number, role: EditableRole) {
  await apiCall(ceoPage, 'PATCH', '/users/business-owner/update-user/', {
    user_id: userId,
    business_id: ceo.businessId,
    is_active: true,
    role,
  });
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
