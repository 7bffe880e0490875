import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { type Owner, signUpCeo } from './factories';
import { type ApiClient, apiClient } from './http';

/** A test file's shop: the app on a database of its own, a client of its API, and a CEO with a business. */
export type Shop = { t: TestApp; api: ApiClient; ceo: Owner };

/**
 * Opens a shop before the file's first test and closes it after its last (call it at the top of the file). Its
 * fields are filled in once the tests run: read them there (`shop.t`, `shop.api`, `shop.ceo`), never at import.
 */
export function useShop(options: Parameters<typeof createTestApp>[0] = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    shop.t = await createTestApp(options);
    shop.api = apiClient(shop.t.app);
    shop.ceo = await signUpCeo(shop.t);
  });
  afterAll(() => shop.t.close());
  return shop;
}
