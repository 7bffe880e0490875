import { CATALOGUE_SEARCH_LIMIT, ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createProduct, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The search a partial copy's counter makes online (GET /counter/catalogue/search/): the business's live products
 * matching a name, SKU or barcode, shaped as the copy holds them, the exact code first.
 */

let t: TestApp;
let api: ApiClient;
let ceo: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
});
afterAll(() => t.close());

const search = (owner: { token: string; businessId: number }, text: string) =>
  api.call(
    ENDPOINTS.catalogue.searchCatalogue,
    { business_id: owner.businessId, search: text },
    { token: owner.token },
  );

describe('searching the whole catalogue', () => {
  it('finds by name, SKU or barcode, a scanned code first, live products only, as the copy holds them', async () => {
    const named = await createProduct(t, ceo, { product_name: 'Golden Penny Semovita 1kg', selling_price: '1800.00' });
    const coded = await createProduct(t, ceo, { product_name: 'Zobo Drink', barcode: '6151100220011' });
    const archived = await createProduct(t, ceo, { product_name: 'Golden Penny Spaghetti' });
    await api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: ceo.businessId, id: archived.id },
      { token: ceo.token },
    );

    const byName = await search(ceo, 'golden penny');
    expect(byName.status).toBe(200);
    expect(byName.data.products).toEqual([
      expect.objectContaining({
        id: named.id,
        product_name: 'Golden Penny Semovita 1kg',
        selling_price: '1800.00',
        is_removed: false,
        version: expect.any(Number),
      }),
    ]);
    expect((await search(ceo, named.sku)).data.products.map((product) => product.id)).toEqual([named.id]);
    expect((await search(ceo, '6151100220011')).data.products.map((product) => product.id)).toEqual([coded.id]);
    // The code a scanner types is the product's own before any name that merely contains it.
    const lookalike = await createProduct(t, ceo, { product_name: `Case of ${coded.sku}` });
    expect((await search(ceo, coded.sku)).data.products.map((product) => product.id)).toEqual([coded.id, lookalike.id]);
  });

  it("finds a product by its pack's barcode, first, with the pack to add; never by another business's pack", async () => {
    const indomie = await createProduct(t, ceo, {
      product_name: 'Indomie Chicken 70g',
      base_unit: 'pack',
      packs: [{ name: 'carton', units: 40, selling_price: '5800.00', barcode: 'Ctn6154000090401' }],
    });
    // A product whose own code merely contains the carton's comes after it.
    const lookalike = await createProduct(t, ceo, { product_name: 'Carton label', sku: 'X-CTN6154000090401' });
    const found = (await search(ceo, 'Ctn6154000090401')).data.products;
    expect(found.map((product) => product.id)).toEqual([indomie.id, lookalike.id]);
    expect(found[0]?.packs).toEqual([
      expect.objectContaining({ name: 'carton', units: 40, selling_price: '5800.00', barcode: 'Ctn6154000090401' }),
    ]);
    // Scanners type codes in either case; the pack's code is found as the product's own are.
    expect((await search(ceo, 'CTN6154000090401')).data.products[0]?.id).toBe(indomie.id);

    const neighbour = await signUpCeo(t);
    await createProduct(t, neighbour, {
      product_name: 'Their Indomie',
      packs: [{ name: 'carton', units: 40, selling_price: '5000.00', barcode: 'THEIR-CARTON-1' }],
    });
    expect((await search(ceo, 'THEIR-CARTON-1')).data.products).toEqual([]);
  });

  it(`answers at most ${CATALOGUE_SEARCH_LIMIT}, and never another business's products`, async () => {
    const neighbour = await signUpCeo(t);
    const theirs = await createProduct(t, neighbour, { product_name: 'Peak Milk Neighbour' });
    for (let made = 0; made < CATALOGUE_SEARCH_LIMIT + 2; made += 1)
      await createProduct(t, ceo, { product_name: `Peak Milk ${made}` });
    const found = (await search(ceo, 'peak milk')).data.products.map((product) => product.id);
    expect(found).toHaveLength(CATALOGUE_SEARCH_LIMIT);
    expect(found).not.toContain(theirs.id);
    // Naming the other business answers as a business that does not exist does.
    expect((await search({ token: ceo.token, businessId: neighbour.businessId }, 'peak')).status).toBe(404);
  });

  it('is for those who sell: a salesperson may, a customer may not; an empty search is refused with words', async () => {
    const seller = await memberLoggedIn(t, ceo.businessId, 'sales_person');
    expect((await search(seller, 'zobo')).status).toBe(200);
    const customer = await memberLoggedIn(t, ceo.businessId, 'customer');
    expect((await search(customer, 'zobo')).status).toBe(403);
    const empty = await search(ceo, '   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('search');
  });
});
