import { ENDPOINTS, formatMoney } from '@oja/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable, RECEIPT_WIDTH } from '../../src/modules/documents/sale-documents';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, type Member, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;
let other: Owner;
let customer: Member;
let stranger: Member;
let saleId: number;
/** A one-pixel PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const names = { first: 'Golden Penny Semovita 1kg', second: 'Peak Milk Tin' };

/** The text of every page, and the size of the first. */
async function readPdf(bytes: Buffer): Promise<{ text: string; width: number; height: number; pages: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const [, , width, height] = (await pdf.getPage(1)).view as [number, number, number, number];
  return { text: parts.join('\n').replace(/\s+/g, ' '), width, height, pages: pdf.numPages };
}

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  [shop, other] = await Promise.all([signUpCeo(t), signUpCeo(t)]);
  [customer, stranger] = await Promise.all([
    memberLoggedIn(t, shop.businessId, 'customer'),
    memberLoggedIn(t, shop.businessId, 'customer'),
  ]);
  const first = await createProduct(t, shop, {
    product_name: names.first,
    selling_price: '1500.00',
    selling_price_discount_percentage: '10',
    batches: [{ quantity: 20 }],
  });
  const second = await createProduct(t, shop, {
    product_name: names.second,
    selling_price: '800.00',
    batches: [{ quantity: 20 }],
  });
  const cart = await createCart(
    t,
    shop,
    [
      { product_id: first.id, quantity: 2 },
      { product_id: second.id, quantity: 3 },
    ],
    { customer_id: customer.user.id },
  );
  const sale = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '1000.00' });
  if (sale.status !== 201) throw new Error(JSON.stringify(sale.body));
  saleId = sale.data.sale.id;
});
afterAll(() => t.close());

const download = (kind: 'getReceipt' | 'getInvoice', token: string, businessId = shop.businessId, id = saleId) =>
  api.call(ENDPOINTS.sales[kind], { business_id: businessId, id }, { token });

describe('receipts and invoices as PDFs', () => {
  it("print the shop's address and phone, and its account for a balance owed, once the profile has them", async () => {
    const before = await readPdf((await download('getReceipt', shop.token)).raw);
    expect(before.text).not.toContain('Pay by transfer');
    const profile = {
      id: shop.businessId,
      address: '12 Balogun Street, Lagos',
      phone: '0803 123 4567',
      bank_name: 'GTBank',
      account_number: '0123456789',
      account_name: 'Ada Stores',
    };
    expect((await api.call(ENDPOINTS.businesses.updateBusiness, profile, { token: shop.token })).status).toBe(200);
    for (const kind of ['getReceipt', 'getInvoice'] as const) {
      const { text } = await readPdf((await download(kind, shop.token)).raw);
      expect(text).toContain('12 Balogun Street, Lagos');
      expect(text).toContain('+2348031234567');
      expect(text).toContain('Pay by transfer: GTBank 0123456789 (Ada Stores)');
    }
  });

  it("print the shop's logo at their head once it has one, and none after it is taken away", async () => {
    const hasImage = async (kind: 'getReceipt' | 'getInvoice') =>
      (await download(kind, shop.token)).raw.includes('/Subtype /Image');
    expect(await hasImage('getReceipt')).toBe(false);
    const set = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: shop.businessId, logo: PNG },
      { token: shop.token },
    );
    expect(set.status).toBe(200);
    expect(await hasImage('getReceipt')).toBe(true);
    expect(await hasImage('getInvoice')).toBe(true);
    await api.call(ENDPOINTS.businesses.updateBusiness, { id: shop.businessId, logo: null }, { token: shop.token });
    expect(await hasImage('getReceipt')).toBe(false);
  });

  it.each([
    ['getReceipt', 'receipt'],
    ['getInvoice', 'invoice'],
  ] as const)('%s answers a text PDF with the sale number, products, ₦ total and balance', async (kind, file) => {
    const answer = await download(kind, shop.token);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${file}-${shop.business.slug}-${saleId}.pdf"`,
    );
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(answer.raw);
    // 2 × ₦1,350.00 (10% off ₦1,500) + 3 × ₦800.00 = ₦5,100.00; ₦1,000.00 paid, ₦4,100.00 to pay.
    expect(pdf.text).toContain(`Sale #${saleId}`);
    expect(pdf.text).toContain(names.first);
    expect(pdf.text).toContain(names.second);
    expect(pdf.text).toContain(formatMoney('5100.00'));
    expect(pdf.text).toContain('₦5,100.00');
    expect(pdf.text).toContain(formatMoney('4100.00'));
    expect(pdf.text).toContain(formatMoney('1000.00'));
    if (kind === 'getReceipt') {
      expect(pdf.width).toBeCloseTo(RECEIPT_WIDTH, 1);
      expect(pdf.pages).toBe(1);
      expect(pdf.height).toBeLessThan(600);
    } else {
      expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([595, 842]);
      expect(pdf.text).toContain('Status: Pending');
    }
  });

  it('lets the sale’s customer download their own, and nobody else’s', async () => {
    expect((await download('getReceipt', customer.token)).status).toBe(200);
    expect((await download('getInvoice', customer.token)).status).toBe(200);
    const notTheirs = await download('getInvoice', stranger.token);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.response_description).toBe('Sale not found.');
    expect((await download('getReceipt', other.token)).status).toBe(404);
    expect((await download('getReceipt', other.token, other.businessId)).status).toBe(404);
    expect((await download('getInvoice', shop.token, shop.businessId, saleId + 10_000)).status).toBe(404);
  });

  it('leaves out what the font cannot draw (an emoji in a name) instead of a box or a NUL', async () => {
    const milk = await createProduct(t, shop, { product_name: 'Peak Milk 🥛 Tin', batches: [{ quantity: 5 }] });
    const cart = await createCart(t, shop, [{ product_id: milk.id, quantity: 1 }], {
      customer_name: 'Mama Tobi 👩🏾‍🍳',
    });
    const sold = await confirm(t, shop, cart.id, {}, {});
    expect(sold.status).toBe(201);
    for (const kind of ['getReceipt', 'getInvoice'] as const) {
      const pdf = await readPdf((await download(kind, shop.token, shop.businessId, sold.data.sale.id)).raw);
      expect(pdf.text).toContain('Peak Milk Tin');
      expect(pdf.text).toContain('Mama Tobi');
      expect(pdf.text.includes('\u0000') || pdf.text.includes('\uFFFD')).toBe(false);
    }
  });

  it('keeps every character the font draws: Naira, accents, Yoruba tones, line breaks', () => {
    const drawsLatin = (codePoint: number) => codePoint < 0x2000 || codePoint === 0x20a6;
    expect(printable('₦1,500 · Ọ̀gbẹ́ni Adéwálé\nAbuja', (c) => drawsLatin(c) || c === 0xb7)).toBe(
      '₦1,500 · Ọ̀gbẹ́ni Adéwálé\nAbuja',
    );
    expect(printable('Peak Milk 🥛, Zobo ❤️', drawsLatin)).toBe('Peak Milk , Zobo ');
  });

  it('prints a product sold from two batches as one receipt line, without the batch codes', async () => {
    const garri = await createProduct(t, shop, {
      product_name: 'Ijebu Garri 2kg',
      selling_price: '700.00',
      batches: [
        { batch_number: 'GAR-OLD-77', quantity: 2, expiration_date: '2099-01-01' },
        { batch_number: 'GAR-NEW-88', quantity: 5, expiration_date: '2099-06-01' },
      ],
    });
    const cart = await createCart(t, shop, [{ product_id: garri.id, quantity: 4 }]);
    const sold = await confirm(t, shop, cart.id, { payment_status: 'paid' });
    if (sold.status !== 201) throw new Error(JSON.stringify(sold.body));
    expect(sold.data.sale.lines.map((line) => line.batch_number)).toEqual(['GAR-OLD-77', 'GAR-NEW-88']);
    const receipt = await readPdf((await download('getReceipt', shop.token, shop.businessId, sold.data.sale.id)).raw);
    expect(receipt.text).toContain(`4 × ${formatMoney('700.00')}`);
    expect(receipt.text).toContain(formatMoney('2800.00'));
    expect(receipt.text).not.toContain('GAR-OLD-77');
    expect(receipt.text).not.toContain('GAR-NEW-88');
    expect(receipt.text).not.toMatch(/batch/i);
    // The invoice, the shop's own record of what left which batch, keeps them.
    const invoice = await readPdf((await download('getInvoice', shop.token, shop.businessId, sold.data.sale.id)).raw);
    expect(invoice.text).toContain('GAR-OLD-77');
  });

  it('print a weighed line with its unit ("0.75 kg"), and a cart’s pro-forma names its pack ("2 cartons")', async () => {
    const rice = await createProduct(t, shop, {
      product_name: 'Ofada Rice loose',
      base_unit: 'kg',
      is_weighed: true,
      selling_price: '1200.00',
      batches: [{ quantity: 10 }],
    });
    const indomie = await createProduct(t, shop, {
      product_name: 'Indomie Chicken 70g',
      base_unit: 'pack',
      selling_price: '150.00',
      batches: [{ quantity: 100 }],
      packs: [{ name: 'carton', units: 40, selling_price: '5800.00' }],
    });
    const carton = indomie.packs?.[0]?.id ?? 0;
    const cart = await createCart(t, shop, [
      { product_id: rice.id, quantity: 0.75 },
      { product_id: indomie.id, quantity: 2, pack_id: carton },
      { product_id: indomie.id, quantity: 5 },
    ]);
    const invoice = await api.call(
      ENDPOINTS.sales.getCartInvoice,
      { business_id: shop.businessId, id: cart.id },
      {
        token: shop.token,
      },
    );
    expect(invoice.status).toBe(200);
    const proForma = await readPdf(invoice.raw);
    expect(proForma.text).toContain('Ofada Rice loose 0.75 kg');
    expect(proForma.text).toContain(`Indomie Chicken 70g 2 cartons ${formatMoney('5800.00')}`);
    // A line by the unit of a product counted in packs prints its count, as before packs.
    expect(proForma.text).toContain(`Indomie Chicken 70g 5 ${formatMoney('150.00')}`);

    const sold = await confirm(t, shop, cart.id, { payment_status: 'paid' });
    if (sold.status !== 201) throw new Error(JSON.stringify(sold.body));
    const receipt = await readPdf((await download('getReceipt', shop.token, shop.businessId, sold.data.sale.id)).raw);
    expect(receipt.text).toContain(`0.75 kg × ${formatMoney('1200.00')}`);
    expect(receipt.text).toContain(formatMoney('900.00'));
    expect(receipt.text).toContain(`2 cartons × ${formatMoney('5800.00')}`);
    const saleInvoice = await readPdf(
      (await download('getInvoice', shop.token, shop.businessId, sold.data.sale.id)).raw,
    );
    expect(saleInvoice.text).toContain('0.75 kg');
    // A piece product's line reads as it always has: a plain count.
    const plain = await readPdf((await download('getReceipt', shop.token)).raw);
    expect(plain.text).toContain(`2 × ${formatMoney('1500.00')}`);
  });

  it('list a sale’s returns (what, how many, refunded how, when) beside the reduced total', async () => {
    const rice = await createProduct(t, shop, {
      product_name: 'Mama Gold Rice 5kg',
      selling_price: '1000.00',
      batches: [{ quantity: 10 }],
    });
    const cart = await createCart(t, shop, [{ product_id: rice.id, quantity: 4 }], { customer_name: 'Iya Bisi' });
    // ₦4,000.00 sold, ₦2,500.00 paid in cash: ₦1,500.00 owed.
    const sold = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '2500.00' });
    if (sold.status !== 201) throw new Error(JSON.stringify(sold.body));
    const sale = sold.data.sale;
    const [line] = sale.lines;
    if (!line) throw new Error('No line.');
    // 3 come back (₦3,000.00): ₦1,000.00 in cash and ₦500.00 by transfer, and ₦1,500.00 off what was owed.
    const returned = await api.call(
      ENDPOINTS.sales.returnSale,
      {
        business_id: shop.businessId,
        id: sale.id,
        reason: 'Bags torn in transit',
        lines: [{ sale_line_id: line.id, quantity: 3 }],
        restock: false,
        refunds: [
          { method: 'cash', amount: '1000.00' },
          { method: 'bank_transfer', amount: '500.00' },
        ],
      },
      { token: shop.token },
    );
    expect(returned.status).toBe(200);
    for (const kind of ['getReceipt', 'getInvoice'] as const) {
      const { text } = await readPdf((await download(kind, shop.token, shop.businessId, sale.id)).raw);
      expect(text).toMatch(/Sold ₦4,000\.00 Returned -₦3,000\.00 Total ₦1,000\.00/);
      expect(text).toContain('Mama Gold Rice 5kg × 3 ₦3,000.00');
      expect(text).toContain('Refunded by Cash ₦1,000.00');
      expect(text).toContain('Refunded by Bank transfer ₦500.00');
      expect(text).toContain('Off the balance ₦1,500.00');
      expect(text).toContain('written off as damaged · Bags torn in transit');
      // The deposit stands, less what went back of it.
      expect(text).toContain('Partly refunded: ₦1,500.00 of ₦2,500.00');
      expect(text).not.toContain('CANCELLED');
      expect(text).not.toContain('· Refunded');
    }
    const invoice = await readPdf((await download('getInvoice', shop.token, shop.businessId, sale.id)).raw);
    expect(invoice.text).toContain('Status: Paid');
  });

  it('marks a cancelled sale’s invoice Cancelled, with its reason', async () => {
    const cancelled = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.businessId, id: saleId, reason: 'Damaged on delivery' },
      { token: shop.token },
    );
    expect(cancelled.status).toBe(200);
    const invoice = await readPdf((await download('getInvoice', shop.token)).raw);
    expect(invoice.text).toContain('Status: Cancelled');
    expect(invoice.text).toContain('Damaged on delivery');
    expect(invoice.text).toContain('CANCELLED');
    // Every payment went back in full: each says so, with no partial amount.
    expect(invoice.text).toContain('· Refunded');
    expect(invoice.text).not.toContain('Partly refunded');
    const receipt = await readPdf((await download('getReceipt', shop.token)).raw);
    expect(receipt.text).toContain('CANCELLED');
  });
});
