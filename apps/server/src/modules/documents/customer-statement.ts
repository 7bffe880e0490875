import {
  type CustomerStatement,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  STATEMENT_LINE_LABELS,
  type StatementLine,
  toKobo,
  transferLine,
} from '@oja/contract';
import { type Doc, renderA4, row, rule, type ShopHeader, shopHeading, table, when } from './sale-documents';

const saleName = (line: Pick<StatementLine, 'sale_id' | 'receipt_number'>) =>
  line.receipt_number ? `Receipt ${line.receipt_number}` : `Sale #${line.sale_id}`;

function describe(line: StatementLine): string {
  const method = line.method ? ` · ${PAYMENT_METHOD_LABELS[line.method]}` : '';
  return `${STATEMENT_LINE_LABELS[line.kind]} · ${saleName(line)}${method}`;
}

/** A customer's statement (A4): the shop, the customer, what they bought and owe per currency, then every line. */
export function renderCustomerStatement(business: ShopHeader, statement: CustomerStatement): Promise<Buffer> {
  const { customer } = statement;
  return renderA4(business, `Statement · ${customer.customer_name}`, (doc: Doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    shopHeading(doc, business, left, width);
    doc
      .font('regular')
      .fontSize(11)
      .text(`Statement · ${when(new Date().toISOString())}`, left, doc.y, { width });
    doc.moveDown(0.5);
    row(doc, `Customer: ${customer.customer_name}`, customer.phone ?? '', { size: 10 });
    doc.moveDown(0.5);
    for (const balance of statement.balances) {
      const money = (amount: string) => formatMoney(amount, balance.currency);
      row(doc, 'Bought', money(balance.total_bought), { size: 10 });
      row(doc, 'Owed', money(balance.owed), { size: 11, font: 'bold' });
      if (balance.owing_since) row(doc, 'Owing since', when(balance.owing_since), { size: 10 });
      row(
        doc,
        'Owed by age: 0-30 · 31-60 · over 60 days',
        `${money(balance.aging.days_0_30)} · ${money(balance.aging.days_31_60)} · ${money(balance.aging.over_60)}`,
        { size: 9 },
      );
      rule(doc);
    }
    doc.moveDown(0.5);
    for (const carried of statement.brought_forward) {
      row(doc, 'Brought forward', formatMoney(carried.balance, carried.currency), { size: 9 });
    }
    if (statement.brought_forward.length > 0) doc.moveDown(0.5);
    table(
      doc,
      [
        { title: 'Date', width: 0.22 },
        { title: 'Details', width: 0.33 },
        { title: 'Debit', width: 0.15, align: 'right' },
        { title: 'Credit', width: 0.15, align: 'right' },
        { title: 'Balance', width: 0.15, align: 'right' },
      ],
      statement.lines.map((line) => {
        const money = (amount: string) => (amount === '0.00' ? '' : formatMoney(amount, line.currency));
        return [
          when(line.at),
          describe(line),
          money(line.debit),
          money(line.credit),
          formatMoney(line.balance, line.currency),
        ];
      }),
    );
    const owes = statement.balances.some((balance) => toKobo(balance.owed) > 0n);
    const transfer = owes ? transferLine(business) : null;
    if (transfer) doc.moveDown(0.5).font('regular').fontSize(10).text(transfer, left, doc.y, { width });
  });
}
