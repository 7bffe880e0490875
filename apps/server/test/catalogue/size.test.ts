import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { CATALOGUE_PAGE_SIZE, type Catalogue, ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { type Owner, signUpCeo } from '../factories';
import { apiClient } from '../http';
import { settledCopy } from './copy';

/**
 * Issue 53's budget: a catalogue of 5,000 products and 500 customers reaches the phone in at most 600 KB of gzip,
 * every page counted, as the bytes come off the server's own HTTP stack (its compression included).
 */

const BUDGET_BYTES = 600 * 1024;

let t: TestApp;
let ceo: Owner;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  ceo = await signUpCeo(t);
  // Products as a shop has them, written in five transactions: names, SKUs and 13-digit barcodes that differ,
  // prices, some wholesale prices and discounts, one or two batches, some expiring.
  for (let part = 0; part < 5; part++) {
    await t.database.pool.query(
      `with made as (
         insert into products (business_id, product_name, sku, barcode, cost_price, selling_price,
           selling_price_discount_percentage, wholesale_price)
         select $1,
           (array['Peak Milk', 'Indomie', 'Golden Penny Semovita', 'Dangote Sugar', 'Milo', 'Titus Sardine',
             'Kings Oil', 'Gala', 'Coca-Cola', 'Omo'])[1 + i % 10] || ' ' || (50 + i % 950) || 'g ' || substr(md5(i::text), 1, 5),
           upper(substr(md5('s' || i), 1, 3)) || '-' || i,
           lpad((6150000000000 + i * 7919)::text, 13, '0'),
           (100 + (i * 37) % 9000)::numeric(14, 2), (150 + (i * 37) % 9000 + i % 100)::numeric(14, 2),
           case when i % 7 = 0 then 5 else 0 end,
           case when i % 3 = 0 then (140 + (i * 37) % 9000)::numeric(14, 2) end
         from generate_series($2::int * 1000 + 1, $2::int * 1000 + 1000) i
         returning business_id, id)
       insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date)
       select business_id, id, 'B-' || n, (id * 13 + n) % 400, case when id % 4 = 0 then current_date + (id % 300)::int end
       from made cross join generate_series(1, 1 + (id % 2)::int) n`,
      [ceo.businessId, part],
    );
  }
  await t.database.pool.query(
    `with people as (
       insert into users (first_name, last_name, username, password_hash, phone_number, is_active)
       select (array['Bisi', 'Chidi', 'Amaka', 'Tunde', 'Ngozi', 'Emeka', 'Funke', 'Yusuf'])[1 + i % 8],
         (array['Adeyemi', 'Okafor', 'Bello', 'Eze', 'Okonkwo', 'Balogun', 'Ibrahim'])[1 + i % 7] || ' ' || i,
         'customer.' || i || '.' || $2, 'x', '+23480' || lpad((31000000 + i * 17)::text, 8, '0'), true
       from generate_series(1, 500) i
       returning id)
     insert into memberships (business_id, user_id, role, is_active) select $1, id, 'customer', true from people`,
    [ceo.businessId, ceo.businessId],
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** One page over HTTP asking for gzip, as a phone's browser does: the bytes on the wire and the page they hold. */
function fetchGzipped(query: Record<string, string>): Promise<{ wire: number; encoding: string; page: Catalogue }> {
  const url = new URL(`${origin}/api/v1${ENDPOINTS.catalogue.getCatalogue.path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { headers: { authorization: `Bearer ${ceo.token}`, 'accept-encoding': 'gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const text = (encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          if (response.statusCode !== 200) return reject(new Error(`${response.statusCode}: ${text}`));
          resolve({ wire: body.length, encoding, page: JSON.parse(text).response_data as Catalogue });
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

it('copies 5,000 products and 500 customers in at most 600 KB of gzip over all its pages', async () => {
  await settledCopy(t, apiClient(t.app), ceo);
  let wire = 0;
  let products = 0;
  let customers = 0;
  const pages: number[] = [];
  let cursor: number | null = null;
  do {
    const query: Record<string, string> = { business_id: String(ceo.businessId) };
    if (cursor !== null) query.cursor = String(cursor);
    const answer = await fetchGzipped(query);
    expect(answer.encoding).toBe('gzip');
    wire += answer.wire;
    products += answer.page.products.length;
    customers += answer.page.customers.length;
    pages.push(answer.page.products.length);
    cursor = answer.page.next_cursor;
  } while (cursor !== null);
  expect(products).toBe(5_000);
  expect(customers).toBe(500);
  expect(pages.length).toBeGreaterThan(1);
  expect(pages.every((size) => size <= CATALOGUE_PAGE_SIZE)).toBe(true);
  expect(wire, `${pages.length} pages, ${wire} bytes of gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
});
