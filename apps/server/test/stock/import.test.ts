import { crc32, createDeflateRaw } from 'node:zlib';
import {
  ENDPOINTS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IMPORT_MESSAGES,
  MESSAGES,
  STOCK_MESSAGES,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  product_batches,
  product_categories,
  product_packs,
  product_price_changes,
  products,
  stock_movements,
} from '../../src/db/schema';
import { lagosDay, ledgerMismatches, signUpCeo } from '../factories';
import { lockWaiters } from '../lock-waiters';
import { useShop } from '../shop';

const shop = useShop();
let businessId: number;
beforeAll(() => {
  businessId = shop.ceo.business.id;
});

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const csv = (lines: string[]) => b64(`${lines.join('\n')}\n`);

const preview = (content: string, token = shop.ceo.token, business = businessId) =>
  shop.api.call(
    ENDPOINTS.stock.previewImport,
    { business_id: business, file_name: 'products.csv', content_base64: content },
    { token },
  );
const importFile = (content: string, options: { key?: string; token?: string; business?: number } = {}) =>
  shop.api.call(
    ENDPOINTS.stock.importProducts,
    { business_id: options.business ?? businessId, file_name: 'products.csv', content_base64: content },
    { token: options.token ?? shop.ceo.token, headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {} },
  );

async function countOf(table: typeof products | typeof stock_movements | typeof product_batches, business: number) {
  const [row] = await shop.t.db.select({ value: count() }).from(table).where(eq(table.business_id, business));
  return row?.value ?? 0;
}

/** Every product, pack, batch and movement row of a business as it is stored, to prove an import changed nothing. */
async function snapshot(business: number) {
  const rows = await Promise.all([
    shop.t.db.select().from(products).where(eq(products.business_id, business)).orderBy(products.id),
    shop.t.db.select().from(product_packs).where(eq(product_packs.business_id, business)).orderBy(product_packs.id),
    shop.t.db
      .select()
      .from(product_batches)
      .where(eq(product_batches.business_id, business))
      .orderBy(product_batches.id),
    countOf(stock_movements, business),
  ]);
  return JSON.stringify(rows);
}

async function productBySku(sku: string, business = businessId) {
  const [row] = await shop.t.db
    .select()
    .from(products)
    .where(and(eq(products.business_id, business), eq(products.sku, sku), isNull(products.archived_at)));
  return row;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A fresh business of its own, so that counts are this test's alone. */
async function freshShop() {
  const owner = await signUpCeo(shop.t);
  return { token: owner.token, business: owner.business.id };
}

describe('POST /stock/products/import/preview/', () => {
  it('matches headings by name whatever their case, spacing or synonym, and lists each bad row with its reason, writing nothing', async () => {
    const { token, business } = await freshShop();
    const file = csv([
      ' PRODUCT NAME ,item_code,Buying Price,Retail-Price,QTY,Expiry,Colour',
      `Peak Milk 400g,PEAK-400,1800,"2,100",12,${lagosDay(90)},white`,
      'Milo 500g,MILO-500,₦2500,3000,4,,',
      'Duplicate Milo,milo-500,2500,3000,4,,',
      'Bad price,BAD-1,abc,3000,4,,',
      'Bad quantity,BAD-2,100,150,1.5,,',
      'Bad date,BAD-3,100,150,3,31/02/2027,',
      `${'N'.repeat(201)},BAD-4,100,150,3,,`,
      `Old stock,BAD-5,100,150,3,${lagosDay(-3)},`,
      ',BAD-6,100,150,3,,',
      `Day first,DAY-1,100,150,3,25/12/2030,`,
    ]);
    const before = await snapshot(business);
    const answer = await preview(file, token, business);
    expect(answer.status, answer.body.response_description).toBe(200);
    expect(answer.body.response_description).toBe(IMPORT_MESSAGES.previewed);
    expect(answer.data.columns.map((column) => column.field)).toEqual([
      'product_name',
      'sku',
      'cost_price',
      'selling_price',
      'quantity',
      'expiration_date',
      null,
    ]);
    expect(answer.data.counts).toEqual({ new: 3, updated: 0, unchanged: 0, bad: 7, stock_kept: 0 });
    expect(answer.data.rows.map((row) => [row.row, row.status, row.sku])).toEqual([
      [2, 'new', 'PEAK-400'],
      [3, 'new', 'MILO-500'],
      [11, 'new', 'DAY-1'],
    ]);
    const reasons = Object.fromEntries(answer.data.errors.map((error) => [error.row, error.message]));
    expect(reasons[4]).toBe(IMPORT_MESSAGES.duplicateSku(3));
    expect(reasons[5]).toContain(MESSAGES.product.costPositive.split(' ')[0]);
    expect(reasons[6]).toBe(`Quantity: ${STOCK_MESSAGES.wholeQuantity}`);
    expect(reasons[7]).toBe(IMPORT_MESSAGES.date);
    expect(reasons[8]).toMatch(/200/);
    expect(reasons[9]).toBe(IMPORT_MESSAGES.expiryPassed);
    expect(reasons[10]).toBe(MESSAGES.product.nameMin);
    expect(await snapshot(business)).toBe(before);
  });

  it('refuses a file without the columns a product needs, naming them', async () => {
    const answer = await preview(csv(['Name,SKU', 'Rice,R-1']));
    expect(answer.status).toBe(400);
    expect(answer.body.response_description).toBe(IMPORT_MESSAGES.missingColumns(['Cost price', 'Selling price']));
  });

  it('refuses a file that is not a sheet, and content that is not base64', async () => {
    const junk = await preview(b64(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])));
    expect(junk.status).toBe(400);
    expect(junk.body.response_description).toBe(IMPORT_MESSAGES.unreadable);
    const text = await preview('not base64!');
    expect(text.status).toBe(400);
    expect(text.body.response_description).toBe(IMPORT_MESSAGES.notBase64);
  });

  it('refuses a row whose SKU and barcode belong to two different products', async () => {
    const { token, business } = await freshShop();
    await importFile(csv(['Name,SKU,Barcode,Cost,Price', 'Tea,TEA-1,111111,10,20', 'Sugar,SUG-1,222222,10,20']), {
      token,
      business,
    });
    const answer = await preview(csv(['Name,SKU,Barcode,Cost,Price', 'Tea,TEA-1,222222,10,20']), token, business);
    expect(answer.data.errors).toEqual([{ row: 2, message: IMPORT_MESSAGES.codesDisagree }]);
  });
});

describe('POST /stock/products/import/', () => {
  const file = csv([
    'Name,SKU,Barcode,Cost price,Selling price,Wholesale price,Reorder level,Quantity,Expiry date,Batch number',
    `Indomie Chicken 70g,IND-70,6154000000011,180,250,230,24,40,${lagosDay(200)},LOT-7`,
    'Garri 1kg,GAR-1,,900,1200,,,0,,',
    'Bad one,BAD-1,,0,1200,,,3,,',
  ]);

  it('writes the good rows in one go, each new product with its first batch through the ledger', async () => {
    const { token, business } = await freshShop();
    const answer = await importFile(file, { token, business });
    expect(answer.status, answer.body.response_description).toBe(200);
    expect(answer.body.response_description).toBe(IMPORT_MESSAGES.imported);
    expect(answer.data.counts).toEqual({ new: 2, updated: 0, unchanged: 0, bad: 1, stock_kept: 0 });
    const indomie = await productBySku('IND-70', business);
    expect(indomie).toMatchObject({
      product_name: 'Indomie Chicken 70g',
      barcode: '6154000000011',
      cost_price: '180.00',
      selling_price: '250.00',
      wholesale_price: '230.00',
      reorder_level: 24,
    });
    const batches = await shop.t.db
      .select()
      .from(product_batches)
      .where(and(eq(product_batches.business_id, business), eq(product_batches.product_id, indomie?.id ?? 0)));
    expect(batches).toMatchObject([
      { batch_number: 'LOT-7', quantity: 40, expiration_date: lagosDay(200), cost_price: '180.00' },
    ]);
    const movements = await shop.t.db
      .select()
      .from(stock_movements)
      .where(and(eq(stock_movements.business_id, business), eq(stock_movements.product_id, indomie?.id ?? 0)));
    expect(movements).toMatchObject([{ delta: 40, reason: 'initial' }]);
    expect(await ledgerMismatches(shop.t, business)).toEqual([]);
    expect(await productBySku('BAD-1', business)).toBeUndefined();
  });

  it('changes nothing when the same file is imported again', async () => {
    const { token, business } = await freshShop();
    await importFile(file, { token, business });
    const before = await snapshot(business);
    const again = await importFile(file, { token, business });
    expect(again.status).toBe(200);
    expect(again.data.counts).toEqual({ new: 0, updated: 0, unchanged: 2, bad: 1, stock_kept: 0 });
    expect(await snapshot(business)).toBe(before);
  });

  it('updates what a changed file changes, says so in the preview, and never moves stock', async () => {
    const { token, business } = await freshShop();
    await importFile(file, { token, business });
    const changed = csv([
      'Name,SKU,Barcode,Cost price,Selling price,Wholesale price,Reorder level,Quantity,Expiry date',
      `Indomie Chicken 70g,IND-70,6154000000011,200,280,,24,55,${lagosDay(200)}`,
      'Garri 1kg,GAR-1,,900,1200,,,0,',
      'Rice 5kg,RIC-5,,4000,5000,,,10,',
    ]);
    const seen = await preview(changed, token, business);
    expect(seen.data.counts).toEqual({ new: 1, updated: 1, unchanged: 1, bad: 0, stock_kept: 1 });
    expect(seen.data.rows).toEqual([
      {
        row: 2,
        status: 'updated',
        product_name: 'Indomie Chicken 70g',
        sku: 'IND-70',
        changes: ['cost_price', 'selling_price', 'wholesale_price'],
      },
      { row: 4, status: 'new', product_name: 'Rice 5kg', sku: 'RIC-5', changes: [] },
    ]);
    const garriBefore = await productBySku('GAR-1', business);
    const done = await importFile(changed, { token, business });
    expect(done.data.counts).toEqual(seen.data.counts);
    expect(await productBySku('IND-70', business)).toMatchObject({
      cost_price: '200.00',
      selling_price: '280.00',
      wholesale_price: null,
    });
    expect(await productBySku('GAR-1', business)).toEqual(garriBefore);
    // A price the file changed is in the product's price history, as an edit on the form would be.
    const history = await shop.t.db
      .select()
      .from(product_price_changes)
      .where(eq(product_price_changes.business_id, business));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ new_selling_price: '280.00', new_wholesale_price: null, repricing_id: null });
    expect(history[0]?.old_selling_price).not.toBe('280.00');
    const [stock] = await shop.t.db
      .select({ quantity: product_batches.quantity })
      .from(product_batches)
      .innerJoin(
        products,
        and(eq(products.business_id, product_batches.business_id), eq(products.id, product_batches.product_id)),
      )
      .where(and(eq(products.business_id, business), eq(products.sku, 'IND-70')));
    expect(stock?.quantity).toBe(40);
    expect(await ledgerMismatches(shop.t, business)).toEqual([]);
  });

  it('files each product under the Category column, one category per name whatever its case; a changed one moves it', async () => {
    const { token, business } = await freshShop();
    const categoryOf = async (sku: string) => {
      const [row] = await shop.t.db
        .select({ name: product_categories.name })
        .from(products)
        .innerJoin(
          product_categories,
          and(
            eq(product_categories.business_id, products.business_id),
            eq(product_categories.id, products.category_id),
          ),
        )
        .where(and(eq(products.business_id, business), eq(products.sku, sku)));
      return row?.name ?? null;
    };
    const first = csv([
      'Name,SKU,Group,Cost price,Selling price',
      'Coke 50cl,COKE-50,Drinks,200,300',
      'Fanta 50cl,FANTA-50,drinks,200,300',
      'Garri 1kg,GAR-1,,900,1200',
    ]);
    expect((await importFile(first, { token, business })).data.counts).toMatchObject({ new: 3, bad: 0 });
    expect([await categoryOf('COKE-50'), await categoryOf('FANTA-50'), await categoryOf('GAR-1')]).toEqual([
      'Drinks',
      'Drinks',
      null,
    ]);
    const categories = await shop.t.db
      .select()
      .from(product_categories)
      .where(eq(product_categories.business_id, business));
    expect(categories).toHaveLength(1);
    // The same names in another case are no change; a new name is.
    const again = csv([
      'Name,SKU,Category,Cost price,Selling price',
      'Coke 50cl,COKE-50,DRINKS,200,300',
      'Fanta 50cl,FANTA-50,Soft drinks,200,300',
      'Garri 1kg,GAR-1,,900,1200',
    ]);
    const seen = await preview(again, token, business);
    expect(seen.data.counts).toMatchObject({ updated: 1, unchanged: 2 });
    expect(seen.data.rows).toEqual([
      { row: 3, status: 'updated', product_name: 'Fanta 50cl', sku: 'FANTA-50', changes: ['category'] },
    ]);
    await importFile(again, { token, business });
    expect(await categoryOf('FANTA-50')).toBe('Soft drinks');
    expect(await categoryOf('COKE-50')).toBe('Drinks');
  });

  it('matches a product by its barcode when the SKU is blank, and by its name when a row has neither', async () => {
    const { token, business } = await freshShop();
    await importFile(csv(['Name,SKU,Barcode,Cost,Price', 'Tea,TEA-1,111111,10,20', 'Salt,,,5,8']), { token, business });
    const answer = await preview(
      csv(['Name,SKU,Barcode,Cost,Price', 'Tea,,111111,10,25', 'Salt,,,5,8']),
      token,
      business,
    );
    expect(answer.data.counts).toMatchObject({ new: 0, updated: 1, unchanged: 1 });
    expect(answer.data.rows).toMatchObject([{ row: 2, status: 'updated', changes: ['selling_price'] }]);
  });

  it('with one Idempotency-Key writes once and answers the retry as a replay; the key with another file is refused', async () => {
    const { token, business } = await freshShop();
    const key = 'import-key-0001';
    const first = await importFile(file, { token, business, key });
    expect(first.status).toBe(200);
    const before = await snapshot(business);
    const retry = await importFile(file, { token, business, key });
    expect(retry.status).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(await snapshot(business)).toBe(before);
    // The retry says what the import did, not what the file would do now (everything unchanged).
    expect(retry.data.counts).toEqual({ new: 2, updated: 0, unchanged: 0, bad: 1, stock_kept: 0 });
    expect(retry.data.counts).toEqual(first.data.counts);
    const other = await importFile(csv(['Name,Cost,Price', 'Beans,10,20']), { token, business, key });
    expect(other.status).toBe(409);
    expect(await snapshot(business)).toBe(before);
  });

  it('reads an Excel file: number, date and text cells', async () => {
    const { token, business } = await freshShop();
    const expiry = lagosDay(120);
    const bytes = await xlsx([
      ['Product', 'SKU', 'Barcode', 'Cost', 'Price', 'Qty', 'Expiry'],
      ['Sardines', 'SAR-1', 5449000000996, 450.5, 600, 30, new Date(`${expiry}T00:00:00Z`)],
      ['Bad', 'BAD-1', '', 'ten', 600, 3, ''],
    ]);
    const answer = await importFile(b64(bytes), { token, business });
    expect(answer.status, answer.body.response_description).toBe(200);
    expect(answer.data.counts).toMatchObject({ new: 1, bad: 1 });
    expect(await productBySku('SAR-1', business)).toMatchObject({ barcode: '5449000000996', cost_price: '450.50' });
    const [batch] = await shop.t.db.select().from(product_batches).where(eq(product_batches.business_id, business));
    expect(batch).toMatchObject({ quantity: 30, expiration_date: expiry });
  });

  it('imports 3,000 products in under 10 seconds, ledger = batches', async () => {
    const { token, business } = await freshShop();
    const lines = ['Name,SKU,Barcode,Cost price,Selling price,Quantity,Expiry date'];
    for (let i = 1; i <= 3000; i++)
      lines.push(`Product ${i},SKU-${i},BC${i},${100 + i},${150 + i}.50,${i % 50},${lagosDay(30 + (i % 300))}`);
    const started = performance.now();
    const answer = await importFile(csv(lines), { token, business });
    const seconds = (performance.now() - started) / 1000;
    expect(answer.status, answer.body.response_description).toBe(200);
    expect(answer.data.counts.new).toBe(3000);
    expect(seconds).toBeLessThan(10);
    expect(await countOf(products, business)).toBe(3000);
    expect(await ledgerMismatches(shop.t, business)).toEqual([]);
  }, 30_000);
});

describe('export and the round trip', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`an exported ${format} imported back changes nothing`, async () => {
      const { token, business } = await freshShop();
      await importFile(
        csv([
          'Name,SKU,Barcode,Cost price,Selling price,Wholesale price,Reorder level,Quantity,Expiry date',
          `"Rice, long grain",RICE-1,0012345,900.50,1200,1100,5,10,${lagosDay(60)}`,
          '=cmd formula,EQ-1,,10,20,,,0,',
          'Ẹ̀gúsí ₦ seeds,EGU-1,,300,450,,,3,',
        ]),
        { token, business },
      );
      const exported = await shop.api.call(
        ENDPOINTS.stock.exportProducts,
        { business_id: business, format },
        { token },
      );
      expect(exported.status).toBe(200);
      expect(String(exported.headers['content-disposition'])).toContain(`.${format}`);
      const before = await snapshot(business);
      const seen = await preview(b64(exported.raw), token, business);
      expect(seen.status, seen.body.response_description).toBe(200);
      expect(seen.data.counts).toEqual({ new: 0, updated: 0, unchanged: 3, bad: 0, stock_kept: 0 });
      const again = await importFile(b64(exported.raw), { token, business });
      expect(again.data.counts.unchanged).toBe(3);
      expect(await snapshot(business)).toBe(before);
    });
  }

  it('the template reads back as one new product', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await shop.api.call(
        ENDPOINTS.stock.importTemplate,
        { business_id: businessId, format },
        { token: shop.ceo.token },
      );
      expect(template.status).toBe(200);
      const seen = await preview(b64(template.raw));
      expect(seen.data.counts).toMatchObject({ new: 1, bad: 0 });
    }
  });
});

/** A product's packs as stored, fewest units first. */
async function packsOfSku(sku: string, business: number) {
  const product = await productBySku(sku, business);
  return shop.t.db
    .select({
      id: product_packs.id,
      name: product_packs.name,
      units: product_packs.units,
      selling_price: product_packs.selling_price,
      wholesale_price: product_packs.wholesale_price,
      barcode: product_packs.barcode,
    })
    .from(product_packs)
    .where(and(eq(product_packs.business_id, business), eq(product_packs.product_id, product?.id ?? 0)))
    .orderBy(product_packs.units);
}

describe('base unit and pack sizes in the sheet', () => {
  const heading =
    'Name,SKU,Barcode,Cost price,Selling price,Base unit,Pack 1 name,Pack 1 units,Pack 1 price,Pack 1 wholesale price,Pack 1 barcode,pack_2_name,pack_2_units,pack_2_price,pack_2_wholesale_price,pack_2_barcode';
  const good = [
    'Indomie Onion 70g,IND-ON,6154000000011,180,250,pack,Carton,40,"₦9,500",9200,6154000000028,half carton,20,4900,,',
    'Peak Milk 400g,PEAK-400,,1800,2100,Tin,carton,24,48000,,,,,,,',
    'Salt 500g,SALT-500,,100,150,,,,,,,,,,,',
  ];

  it('the preview reads the base unit and every pack group, and refuses each bad pack with its row and reason', async () => {
    const { token, business } = await freshShop();
    const answer = await preview(
      csv([
        heading,
        ...good,
        'One unit pack,BAD-1,,10,20,piece,box,1,100,,,,,,,',
        'No pack price,BAD-2,,10,20,piece,box,12,,,,,,,,',
        'Pack as unit,BAD-3,,10,20,box,box,12,200,,,,,,,',
        'Pack code is a product code,BAD-4,,10,20,piece,box,12,200,,6154000000011,,,,,',
        `${'Long unit'},BAD-5,,10,20,${'u'.repeat(21)},,,,,,,,,,`,
        'Two boxes,BAD-6,,10,20,piece,box,12,200,,,Box,6,100,,',
        'Units in words,BAD-7,,10,20,piece,box,twelve,200,,,,,,,',
        'Second group bad,BAD-8,,10,20,piece,,,,,,crate,0,100,,',
        'Pack without name,BAD-9,,10,20,piece,,12,200,,,,,,,',
      ]),
      token,
      business,
    );
    expect(answer.status, answer.body.response_description).toBe(200);
    expect(answer.data.columns.slice(5, 8).map((column) => column.field)).toEqual([
      'base_unit',
      'pack_1_name',
      'pack_1_units',
    ]);
    expect(answer.data.columns.at(-1)?.field).toBe('pack_2_barcode');
    expect(answer.data.counts).toMatchObject({ new: 3, bad: 9 });
    expect(answer.data.rows).toMatchObject([
      {
        row: 2,
        base_unit: 'pack',
        packs: [
          { name: 'carton', units: 40 },
          { name: 'half carton', units: 20 },
        ],
      },
      { row: 3, base_unit: 'tin', packs: [{ name: 'carton', units: 24 }] },
      { row: 4, base_unit: null, packs: [] },
    ]);
    const reasons = Object.fromEntries(answer.data.errors.map((error) => [error.row, error.message]));
    expect(reasons[5]).toBe(`Pack 1 units: ${UNITS_MESSAGES.packUnits}`);
    expect(reasons[6]).toBe(`Pack 1 price: ${UNITS_MESSAGES.packPrice}`);
    expect(reasons[7]).toBe(UNITS_MESSAGES.packNameIsBaseUnit);
    expect(reasons[8]).toBe(IMPORT_MESSAGES.duplicatePackBarcode(2));
    expect(reasons[9]).toBe(`Base unit: ${UNITS_MESSAGES.baseUnitTooLong}`);
    expect(reasons[10]).toBe(`Pack 2 name: ${UNITS_MESSAGES.packNameTaken}`);
    expect(reasons[11]).toBe(`Pack 1 units: ${UNITS_MESSAGES.packUnits}`);
    expect(reasons[12]).toBe(`Pack 2 units: ${UNITS_MESSAGES.packUnits}`);
    expect(reasons[13]).toBe(`Pack 1 name: ${UNITS_MESSAGES.packNameRequired}`);
    expect(await countOf(products, business)).toBe(0);
  });

  it('writes each product with its unit and packs; the same file again changes nothing', async () => {
    const { token, business } = await freshShop();
    const file = csv([heading, ...good]);
    const first = await importFile(file, { token, business });
    expect(first.status, first.body.response_description).toBe(200);
    expect(first.data.counts).toMatchObject({ new: 3, bad: 0 });
    expect(await productBySku('IND-ON', business)).toMatchObject({ base_unit: 'pack' });
    expect(await productBySku('SALT-500', business)).toMatchObject({ base_unit: 'piece' });
    expect(await packsOfSku('IND-ON', business)).toMatchObject([
      { name: 'half carton', units: 20, selling_price: '4900.00', wholesale_price: null, barcode: null },
      { name: 'carton', units: 40, selling_price: '9500.00', wholesale_price: '9200.00', barcode: '6154000000028' },
    ]);
    expect(await packsOfSku('SALT-500', business)).toEqual([]);
    const before = await snapshot(business);
    const again = await importFile(file, { token, business });
    expect(again.data.counts).toEqual({ new: 0, updated: 0, unchanged: 3, bad: 0, stock_kept: 0 });
    expect(await snapshot(business)).toBe(before);
  });

  it('a changed pack updates the product, a pack kept by name keeps its id, a blank group removes its pack; a sheet without pack columns leaves packs alone', async () => {
    const { token, business } = await freshShop();
    await importFile(csv([heading, ...good]), { token, business });
    const [half, carton] = await packsOfSku('IND-ON', business);
    const changed = csv([
      heading,
      'Indomie Onion 70g,IND-ON,6154000000011,180,250,pack,carton,40,9800,9200,6154000000028,,,,,',
      ...good.slice(1),
    ]);
    const seen = await preview(changed, token, business);
    expect(seen.data.counts).toMatchObject({ new: 0, updated: 1, unchanged: 2 });
    expect(seen.data.rows).toMatchObject([{ row: 2, status: 'updated', changes: ['packs'] }]);
    await importFile(changed, { token, business });
    expect(await packsOfSku('IND-ON', business)).toEqual([{ ...carton, selling_price: '9800.00' }]);
    expect(half).toBeDefined();

    const plain = await importFile(csv(['Name,SKU,Cost price,Selling price', 'Indomie Onion 70g,IND-ON,180,260']), {
      token,
      business,
    });
    expect(plain.data.counts).toMatchObject({ updated: 1 });
    expect(await packsOfSku('IND-ON', business)).toEqual([{ ...carton, selling_price: '9800.00' }]);
    expect(await productBySku('IND-ON', business)).toMatchObject({ base_unit: 'pack', selling_price: '260.00' });
  });

  it('refuses a pack code that another product or its pack holds in the catalogue, with the row', async () => {
    const { token, business } = await freshShop();
    await importFile(csv([heading, ...good]), { token, business });
    const answer = await preview(
      csv([
        heading,
        // Indomie's carton's code, then Indomie's own.
        'Rice 1kg,RICE-1,,900,1200,kg,bag,50,55000,,6154000000028,,,,,',
        'Sugar 1kg,SUG-1,,900,1200,kg,bag,50,55000,,6154000000011,,,,,',
      ]),
      token,
      business,
    );
    expect(answer.data.errors).toEqual([
      { row: 2, message: UNITS_MESSAGES.packBarcodeTaken },
      { row: 3, message: UNITS_MESSAGES.packBarcodeTaken },
    ]);
    // A product given the code of another product's pack.
    const product = await preview(
      csv([heading, 'Beans 1kg,BEAN-1,6154000000028,900,1200,kg,,,,,,,,,,']),
      token,
      business,
    );
    expect(product.data.errors).toEqual([{ row: 2, message: UNITS_MESSAGES.packBarcodeTaken }]);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`an exported ${format} carries units and packs, and imported back changes nothing`, async () => {
      const { token, business } = await freshShop();
      await importFile(csv([heading, ...good]), { token, business });
      const exported = await shop.api.call(
        ENDPOINTS.stock.exportProducts,
        { business_id: business, format },
        { token },
      );
      expect(exported.status).toBe(200);
      const before = await snapshot(business);
      const seen = await preview(b64(exported.raw), token, business);
      expect(seen.status, seen.body.response_description).toBe(200);
      expect(seen.data.columns.map((column) => column.field)).toContain('pack_2_barcode');
      expect(seen.data.counts).toEqual({ new: 0, updated: 0, unchanged: 3, bad: 0, stock_kept: 0 });
      await importFile(b64(exported.raw), { token, business });
      expect(await snapshot(business)).toBe(before);

      // Into another shop, the same file makes the same catalogue: units and packs with it.
      const other = await freshShop();
      const copied = await importFile(b64(exported.raw), other);
      expect(copied.data.counts).toMatchObject({ new: 3, bad: 0 });
      expect(await productBySku('PEAK-400', other.business)).toMatchObject({ base_unit: 'tin' });
      const strip = (packs: { id: number }[]) => packs.map(({ id: _id, ...pack }) => pack);
      expect(strip(await packsOfSku('IND-ON', other.business))).toEqual(strip(await packsOfSku('IND-ON', business)));
      expect(strip(await packsOfSku('PEAK-400', other.business))).toEqual(
        strip(await packsOfSku('PEAK-400', business)),
      );
    });
  }
});

/**
 * A zip of one entry whose content is `parts` one after another, deflated by Node's zlib as it is made, so the test
 * never holds the content whole (the local header carries no sizes; the central directory has them).
 */
async function zipOf(name: string, parts: Iterable<Buffer>): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 6 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    crc = crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(packed);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size >>> 0, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size >>> 0, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

function* manyRows(rows: number) {
  yield Buffer.from('<worksheet><sheetData>');
  for (let i = 1; i <= rows; i += 1000) {
    let text = '';
    for (let r = i; r < i + 1000 && r <= rows; r++) text += `<row r="${r}"><c r="A${r}"><v>1</v></c></row>`;
    yield Buffer.from(text);
  }
  yield Buffer.from('</sheetData></worksheet>');
}

function* spaces(megabytes: number) {
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) yield block;
}

describe('weighed products in the sheet (ADR 0031)', () => {
  const heading = 'Name,SKU,Base unit,Sold by weight,Cost price,Selling price,Quantity';

  it('opens a weighed product with up to 3 decimals, exact to the gram; refuses a fraction of a piece with the form’s words', async () => {
    const { token, business } = await freshShop();
    const file = csv([
      heading,
      'Rice (loose),RICE-KG,kg,yes,900,1200,12.375',
      'Palm oil,OIL-L,litre,Yes,1500,1800,"1,000.5"',
      'Indomie,IND-1,pack,no,180,250,2.5',
      'Sugar cubes,SUG-1,piece,,100,150,1.5',
      'Beans,BEANS-KG,kg,yes,700,900,1.2345',
      'Salt,SALT-1,piece,maybe,50,80,3',
    ]);
    const seen = await preview(file, token, business);
    expect(seen.status, seen.body.response_description).toBe(200);
    expect(seen.data.counts).toMatchObject({ new: 2, bad: 4 });
    expect(seen.data.errors).toEqual([
      { row: 4, message: `Quantity: ${STOCK_MESSAGES.wholeQuantity}` },
      { row: 5, message: `Quantity: ${STOCK_MESSAGES.wholeQuantity}` },
      { row: 6, message: IMPORT_MESSAGES.quantity },
      { row: 7, message: IMPORT_MESSAGES.isWeighed },
    ]);
    const done = await importFile(file, { token, business });
    expect(done.data.counts).toEqual(seen.data.counts);
    expect(await productBySku('RICE-KG', business)).toMatchObject({ is_weighed: true, base_unit: 'kg' });
    expect(await productBySku('IND-1', business)).toBeUndefined();
    const batches = await shop.t.db
      .select({ sku: products.sku, quantity: product_batches.quantity })
      .from(product_batches)
      .innerJoin(
        products,
        and(eq(products.business_id, product_batches.business_id), eq(products.id, product_batches.product_id)),
      )
      .where(eq(product_batches.business_id, business))
      .orderBy(products.sku);
    expect(batches).toEqual([
      { sku: 'OIL-L', quantity: 1000.5 },
      { sku: 'RICE-KG', quantity: 12.375 },
    ]);
    expect(await ledgerMismatches(shop.t, business)).toEqual([]);
    const again = await importFile(file, { token, business });
    expect(again.data.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2, stock_kept: 0 });
    // The export writes the column and the decimals back (in both formats), and reads back as nothing to change.
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await shop.api.call(
        ENDPOINTS.stock.exportProducts,
        { business_id: business, format },
        { token },
      );
      const seen = await preview(b64(exported.raw), token, business);
      expect(seen.data.columns.map((column) => column.field)).toContain('is_weighed');
      expect(seen.data.counts).toEqual({ new: 0, updated: 0, unchanged: 2, bad: 0, stock_kept: 0 });
    }
  });

  it('a fraction is a piece product’s mistake even for one already there; weighing turned off with a fraction left is refused on its row', async () => {
    const { token, business } = await freshShop();
    await importFile(csv([heading, 'Rice (loose),RICE-KG,kg,yes,900,1200,2.5', 'Garri,GAR-1,piece,,900,1200,4']), {
      token,
      business,
    });
    const before = await snapshot(business);
    const off = csv([heading, 'Rice (loose),RICE-KG,kg,no,900,1200,2.5', 'Garri,GAR-1,piece,,900,1200,4.5']);
    const seen = await preview(off, token, business);
    expect(seen.data.errors).toEqual([
      { row: 2, message: UNITS_MESSAGES.weighedFractionsLeft(0.5, 'kg', ['OPENING']) },
      { row: 3, message: `Quantity: ${STOCK_MESSAGES.wholeQuantity}` },
    ]);
    await importFile(off, { token, business });
    expect(await snapshot(business)).toBe(before);
    // Whole stock may stop being weighed; a blank cell keeps the product's.
    const whole = csv([heading, 'Garri,GAR-1,piece,yes,900,1200,4', 'Rice (loose),RICE-KG,kg,,900,1200,2.5']);
    const changed = await importFile(whole, { token, business });
    expect(changed.data.counts).toMatchObject({ updated: 1, unchanged: 1, bad: 0 });
    expect(await productBySku('GAR-1', business)).toMatchObject({ is_weighed: true });
    const back = await importFile(csv([heading, 'Garri,GAR-1,piece,no,900,1200,4']), { token, business });
    expect(back.data.counts).toMatchObject({ updated: 1, bad: 0 });
    expect(await productBySku('GAR-1', business)).toMatchObject({ is_weighed: false });
    expect(await productBySku('RICE-KG', business)).toMatchObject({ is_weighed: true });
  });

  it('a sheet turning weighing off waits for a stock change in progress, and refuses the row if it left a fraction', async () => {
    const { token, business } = await freshShop();
    await importFile(csv([heading, 'Rice (loose),RICE-KG,kg,yes,900,1200,4']), { token, business });
    const rice = await productBySku('RICE-KG', business);
    if (!rice) throw new Error('the rice was not imported');
    // A sale of 0.5 kg in progress, as the counter's holds it: the product KEY SHARE, its batch then written.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const sale = shop.t.db.transaction(async (tx) => {
      await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.business_id, business), eq(products.id, rice.id)))
        .for('key share');
      await tx
        .update(product_batches)
        .set({ quantity: sql`${product_batches.quantity} - 0.5` })
        .where(and(eq(product_batches.business_id, business), eq(product_batches.product_id, rice.id)));
      await held;
    });
    const off = importFile(csv([heading, 'Rice (loose),RICE-KG,kg,no,900,1200,4']), { token, business });
    await lockWaiters(shop.t.db, 1);
    release();
    await sale;
    const done = await off;
    expect(done.data.counts).toMatchObject({ updated: 0, bad: 1 });
    expect(await productBySku('RICE-KG', business)).toMatchObject({ is_weighed: true });
  });
});

describe('spreadsheet bombs', () => {
  it('answers 4xx with a message to each, and the server stays within its memory and keeps answering', async () => {
    const body = (fileName: string, content: string) =>
      JSON.stringify({ business_id: businessId, file_name: fileName, content_base64: content });
    // 50 MB, 1,000,000 rows of CSV (2 MB), 1,000,000 rows of .xlsx (a few MB packed), and a zip bomb (1 GB of
    // spaces packed into about a megabyte): each made and serialised before the server's memory is measured.
    const manyXlsx = await zipOf('xl/worksheets/sheet1.xml', manyRows(1_000_000));
    const bomb = await zipOf('xl/sharedStrings.xml', spaces(1024));
    expect(manyXlsx.length).toBeLessThan(5 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const bombs = [
      {
        raw: body('huge.csv', 'QUFB'.repeat(50 * 1024 * 256)),
        status: 413,
        message: MESSAGES.validation.payloadTooLarge,
      },
      {
        raw: body('rows.csv', b64(`Name,Cost,Price\n${'a\n'.repeat(1_000_000)}`)),
        status: 400,
        message: IMPORT_MESSAGES.tooManyRows,
      },
      { raw: body('rows.xlsx', b64(manyXlsx)), status: 400, message: IMPORT_MESSAGES.tooManyRows },
      { raw: body('bomb.xlsx', b64(bomb)), status: 400, message: IMPORT_MESSAGES.tooMuchUnpacked },
    ];
    const before = await snapshot(businessId);
    // What one call adds to the heap (its garbage included), the most of any call. The 50 MB body is refused on its
    // length before it is read; the in-process client copies it, so it is not measured.
    let worst = 0;
    for (const entry of [ENDPOINTS.stock.previewImport, ENDPOINTS.stock.importProducts]) {
      for (const { raw, status, message } of bombs) {
        const heapBefore = process.memoryUsage().heapUsed;
        const answer = await shop.api.send(entry, { token: shop.ceo.token, raw });
        expect(answer.status, message).toBe(status);
        expect(answer.body.response_description).toBe(message);
        if (status !== 413) worst = Math.max(worst, process.memoryUsage().heapUsed - heapBefore);
      }
    }
    // The server's heap is bounded at 256 MB (npm start): reading a bomb takes a fraction of it.
    expect(worst).toBeLessThan(64 * 1024 * 1024);
    expect(await snapshot(businessId)).toBe(before);
    const still = await preview(csv(['Name,Cost,Price', 'Beans,10,20']));
    expect(still.status).toBe(200);
  }, 120_000);
});
