import { readFile } from 'node:fs/promises';
import { createRequire as moduleRequire } from 'node:module';
import {
  addQuantities,
  BUSINESS_TIME_ZONE,
  type Business,
  type Cart,
  countOf,
  formatMoney,
  formatQuantity,
  fromKobo,
  INVOICE_STATUS_LABELS,
  invoiceStatusOf,
  PAYMENT_METHOD_LABELS,
  paymentRefundNote,
  SALES_MESSAGES,
  type SaleDetail,
  type SaleLine,
  toKobo,
  transferLine,
} from '@oja/contract';
import type { Font } from 'fontkit';
import type PDFKitDocument from 'pdfkit';

/**
 * The one receipt template and the one invoice template: every place that offers a sale's
 * documents gets them from here. Text PDFs (searchable, copyable), in DejaVu Sans, embedded,
 * because the PDF standard fonts have no ₦. The receipt is an 80 mm roll, as long as its content;
 * the invoice is A4.
 */
export type DocumentKind = 'receipt' | 'invoice';
/** The shop as its documents name it: its profile's lines (and its logo's picture) are printed when it has them. */
export type ShopHeader = Pick<
  Business,
  'name' | 'address' | 'phone' | 'bank_name' | 'account_number' | 'account_name'
> & { logo: Buffer | null };
export type SaleDocumentData = { business: ShopHeader; sale: SaleDetail };

// Resolved from the installed package, so the dev server and the built one (packages stay external) find it.
// (Not named `require`/`createRequire`: the built bundle's banner declares both.)
const packageFiles = moduleRequire(import.meta.url);
const FONT_FILES = {
  regular: packageFiles.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: packageFiles.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** 80 mm in PostScript points. */
export const RECEIPT_WIDTH = 226.77;
const RECEIPT_MARGIN = 10;

const dateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
export const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * pdfkit is loaded on the first document, not at start: most servers print few documents, and loading it
 * (with its font metrics) costs every server megabytes of resident memory (bench/README.md). The first
 * document waits for it once.
 *
 * The fonts are parsed once too, with it, and every document lays its text out with the same fontkit fonts
 * (pdfkit takes a parsed font where it takes a path, and subsets it per document). Given the paths, each
 * document read and parsed both files again, the receipt twice (laid out once to learn its height), tens of
 * milliseconds of node's CPU during which the server answered no one else; parsed once, each PDF is the same
 * size to the byte and several times quicker to make.
 */
type Loaded = {
  PDFDocument: typeof PDFKitDocument;
  fonts: { regular: string; bold: string };
  /** Whether the documents' fonts draw a character (the two DejaVu faces cover the same ones). */
  canDraw(codePoint: number): boolean;
};
let pdfkit: Promise<Loaded> | undefined;
const loadPdfKit = () => {
  pdfkit ??= (async () => {
    const [{ default: PDFDocument }, fontkit, regular, bold] = await Promise.all([
      import('pdfkit'),
      import('fontkit'),
      readFile(FONT_FILES.regular),
      readFile(FONT_FILES.bold),
    ]);
    const regularFont = fontkit.create(regular) as Font;
    const boldFont = fontkit.create(bold) as Font;
    // pdfkit's types say a font is a path or bytes; its PDFFontFactory also takes a parsed font (one with layout()).
    const asPdfKitFont = (font: Font) => font as unknown as string;
    return {
      PDFDocument,
      fonts: { regular: asPdfKitFont(regularFont), bold: asPdfKitFont(boldFont) },
      canDraw: (codePoint) => regularFont.hasGlyphForCodePoint(codePoint) && boldFont.hasGlyphForCodePoint(codePoint),
    };
  })();
  return pdfkit;
};

export async function renderSaleDocument(kind: DocumentKind, data: SaleDocumentData): Promise<Buffer> {
  const loaded = await loadPdfKit();
  const name = data.business.name;
  const title = `${name} · Sale #${data.sale.id}`;
  if (kind === 'invoice') return toBuffer(newDocument(loaded, 'A4', 50, name, title), (doc) => drawInvoice(doc, data));
  // Laid out once on a long page to learn its height, then for real on a page that fits it.
  const probe = newDocument(loaded, [RECEIPT_WIDTH, 14_400], RECEIPT_MARGIN, name, title);
  drawReceipt(probe, data);
  const height = Math.ceil(probe.y + RECEIPT_MARGIN);
  probe.end();
  return toBuffer(newDocument(loaded, [RECEIPT_WIDTH, height], RECEIPT_MARGIN, name, title), (doc) =>
    drawReceipt(doc, data),
  );
}

/**
 * A cart's pro-forma invoice (A4): what the cart would cost at today's prices. It is not a sale: the
 * stock is taken, and the prices fixed, only when the shop confirms it.
 */
export async function renderCartInvoice(data: { business: ShopHeader; cart: Cart }): Promise<Buffer> {
  const loaded = await loadPdfKit();
  const title = `${data.business.name} · Pro-forma #${data.cart.id}`;
  return toBuffer(newDocument(loaded, 'A4', 50, data.business.name, title), (doc) => drawCartInvoice(doc, data));
}

export type Doc = PDFKit.PDFDocument;

/** Any other A4 document of the shop (a customer's statement) in the same fonts, drawn by `draw`. */
export async function renderA4(business: ShopHeader, title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const loaded = await loadPdfKit();
  return toBuffer(newDocument(loaded, 'A4', 50, business.name, `${business.name} · ${title}`), draw);
}

function newDocument(
  { PDFDocument, fonts, canDraw }: Loaded,
  size: string | [number, number],
  margin: number,
  business: string,
  title: string,
): Doc {
  const doc = new PDFDocument({
    size,
    margin,
    font: fonts.regular,
    info: { Title: printable(title, canDraw), Author: printable(business, canDraw) },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  drawOnlyPrintable(doc, canDraw);
  return doc;
}

/** Joiners and variation selectors: they only shape the emoji around them, and are left out with them. */
const isEmojiShaping = (codePoint: number) => codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);

/**
 * The text as the documents' font draws it. A character DejaVu has no glyph for (an emoji in a product's or a
 * customer's name, "Peak Milk 🥛") came out of pdfkit as an empty box, and as a NUL when the text was copied
 * from the PDF: it is left out. Line breaks stay (pdfkit breaks lines on them).
 */
export function printable(text: string, canDraw: (codePoint: number) => boolean): string {
  let kept = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === '\n' || (!isEmojiShaping(codePoint) && canDraw(codePoint))) kept += character;
  }
  return kept;
}

/** Every text the document draws or measures goes through `printable`: names come from users, any of them. */
function drawOnlyPrintable(doc: Doc, canDraw: (codePoint: number) => boolean): void {
  const clean = (value: unknown) => (typeof value === 'string' ? printable(value, canDraw) : value);
  const text = doc.text.bind(doc) as (...args: unknown[]) => Doc;
  const widthOfString = doc.widthOfString.bind(doc) as (...args: unknown[]) => number;
  const heightOfString = doc.heightOfString.bind(doc) as (...args: unknown[]) => number;
  doc.text = ((value: unknown, ...rest: unknown[]) => text(clean(value), ...rest)) as Doc['text'];
  doc.widthOfString = ((value: unknown, ...rest: unknown[]) =>
    widthOfString(clean(value), ...rest)) as Doc['widthOfString'];
  doc.heightOfString = ((value: unknown, ...rest: unknown[]) =>
    heightOfString(clean(value), ...rest)) as Doc['heightOfString'];
}

function toBuffer(doc: Doc, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

const money = (sale: SaleDetail, amount: string) => formatMoney(amount, sale.currency);

/**
 * A receipt line as the customer reads it: no batch, an internal stock code that meant nothing to them. A
 * product sold from two batches at one price is one line, as it was one thing bought.
 */
function lineDetail(sale: SaleDetail, line: SaleLine): string {
  const parts = [`${soldAs(line)} × ${money(sale, line.unit_price)}`];
  if (Number(line.discount_percentage) > 0) parts.push(`less ${line.discount_percentage}%`);
  return parts.join(' · ');
}

/**
 * A line's count as it was sold: "1 carton" for a pack (its units over the line's batches), "0.75 kg" for a weighed
 * product by its unit, else the units as before.
 */
function soldAs(line: SaleLine): string {
  if (line.pack_units && line.pack_name) return countOf(line.quantity / line.pack_units, line.pack_name);
  return unitsOf(line.quantity, line.is_weighed ? line.base_unit : null);
}

/** A count with its unit when it has one to say ("0.75 kg"); a plain number otherwise (the spec's products). */
const unitsOf = (quantity: number, unit: string | null | undefined) =>
  unit ? countOf(quantity, unit) : formatQuantity(quantity);

/** The sale's lines joined per product, pack and price (and pricing), their quantities and totals added in kobo. */
function receiptLines(lines: readonly SaleLine[]): SaleLine[] {
  const joined = new Map<string, SaleLine>();
  for (const line of lines) {
    const key = `${line.product_id}:${line.pack_id ?? ''}:${line.pricing_strategy}:${line.unit_price}:${line.discount_percentage}`;
    const same = joined.get(key);
    if (!same) joined.set(key, { ...line });
    else {
      same.quantity = addQuantities(same.quantity, line.quantity);
      same.line_total = fromKobo(toKobo(same.line_total) + toKobo(line.line_total));
    }
  }
  return [...joined.values()];
}

/** Left text and right text on one row; the row is as tall as the taller of the two. */
export function row(doc: Doc, left: string, right: string, options: { font?: 'regular' | 'bold'; size?: number } = {}) {
  const { font = 'regular', size = 8 } = options;
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const y = doc.y;
  doc.font(font).fontSize(size);
  const rightWidth = Math.min(doc.widthOfString(right) + 2, width / 2);
  const leftHeight = doc.heightOfString(left, { width: width - rightWidth - 6 });
  doc.text(left, x, y, { width: width - rightWidth - 6 });
  doc.text(right, x, y, { width, align: 'right' });
  doc.x = x;
  doc.y = y + Math.max(leftHeight, doc.currentLineHeight());
}

export function rule(doc: Doc) {
  const y = doc.y + 3;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .stroke()
    .undash();
  doc.y = y + 4;
}

function drawReceipt(doc: Doc, { business, sale }: SaleDocumentData): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  drawLogo(doc, business.logo, doc.page.margins.left, width, RECEIPT_LOGO_HEIGHT);
  doc.font('bold').fontSize(11).text(business.name, { align: 'center', width });
  doc.font('regular').fontSize(8);
  for (const line of contactLines(business)) doc.text(line, { align: 'center', width });
  doc.text(`Receipt · Sale #${sale.id}`, { align: 'center', width });
  doc.text(when(sale.created_at), { align: 'center', width });
  if (sale.status === 'cancelled') {
    doc.moveDown(0.3).font('bold').fontSize(10).text('CANCELLED', { align: 'center', width });
    if (sale.cancel_reason) doc.font('regular').fontSize(8).text(sale.cancel_reason, { align: 'center', width });
  }
  rule(doc);
  row(doc, 'Customer', sale.customer_name || 'Walk-in');
  row(doc, 'Sold by', sale.created_by_name);
  rule(doc);
  for (const line of receiptLines(sale.lines)) {
    doc.font('bold').fontSize(8).text(line.product_name, { width });
    row(doc, lineDetail(sale, line), money(sale, line.line_total));
  }
  rule(doc);
  for (const [label, amount] of soldLessReturned(sale)) row(doc, label, amount);
  row(doc, 'Total', money(sale, sale.total_cart_amount), { font: 'bold', size: 10 });
  row(doc, 'Paid', money(sale, sale.amount_paid));
  // A cancelled sale owes nothing: what was paid went back.
  if (sale.status === 'cancelled') row(doc, 'Refunded', money(sale, sale.amount_paid), { font: 'bold' });
  else row(doc, 'Balance', money(sale, sale.balance), { font: 'bold' });
  if (sale.payments.length > 0) {
    rule(doc);
    for (const payment of sale.payments) {
      const note = paymentRefundNote(payment, sale.currency);
      const label = `${PAYMENT_METHOD_LABELS[payment.method]} · ${when(payment.created_at)}`;
      row(doc, note ? `${label} · ${note}` : label, money(sale, payment.amount));
    }
  }
  const given = returnsOf(sale);
  if (given.length > 0) {
    rule(doc);
    doc.font('bold').fontSize(8).text('Returned', { width });
    for (const saleReturn of given) {
      doc.font('regular').fontSize(8).text(saleReturn.heading, { width });
      for (const [label, amount] of saleReturn.rows) row(doc, label, amount);
    }
  }
  rule(doc);
  const transfer = sale.status !== 'cancelled' && toKobo(sale.balance) > 0n ? transferLine(business) : null;
  if (transfer) doc.font('regular').fontSize(8).text(transfer, { align: 'center', width }).moveDown(0.3);
  doc.font('regular').fontSize(8).text('Thank you for your patronage.', { align: 'center', width });
}

/** The shop's address and phone, as far as its profile has them. */
function contactLines(business: ShopHeader): string[] {
  return [business.address, business.phone].filter((line): line is string => Boolean(line));
}

/** Heights of the band the logo is fitted in, centred: a roll's is short, paper is dear. */
const RECEIPT_LOGO_HEIGHT = 40;
const A4_LOGO_HEIGHT = 60;

/**
 * The shop's logo, fitted in a band of the given height across the width. A picture that passed the upload's
 * checks and still cannot be drawn is left out: the document matters more than its logo.
 */
function drawLogo(doc: Doc, logo: Buffer | null, left: number, width: number, height: number): void {
  if (!logo) return;
  try {
    doc.image(logo, left, doc.y, { fit: [width, height], align: 'center', valign: 'center' });
  } catch {
    return;
  }
  doc.y += height + 4;
}

/** The A4 documents' heading: the shop's logo, its name and its contact lines. */
export function shopHeading(doc: Doc, business: ShopHeader, left: number, width: number): void {
  drawLogo(doc, business.logo, left, width, A4_LOGO_HEIGHT);
  doc.font('bold').fontSize(20).text(business.name, left, doc.y, { width });
  const contact = contactLines(business);
  if (contact.length > 0) doc.font('regular').fontSize(10).text(contact.join(' · '), left, doc.y, { width });
}

function drawInvoice(doc: Doc, { business, sale }: SaleDocumentData): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const status = INVOICE_STATUS_LABELS[invoiceStatusOf(sale)];
  shopHeading(doc, business, left, width);
  doc.font('regular').fontSize(11).text(`Invoice · Sale #${sale.id}`);
  doc.moveDown(0.5);
  row(doc, `Date: ${when(sale.created_at)}`, `Status: ${status}`, { size: 10, font: 'regular' });
  row(doc, `Bill to: ${sale.customer_name || 'Walk-in'}`, `Sold by: ${sale.created_by_name}`, { size: 10 });
  if (sale.status === 'cancelled') {
    doc.moveDown(0.5).font('bold').fontSize(12).text('CANCELLED', left, doc.y, { width });
    const by = sale.cancelled_by_name ? ` by ${sale.cancelled_by_name}` : '';
    const at = sale.cancelled_at ? ` on ${when(sale.cancelled_at)}` : '';
    doc
      .font('regular')
      .fontSize(10)
      .text(`Cancelled${by}${at}. Reason: ${sale.cancel_reason ?? ''}`);
  }
  doc.moveDown(1);

  table(
    doc,
    [
      { title: 'Product', width: 0.27 },
      { title: 'Batch', width: 0.13 },
      { title: 'Qty', width: 0.12, align: 'right' },
      { title: 'Unit price', width: 0.17, align: 'right' },
      { title: 'Discount', width: 0.12, align: 'right' },
      { title: 'Total', width: 0.19, align: 'right' },
    ],
    sale.lines.map((line) => [
      line.product_name,
      line.batch_number ?? '',
      unitsOf(line.quantity, line.is_weighed ? line.base_unit : null),
      money(sale, line.unit_price),
      Number(line.discount_percentage) > 0 ? `${line.discount_percentage}%` : '',
      money(sale, line.line_total),
    ]),
  );
  rule(doc);
  for (const [label, amount] of soldLessReturned(sale)) row(doc, label, amount, { size: 10 });
  row(doc, 'Total', money(sale, sale.total_cart_amount), { font: 'bold', size: 12 });
  row(doc, 'Paid', money(sale, sale.amount_paid), { size: 10 });
  if (sale.status === 'cancelled') row(doc, 'Refunded', money(sale, sale.amount_paid), { font: 'bold', size: 11 });
  else row(doc, 'Balance due', money(sale, sale.balance), { font: 'bold', size: 11 });
  const transfer = sale.status !== 'cancelled' && toKobo(sale.balance) > 0n ? transferLine(business) : null;
  if (transfer) doc.moveDown(0.5).font('regular').fontSize(10).text(transfer, left, doc.y, { width });
  if (sale.payments.length > 0) {
    doc.moveDown(1).font('bold').fontSize(11).text('Payments', left, doc.y, { width });
    for (const payment of sale.payments) {
      const note = paymentRefundNote(payment, sale.currency);
      const label = `${when(payment.created_at)} · ${PAYMENT_METHOD_LABELS[payment.method]}${
        payment.recorded_by_name ? ` · received by ${payment.recorded_by_name}` : ''
      }${note ? ` · ${note}` : ''}`;
      row(doc, label, money(sale, payment.amount), { size: 9 });
    }
  }
  const given = returnsOf(sale);
  if (given.length > 0) {
    doc.moveDown(1).font('bold').fontSize(11).text('Returns', left, doc.y, { width });
    for (const saleReturn of given) {
      doc.moveDown(0.3).font('regular').fontSize(9).text(saleReturn.heading, left, doc.y, { width });
      for (const [label, amount] of saleReturn.rows) row(doc, label, amount, { size: 9 });
    }
  }
}

/**
 * What the sale was sold for and what its returns took off, above the total they leave (ADR 0027: the sale's
 * total already has them taken off). Nothing for a sale with no partial return.
 */
function soldLessReturned(sale: SaleDetail): [string, string][] {
  const returnedKobo = toKobo(sale.returned_amount);
  if (returnedKobo === 0n) return [];
  return [
    ['Sold', money(sale, fromKobo(toKobo(sale.total_cart_amount) + returnedKobo))],
    ['Returned', money(sale, fromKobo(-returnedKobo))],
  ];
}

/**
 * Each partial return as the documents list it, oldest first: when, why and where the units went, then what
 * came back (product, units, value) and how it was given back: by each refund's method, and the rest of its
 * value off what the sale owes. A cancel is not listed here: the document says CANCELLED.
 */
function returnsOf(sale: SaleDetail): { heading: string; rows: [string, string][] }[] {
  return sale.returns
    .filter((saleReturn) => saleReturn.kind === 'return')
    .map((saleReturn) => {
      const offDebtKobo = toKobo(saleReturn.amount) - toKobo(saleReturn.refunded);
      const by = saleReturn.returned_by_name ? ` · by ${saleReturn.returned_by_name}` : '';
      const damaged = saleReturn.restock ? '' : ' · written off as damaged';
      return {
        heading: `${when(saleReturn.created_at)}${by}${damaged} · ${saleReturn.reason}`,
        rows: [
          ...saleReturn.lines.map((line): [string, string] => [
            `${line.product_name} × ${line.quantity}`,
            money(sale, line.amount),
          ]),
          ...saleReturn.refunds.map((refund): [string, string] => [
            `Refunded by ${PAYMENT_METHOD_LABELS[refund.method]}`,
            money(sale, refund.amount),
          ]),
          ...(offDebtKobo > 0n ? [['Off the balance', money(sale, fromKobo(offDebtKobo))] as [string, string]] : []),
        ],
      };
    });
}

export type Column = { title: string; width: number; align?: 'right' };

/** A table across the page: a bold header row, a rule, then one row per entry, each as tall as its tallest cell. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly string[][]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const tableRow = (cells: readonly string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    let x = left;
    let height = 0;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const column: Column = columns[index] ?? { title: '', width: 0.1 };
      const cellWidth = column.width * width - 4;
      height = Math.max(height, doc.heightOfString(cell, { width: cellWidth }));
      doc.text(cell, x, y, { width: cellWidth, align: column.align ?? 'left' });
      x += column.width * width;
    });
    doc.x = left;
    doc.y = y + height + 4;
  };
  tableRow(
    columns.map((column) => column.title),
    'bold',
  );
  rule(doc);
  for (const cells of rows) {
    // A long table goes on over the next page rather than past the bottom margin.
    if (doc.y + 24 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
    tableRow(cells, 'regular');
  }
}

function drawCartInvoice(doc: Doc, { business, cart }: { business: ShopHeader; cart: Cart }): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const currency = cart.currency ?? undefined;
  const cartMoney = (amount: string) => formatMoney(amount, currency);
  shopHeading(doc, business, left, width);
  doc.font('regular').fontSize(11).text(`Pro-forma invoice · ${cart.title} (#${cart.id})`);
  doc.moveDown(0.5);
  row(doc, `Date: ${when(cart.updated_at)}`, cart.is_customer_request ? SALES_MESSAGES.customerRequest : 'Cart', {
    size: 10,
  });
  row(doc, `Bill to: ${cart.customer_name}`, cart.created_by_name ? `Prepared by: ${cart.created_by_name}` : '', {
    size: 10,
  });
  doc.moveDown(1);
  table(
    doc,
    [
      { title: 'Product', width: 0.34 },
      { title: 'Qty', width: 0.14, align: 'right' },
      { title: 'Unit price', width: 0.19, align: 'right' },
      { title: 'Discount', width: 0.13, align: 'right' },
      { title: 'Total', width: 0.2, align: 'right' },
    ],
    cart.items.map((item) => [
      item.product_name,
      // A line of packs says its pack ("2 cartons"), as the sale page does; a weighed one its unit ("0.75 kg").
      item.pack_name
        ? countOf(item.quantity, item.pack_name)
        : unitsOf(item.quantity, item.is_weighed ? item.base_unit : null),
      cartMoney(item.unit_price),
      Number(item.discount_percentage) > 0 ? `${item.discount_percentage}%` : '',
      cartMoney(item.line_total),
    ]),
  );
  rule(doc);
  row(doc, 'Total', cartMoney(cart.total_cart_amount), { font: 'bold', size: 12 });
  doc.moveDown(1);
  doc
    .font('regular')
    .fontSize(9)
    .text(
      'This is a pro-forma invoice, not a receipt: the prices are today’s, and the goods are set aside and the ' +
        'prices fixed only when the shop confirms the sale.',
      left,
      doc.y,
      { width },
    );
}
