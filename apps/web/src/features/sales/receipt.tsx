import {
  type Business,
  formatMoney,
  fromKobo,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type SaleDetail,
  toKobo,
  transferLine,
} from '@oja/contract';
import { createPortal } from 'react-dom';
import { formatDateTime } from '../../lib/format';
import { useBusinessLogo } from '../../shell/business-query';
import { receiptLines } from './receipt-lines';
import './receipt.css';

/** The receipt that window.print() prints (see receipt.css); it is not shown on screen. */
export function Receipt({ sale, business }: { sale: SaleDetail; business: Business }) {
  const money = (amount: string) => formatMoney(amount, sale.currency);
  // The partial returns print under the lines as sold, so the lines, the returns and the total add up.
  const returns = sale.returns.filter((given) => given.kind === 'return');
  const sold = fromKobo(toKobo(sale.total_cart_amount) + toKobo(sale.returned_amount));
  return createPortal(
    <section className="oja-receipt" aria-hidden="true">
      <ReceiptShop business={business} />
      <hr />
      {sale.status === 'cancelled' && (
        <>
          {/* As the PDF: a cancelled sale's paper never reads as a sale made. */}
          <h1>CANCELLED</h1>
          {sale.cancel_reason && <p className="center">{sale.cancel_reason}</p>}
        </>
      )}
      <p>Receipt #{sale.id}</p>
      <p>{formatDateTime(sale.created_at)}</p>
      <p>Sold by: {sale.created_by_name}</p>
      <p>Customer: {sale.customer_name}</p>
      <hr />
      <table>
        <tbody>
          {receiptLines(sale).map((line) => (
            <tr key={line.key}>
              <td>
                {line.name}
                <br />
                {line.quantity} × {money(line.netUnitPrice)}
              </td>
              <td className="amount">{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          {returns.length > 0 && (
            <tr>
              <td>Sold</td>
              <td className="amount">{money(sold)}</td>
            </tr>
          )}
          {returns.map((given) => (
            <tr key={`return-${given.id}`}>
              <td>
                Returned {formatDateTime(given.created_at)}
                <br />
                {given.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(', ')}
              </td>
              <td className="amount">-{money(given.amount)}</td>
            </tr>
          ))}
          <tr className="total">
            <td>Total</td>
            <td className="amount">{money(sale.total_cart_amount)}</td>
          </tr>
          {sale.payments.map((payment) => (
            <tr key={payment.id}>
              <td>
                Paid ({PAYMENT_METHOD_LABELS[payment.method]}) {formatDateTime(payment.created_at)}
              </td>
              <td className="amount">{money(payment.amount)}</td>
            </tr>
          ))}
          {returns.flatMap((given) =>
            given.refunds.map((refund) => (
              <tr key={`refund-${given.id}-${refund.method}`}>
                <td>
                  Refunded ({PAYMENT_METHOD_LABELS[refund.method]}) {formatDateTime(given.created_at)}
                </td>
                <td className="amount">-{money(refund.amount)}</td>
              </tr>
            )),
          )}
          <tr className="total">
            <td>Balance</td>
            <td className="amount">{money(sale.balance)}</td>
          </tr>
        </tbody>
      </table>
      <p>Status: {sale.status === 'cancelled' ? 'Cancelled' : PAYMENT_STATUS_LABELS[sale.payment_status]}</p>
      <ReceiptFooter business={business} owed={sale.status === 'cancelled' ? '0.00' : sale.balance} />
    </section>,
    document.body,
  );
}

/** The printed receipts' heading (a sale's and the counter's): the shop and its profile's contact lines. */
export function ReceiptShop({ business }: { business: Business }) {
  const logo = useBusinessLogo(business).data;
  return (
    <>
      {logo && <img className="logo" src={logo} alt="" />}
      <h1>{business.name}</h1>
      {[business.address, business.phone, business.business_email].map(
        (line) =>
          line && (
            <p key={line} className="center">
              {line}
            </p>
          ),
      )}
    </>
  );
}

/** The printed receipts' end: where to transfer what is still owed, when the shop gave its account. */
export function ReceiptFooter({ business, owed }: { business: Business; owed: string }) {
  const transfer = toKobo(owed) > 0n ? transferLine(business) : null;
  return (
    <>
      {transfer && <p className="center">{transfer}</p>}
      <hr />
      <p className="center">Thank you for your patronage!</p>
    </>
  );
}
