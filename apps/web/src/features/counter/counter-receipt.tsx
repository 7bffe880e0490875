import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type Business,
  COUNTER_SCREEN_MESSAGES,
  countOf,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  SALES_ENDPOINTS,
  SALES_MESSAGES,
  saleShareText,
  whatsappUrl,
} from '@oja/contract';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { download, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { ReceiptFooter, ReceiptShop } from '../sales/receipt';
import { answerNotices } from './answer-notices';
import { STATE_LABELS } from './state-labels';
import type { SaleEntry } from './store';
import { useCounter, useLive } from './use-counter';

/**
 * The receipt at once, whether or not the sale has reached the server: its number was made on this phone and
 * stays the sale's number once recorded. Printable on an 80 mm roll, shareable on WhatsApp, and "New sale".
 */
export function CounterReceipt({
  entry: made,
  business,
  onNewSale,
}: {
  entry: SaleEntry;
  business: Business;
  onNewSale(): void;
}) {
  const { db } = useCounter();
  const stored = useLive(db, (store) => store.outbox.get(made.order as number), [made.order]);
  const entry = stored?.kind === 'sale' ? stored : made;
  const { snapshot } = entry;
  const money = (amount: string) => formatMoney(amount, snapshot.currency);
  const state = STATE_LABELS[entry.state];
  const notices = answerNotices(entry.answer, snapshot.currency);
  const [downloading, setDownloading] = useState(false);
  const recordedId = entry.state === 'recorded' ? entry.answer?.sale.id : undefined;
  const downloadReceipt = async (id: number) => {
    setDownloading(true);
    try {
      await download(SALES_ENDPOINTS.getReceipt, { business_id: business.id, id });
    } catch (error) {
      notify.error(errorMessage(error, SALES_MESSAGES.failedDownload));
    } finally {
      setDownloading(false);
    }
  };
  const share = saleShareText(business, {
    id: entry.answer?.sale.id ?? 0,
    receipt_number: entry.receipt_number,
    currency: snapshot.currency,
    customer_name: snapshot.customer_name,
    total_cart_amount: snapshot.total,
    amount_paid: snapshot.paid,
    balance: snapshot.owed,
    status: 'active',
    lines: snapshot.lines,
  });

  return (
    <Stack gap="sm" maw={560}>
      <Group justify="space-between" align="center">
        <Title order={2}>Receipt {entry.receipt_number}</Title>
        <Badge color={state.color} size="lg" aria-label="Sent state">
          {state.label}
        </Badge>
      </Group>
      {entry.state === 'waiting' && !navigator.onLine && (
        <Alert color="orange">{COUNTER_SCREEN_MESSAGES.savedOffline}</Alert>
      )}
      {entry.state === 'needs_attention' && <Alert color="red">{entry.last_error}</Alert>}
      {notices.length > 0 && (
        <Alert color="yellow" aria-label="What the server found">
          <Stack gap={4}>
            {notices.map((notice) => (
              <Text key={notice} size="sm">
                {notice}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="sm" aria-label="Receipt">
        <Text size="sm">{formatDateTime(entry.body.sold_at)}</Text>
        <Text size="sm">Customer: {snapshot.customer_name}</Text>
        <Divider my="xs" />
        {snapshot.lines.map((line) => (
          <Group key={`${line.product_id}:${line.unit_name ?? ''}`} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {soldAs(line)} × {line.product_name}
            </Text>
            <Text size="sm">{money(line.line_total)}</Text>
          </Group>
        ))}
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} aria-label="Receipt total">
            {money(snapshot.total)}
          </Text>
        </Group>
        {snapshot.payments.map((payment) => (
          <Group key={`${payment.method}:${payment.amount}`} justify="space-between">
            <Text size="sm">Paid ({PAYMENT_METHOD_LABELS[payment.method as PaymentMethod]})</Text>
            <Text size="sm">{money(payment.amount)}</Text>
          </Group>
        ))}
        {snapshot.change !== null && (
          <Group justify="space-between">
            <Text size="sm">Change (from {money(snapshot.cash_given ?? '0')})</Text>
            <Text size="sm" fw={700}>
              {money(snapshot.change)}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text size="sm">Balance</Text>
          <Text size="sm">{money(snapshot.owed)}</Text>
        </Group>
        <Text size="sm" mt={4}>
          {PAYMENT_STATUS_LABELS[snapshot.payment_status]}
        </Text>
      </Paper>
      <Button size="lg" onClick={onNewSale} data-autofocus>
        New sale
      </Button>
      <Group grow>
        <Button variant="default" onClick={() => window.print()}>
          Print
        </Button>
        <Button
          variant="default"
          component="a"
          href={whatsappUrl(share, snapshot.customer_phone)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </Button>
      </Group>
      {recordedId === undefined ? (
        <Text size="sm" c="dimmed">
          {COUNTER_SCREEN_MESSAGES.noReceiptYet}
        </Text>
      ) : (
        <Button variant="default" loading={downloading} onClick={() => downloadReceipt(recordedId)}>
          Download receipt (PDF)
        </Button>
      )}
      <PrintedReceipt entry={entry} business={business} />
    </Stack>
  );
}

/** What window.print() prints: the 80 mm receipt of sales/receipt.css. */
function PrintedReceipt({ entry, business }: { entry: SaleEntry; business: Business }) {
  const { snapshot } = entry;
  const money = (amount: string) => formatMoney(amount, snapshot.currency);
  return createPortal(
    <section className="oja-receipt" aria-hidden="true">
      <ReceiptShop business={business} />
      <hr />
      <p>Receipt {entry.receipt_number}</p>
      <p>{formatDateTime(entry.body.sold_at)}</p>
      <p>Sold by: {snapshot.seller_name}</p>
      <p>Customer: {snapshot.customer_name}</p>
      <hr />
      <table>
        <tbody>
          {snapshot.lines.map((line) => (
            <tr key={`${line.product_id}:${line.unit_name ?? ''}`}>
              <td>
                {line.product_name}
                <br />
                {soldAs(line)} × {money(line.unit_price)}
              </td>
              <td className="amount">{money(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          <tr className="total">
            <td>Total</td>
            <td className="amount">{money(snapshot.total)}</td>
          </tr>
          {snapshot.payments.map((payment) => (
            <tr key={`${payment.method}:${payment.amount}`}>
              <td>Paid ({PAYMENT_METHOD_LABELS[payment.method as PaymentMethod]})</td>
              <td className="amount">{money(payment.amount)}</td>
            </tr>
          ))}
          {snapshot.change !== null && (
            <tr>
              <td>Change</td>
              <td className="amount">{money(snapshot.change)}</td>
            </tr>
          )}
          <tr className="total">
            <td>Balance</td>
            <td className="amount">{money(snapshot.owed)}</td>
          </tr>
        </tbody>
      </table>
      <p>Status: {PAYMENT_STATUS_LABELS[snapshot.payment_status]}</p>
      <ReceiptFooter business={business} owed={snapshot.owed} />
    </section>,
    document.body,
  );
}

/** "1 carton", "5 packs" for a product with packs (ADR 0030); the count alone for any other, as before. */
function soldAs(line: SaleEntry['snapshot']['lines'][number]): string {
  return line.unit_name ? countOf(line.quantity, line.unit_name) : String(line.quantity);
}
