import type pg from 'pg';

/** Words of a Nigerian provisions shop: names repeat across brands and sizes, as in a real catalogue. */
const BRANDS = [
  'Golden Penny',
  'Dangote',
  'Peak',
  'Milo',
  'Indomie',
  'Honeywell',
  'Dano',
  'Power',
  'Mama Gold',
  'Kings',
  'Devon',
  'Titus',
  'Gino',
  'Tasty Tom',
  'Lipton',
  'Bournvita',
  'Nestle',
  'Cowbell',
  'Three Crowns',
  'Ola-Ola',
  'Mr Chef',
  'Checkers',
  'Royal Stallion',
  'Caprice',
  'Eva',
  'Hollandia',
  'Chi',
  'Omo',
  'Ariel',
  'Klin',
  'Joy',
  'Premier',
  'Dettol',
  'Close Up',
  'Pepsodent',
  'Oral-B',
  'Kellogg',
  'Nasco',
  'Beloxxi',
  'Yale',
];
const ITEMS = [
  'Rice',
  'Spaghetti',
  'Noodles',
  'Milk',
  'Sugar',
  'Salt',
  'Flour',
  'Semovita',
  'Vegetable Oil',
  'Tomato Paste',
  'Sardines',
  'Tea',
  'Cocoa Drink',
  'Biscuits',
  'Detergent',
  'Soap',
  'Toothpaste',
  'Custard',
  'Cornflakes',
  'Beans',
  'Groundnut Oil',
  'Seasoning Cubes',
  'Macaroni',
  'Oat Meal',
  'Yoghurt',
  'Juice',
  'Malt Drink',
  'Table Water',
  'Bleach',
  'Sponge',
  'Tissue Paper',
  'Sanitary Pads',
  'Diapers',
  'Baby Food',
  'Chin Chin',
  'Plantain Chips',
  'Garri',
  'Poundo Yam',
  'Palm Oil',
  'Crayfish',
  'Curry Powder',
  'Thyme',
  'Mayonnaise',
  'Ketchup',
  'Margarine',
  'Peanut Butter',
  'Honey',
  'Corned Beef',
  'Mackerel',
  'Evaporated Milk',
];
const SIZES = [
  '50g',
  '100g',
  '250g',
  '400g',
  '500g',
  '1kg',
  '2kg',
  '5kg',
  '10kg',
  '25kg',
  '50kg',
  '35cl',
  '50cl',
  '1L',
  '2L',
  '5L',
  'Sachet',
  'Tin',
  'Carton',
  'Pack of 12',
];

const sqlArray = (words: string[]) => `array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(', ')}]`;

/** The categories a shop files its products under (ADR 0023): each product in one, in turn. */
export const CATEGORIES = [
  'Drinks',
  'Noodles & Pasta',
  'Rice & Grains',
  'Milk & Beverages',
  'Cooking Oil',
  'Seasoning',
  'Canned Food',
  'Biscuits & Snacks',
  'Cereals',
  'Household',
  'Toiletries',
  'Baby Care',
  'Flour & Swallow',
  'Sauces & Spreads',
  'Frozen',
  'Tea & Coffee',
  'Sugar & Salt',
  'Beans & Legumes',
  'Cleaning',
  'Water',
];

/**
 * Fills one business with `count` products in a few set-based statements: the
 * catalogue filed under the twenty categories in turn (a twentieth of it each),
 * half of it with a reorder level (5 to 24 units, as a shop sets them: the
 * overview's low stock reads those), one to three batches each (about one product in
 * eight sold out, some batches expired, some without expiry), and one opening movement
 * per stocked batch so that the ledger invariant holds on the generated data too.
 */
export async function generateCatalogue(client: pg.PoolClient, businessId: number, count: number): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into product_categories (business_id, name) select $1, name from unnest(${sqlArray(CATEGORIES)}) as name`,
    [businessId],
  );
  await client.query(
    `with filed as (select array_agg(id order by id) as ids from product_categories where business_id = $1)
     insert into products (business_id, product_name, sku, cost_price, selling_price, currency, reorder_level,
       category_id, created_at, updated_at)
     select $1,
            (${sqlArray(BRANDS)})[1 + i % ${BRANDS.length}] || ' ' ||
            (${sqlArray(ITEMS)})[1 + (i / ${BRANDS.length}) % ${ITEMS.length}] || ' ' ||
            (${sqlArray(SIZES)})[1 + (i / ${BRANDS.length * ITEMS.length}) % ${SIZES.length}],
            'SKU-' || lpad(i::text, 6, '0'),
            (100 + (i * 37) % 90000)::numeric(14, 2),
            (150 + (i * 37) % 90000 + (i % 500))::numeric(14, 2),
            'NGN',
            case when i % 2 = 0 then 5 + i % 20 end,
            filed.ids[1 + i % ${CATEGORIES.length}],
            now() - make_interval(mins => $2 - i),
            now() - make_interval(mins => $2 - i)
     from generate_series(1, $2) as i cross join filed`,
    [businessId, count],
  );
  await client.query(
    `insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date, cost_price)
     select p.business_id, p.id, 'LOT-' || p.id || '-' || n,
            case when p.id % 8 = 0 then 0 else (p.id * 7 + n * 13) % 200 end,
            case (p.id + n) % 5
              when 0 then null
              when 1 then current_date - ((p.id % 90) + 1)::int
              else current_date + ((p.id * n) % 400)::int
            end,
            p.cost_price
     from products p
     cross join lateral generate_series(1, 1 + p.id % 3) as n
     where p.business_id = $1`,
    [businessId],
  );
  await client.query(
    `insert into stock_movements (business_id, product_id, batch_id, delta, reason)
     select business_id, product_id, id, quantity, 'initial'
     from product_batches where business_id = $1 and quantity > 0`,
    [businessId],
  );
  await client.query('commit');
  await client.query('vacuum analyze products, product_categories, product_batches, stock_movements');
}
