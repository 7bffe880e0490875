import { randomUUID } from 'node:crypto';
import { counterTotals, ENDPOINTS } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { apiCall, type Ceo, createProduct } from './api';
import { workerInCharge } from './network';

/** Three products of a shop, with names the counter's search finds apart. */
export async function counterShop(page: Page, ceo: Ceo) {
  const stamp = Date.now() % 1_000_000;
  const rice = await createProduct(page, ceo.businessId, `Mama Gold Rice 5kg ${stamp}`, '9500.00', 40);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk Tin 400g ${stamp}`, '1350.50', 40);
  const noodles = await createProduct(page, ceo.businessId, `Indomie Chicken 70g ${stamp}`, '250.00', 40);
  return { rice, milk, noodles, stamp };
}

/** The counter, open and holding its copy of the products (it copies them on its first online visit). */
export async function openCounter(page: Page, ceo: Ceo) {
  await page.goto(`/business/${ceo.slug}/sell`);
  await expect(page.getByRole('heading', { name: 'Sell' })).toBeVisible();
  await expect(page.getByText(/products as of/)).toBeVisible({ timeout: 20_000 });
  // The shift may start offline from here: the installed app must be in charge of the page first.
  await workerInCharge(page);
}

/** Every tap the clerk makes goes through here, so that a test can count them. */
export function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.tap();
    },
    get count() {
      return taps;
    },
  };
}

/** Types into the search box (typing is not a tap) and taps the product found. */
export async function addBySearch(page: Page, typed: string, name: string, tap = (target: Locator) => target.tap()) {
  await page.getByLabel('Search products').fill(typed);
  await tap(page.getByRole('button', { name: `Add ${name}` }));
}

/** The sales the server holds for this business, newest first. */
export async function salesOf(page: Page, ceo: Ceo) {
  return apiCall(page, ENDPOINTS.sales.listSales, { business_id: ceo.businessId });
}

/** The header's count of sales and debt payments on this phone that have not reached the server. */
export const waitingCount = (page: Page, count: number) =>
  page.getByRole('button', { name: new RegExp(`^(Offline\\. )?Waiting to send: ${count} \\(`) });

/** The header's button that opens the list of what this phone holds, whatever its count. */
export const outboxButton = (page: Page) => page.getByRole('button', { name: /^(Offline\. )?Waiting to send: \d+ \(/ });

type Device = { device_id: string; prefix: string; last_sequence: number };

/** A phone registered to sell for the business, through the API as the counter registers itself. */
export async function registerPhone(page: Page, ceo: Ceo): Promise<Device> {
  const answer = await apiCall(page, ENDPOINTS.counter.registerDevice, {
    business_id: ceo.businessId,
    device_id: randomUUID(),
  });
  return { ...answer.device };
}

/**
 * A sale sent from the phone's outbox as the counter sends it, paid in cash in full, each line at the given
 * unit price (another price than the product's makes a price flag; more than the stock, a shortfall).
 */
export async function counterSaleViaApi(
  page: Page,
  ceo: Ceo,
  device: Device,
  lines: { product_id: number; quantity: number; unit_price: string }[],
) {
  device.last_sequence += 1;
  return apiCall(page, ENDPOINTS.counter.recordCounterSale, {
    business_id: ceo.businessId,
    client_sale_id: randomUUID(),
    device_id: device.device_id,
    receipt_number: `${device.prefix}-${String(device.last_sequence).padStart(4, '0')}`,
    sold_at: new Date().toISOString(),
    catalogue_version: null,
    customer: null,
    lines,
    payments: [{ method: 'cash', amount: counterTotals(lines, []).total }],
  });
}
