import { type Business, type DayClose, dayCloseLineLabel, differenceWords, formatMoney } from '@oja/contract';
import { createPortal } from 'react-dom';
import { formatDateTime } from '../../lib/format';
import { ReceiptShop } from '../sales/receipt';
import '../sales/receipt.css';

/** A close on an 80 mm roll (the receipts' print sheet): only printed, never shown on screen. */
export function DayCloseReceipt({ close, business }: { close: DayClose; business: Business }) {
  const isOnlyNaira = close.lines.every((line) => line.currency === 'NGN');
  return createPortal(
    <section className="oja-receipt" aria-hidden="true">
      <ReceiptShop business={business} />
      <hr />
      <h1>{close.scope === 'shop' ? 'DAY CLOSE: WHOLE SHOP' : 'DAY CLOSE'}</h1>
      <p>Closed by: {close.closed_by_name}</p>
      <p>From: {formatDateTime(close.period_start)}</p>
      <p>To: {formatDateTime(close.period_end)}</p>
      <hr />
      <table>
        <tbody>
          {close.lines.map((line) => {
            const money = (amount: string) => formatMoney(amount, line.currency);
            return (
              <tr key={`${line.method}-${line.currency}`}>
                <td>
                  {dayCloseLineLabel(line.method, line.currency, isOnlyNaira)}
                  <br />
                  {line.paid_out === '0.00' ? `Expected ${money(line.expected)}` : `Paid out ${money(line.paid_out)}`}
                  <br />
                  Counted {money(line.counted)}
                </td>
                <td className="amount">{differenceWords(line.count_difference, line.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <hr />
      {close.note && <p>Note: {close.note}</p>}
      {close.pending_outbox > 0 && <p>Unsent sales on the phone: {close.pending_outbox}</p>}
      <p className="center">Close #{close.id}</p>
    </section>,
    document.body,
  );
}
