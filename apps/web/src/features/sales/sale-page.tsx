import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  can,
  formatMoney,
  fromKobo,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  type Payment,
  paymentRefundNote,
  returnShareText,
  SALES_ENDPOINTS,
  SALES_MESSAGES,
  type SaleDetail,
  type SaleReturn,
  saleShareText,
  toKobo,
  whatsappUrl,
} from '@oja/contract';
import {
  IconArrowBackUp,
  IconBrandWhatsapp,
  IconCash,
  IconFileDownload,
  IconPrinter,
  IconReceipt,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError, download, errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { BackLink } from '../../ui/back-link';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { usePaymentRecorded, useSale } from './api';
import { Receipt } from './receipt';
import { unitsOfLine } from './receipt-lines';
import { saleBackOf } from './sale-back';
import { SaleStatusBadge } from './sale-status-badge';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const CancelSaleModal = loadOnOpen(
  () => import('./cancel-sale-modal').then((module) => module.CancelSaleModal),
  (props) => props.opened,
);
const ReturnSaleModal = loadOnOpen(
  () => import('./return-sale-modal').then((module) => module.ReturnSaleModal),
  (props) => props.opened,
);
/** This phone's payments of the sale not yet recorded (the counter's outbox, with Dexie: loaded after the page). */
const PendingPayments = lazy(() => import('../counter/pending-payments'));
const RecordPaymentModal = loadOnOpen(
  () => import('./record-payment-modal').then((module) => module.RecordPaymentModal),
  (props) => props.opened,
);

/** A thumb's target: the page's buttons were 36 px high, under the 40 px a phone's touch needs. */
const TOUCH = 40;

/** /business/{slug}/sales/{id}: what was sold from which batch, what was paid, what is owed, and the receipt. */
export default function SalePage() {
  const { business } = useBusinessContext();
  const saleId = Number(useParams().saleId);
  const sale = useSale(business.id, saleId);
  const way = saleBackOf(useLocation().state, {
    to: `/business/${business.slug}/sales?tab=sales`,
    label: 'Back to sales',
  });
  const back = <BackLink to={way.to}>{way.label}</BackLink>;
  if (!Number.isInteger(saleId) || saleId <= 0 || (sale.error instanceof ApiError && sale.error.status === 404)) {
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="yellow">{MESSAGES.sale.notFound}</Alert>
      </Stack>
    );
  }
  if (sale.isPending) return <PageLoader label="Loading sale..." />;
  if (sale.isError)
    return <QueryError error={sale.error} fallback={SALES_MESSAGES.failedFetchSale} onRetry={() => sale.refetch()} />;
  return (
    <Stack gap="md">
      {back}
      <SaleView sale={sale.data} />
    </Stack>
  );
}

function SaleView({ sale }: { sale: SaleDetail }) {
  const { business, role } = useBusinessContext();
  const [isPaying, setPaying] = useState(false);
  const paymentRecorded = usePaymentRecorded(business.id);
  const [isCancelling, setCancelling] = useState(false);
  const [isReturning, setReturning] = useState(false);
  const hasReturns = sale.returns.some((given) => given.kind === 'return');
  const canReturnMore = sale.lines.some((line) => line.quantity > line.returned_quantity);
  const [downloading, setDownloading] = useState<'receipt' | 'invoice' | null>(null);
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const isCancelled = sale.status === 'cancelled';
  const isOwed = sale.balance !== '0.00' && !isCancelled;
  const share = whatsappUrl(saleShareText(business, sale), sale.customer_phone);
  const fetchDocument = async (kind: 'receipt' | 'invoice') => {
    setDownloading(kind);
    try {
      const entry = kind === 'receipt' ? SALES_ENDPOINTS.getReceipt : SALES_ENDPOINTS.getInvoice;
      await download(entry, { business_id: business.id, id: sale.id });
    } catch (error) {
      notify.error(errorMessage(error, SALES_MESSAGES.failedDownload));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>Sale #{sale.id}</Title>
            <SaleStatusBadge sale={sale} />
          </Group>
          <Text c="dimmed" size="sm">
            {formatDateTime(sale.created_at)} · sold by {sale.created_by_name} · customer {sale.customer_name}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconReceipt size={16} />}
            mih={TOUCH}
            loading={downloading === 'receipt'}
            onClick={() => fetchDocument('receipt')}
          >
            Download receipt
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} />}
            mih={TOUCH}
            loading={downloading === 'invoice'}
            onClick={() => fetchDocument('invoice')}
          >
            Download invoice
          </Button>
          <Button
            component="a"
            href={share}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            variant="light"
            leftSection={<IconBrandWhatsapp size={16} />}
            mih={TOUCH}
          >
            {/* A cancelled sale's message says it was cancelled: the button must not offer it as a receipt. */}
            {isCancelled ? 'Share cancellation' : 'Share on WhatsApp'}
          </Button>
          {isOwed && can(role, 'payment.record') && (
            <Button leftSection={<IconCash size={16} />} mih={TOUCH} onClick={() => setPaying(true)}>
              Record Payment
            </Button>
          )}
          <Button variant="default" leftSection={<IconPrinter size={16} />} mih={TOUCH} onClick={() => window.print()}>
            Print receipt
          </Button>
          {!isCancelled && canReturnMore && can(role, 'sale.return') && (
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={16} />}
              mih={TOUCH}
              onClick={() => setReturning(true)}
              {...ReturnSaleModal.intent}
            >
              Return items
            </Button>
          )}
          {/* Said in words where the other actions are: behind an unlabelled "⋯" nobody found it. A sale with
              returns is not cancelled: the rest of it is returned (ADR 0027). */}
          {!isCancelled && !hasReturns && can(role, 'sale.cancel') && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} />}
              mih={TOUCH}
              onClick={() => setCancelling(true)}
              {...CancelSaleModal.intent}
            >
              Cancel sale
            </Button>
          )}
        </Group>
      </Group>
      {isCancelled && (
        <Alert color="gray" title="Cancelled">
          {sale.cancelled_at ? formatDateTime(sale.cancelled_at) : ''}
          {sale.cancelled_by_name ? ` by ${sale.cancelled_by_name}` : ''}. Reason: {sale.cancel_reason}. The items went
          back to stock and the payments were refunded.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {sale.returned_amount !== '0.00' && <Figure label="Returned" value={money(sale.returned_amount)} />}
        <Figure label="Total" value={money(sale.total_cart_amount)} />
        <Figure label="Paid" value={money(sale.amount_paid)} />
        {isCancelled ? (
          <Figure label="Refunded" value={money(sale.amount_paid)} />
        ) : (
          <Figure label="Balance" value={money(sale.balance)} color={isOwed ? 'red' : undefined} />
        )}
      </SimpleGrid>
      <Title order={4}>Items</Title>
      <SaleLinesTable sale={sale} />
      <Title order={4}>Payments</Title>
      <PaymentsTable sale={sale} />
      {hasReturns && <ReturnsList sale={sale} />}
      {can(role, 'payment.record') && (
        <Suspense fallback={null}>
          <PendingPayments saleId={sale.id} currency={sale.currency} onRecorded={paymentRecorded} />
        </Suspense>
      )}
      <RecordPaymentModal businessId={business.id} sale={sale} opened={isPaying} onClose={() => setPaying(false)} />
      <CancelSaleModal
        businessId={business.id}
        sale={sale}
        opened={isCancelling}
        onClose={() => setCancelling(false)}
      />
      <ReturnSaleModal businessId={business.id} sale={sale} opened={isReturning} onClose={() => setReturning(false)} />
      <Receipt sale={sale} business={business} />
    </>
  );
}

/** One amount: label and value side by side, so a long amount never breaks on a phone. */
function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder p="xs" role="group" aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} c={color}>
          {value}
        </Text>
      </Group>
    </Paper>
  );
}

function SaleLinesTable({ sale }: { sale: SaleDetail }) {
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const columns: ResponsiveColumn<SaleDetail['lines'][number]>[] = [
    {
      header: 'Product',
      kind: 'main',
      cell: (line) => (
        <>
          <Text size="sm" fw={500}>
            {line.product_name}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {line.sku}
          </Text>
        </>
      ),
    },
    {
      header: 'Batch',
      cell: (line) => (
        <>
          <Text size="sm">{line.batch_number ?? '—'}</Text>
          {line.expiration_date && (
            <Text size="xs" c="dimmed">
              Expires {formatDate(line.expiration_date)}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Qty',
      cell: (line) =>
        line.returned_quantity > 0
          ? `${unitsOfLine(line, line.quantity)} (${unitsOfLine(line, line.returned_quantity)} returned)`
          : unitsOfLine(line, line.quantity),
    },
    { header: 'Unit price', isNoWrap: true, cell: (line) => money(line.unit_price) },
    {
      header: 'Discount',
      cell: (line) => (line.discount_percentage === '0.00' ? '—' : `${line.discount_percentage}%`),
    },
    { header: 'Total', isNoWrap: true, cell: (line) => money(line.line_total) },
  ];
  return (
    <ResponsiveTable label="Items sold" minWidth={620} columns={columns} rows={sale.lines} rowKey={(line) => line.id} />
  );
}

function PaymentsTable({ sale }: { sale: SaleDetail }) {
  if (sale.payments.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No payment yet.
      </Text>
    );
  }
  const columns: ResponsiveColumn<Payment>[] = [
    { header: 'Date', kind: 'main', isNoWrap: true, cell: (payment) => formatDateTime(payment.created_at) },
    { header: 'Method', cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
    { header: 'Amount', isNoWrap: true, cell: (payment) => formatMoney(payment.amount, sale.currency) },
    { header: 'Recorded by', cell: (payment) => payment.recorded_by_name ?? '—' },
    {
      header: 'Refunded',
      cell: (payment) => paymentRefundNote(payment, sale.currency) ?? '—',
    },
  ];
  return (
    <ResponsiveTable
      label="Payments"
      minWidth={480}
      columns={columns}
      rows={sale.payments}
      rowKey={(payment) => payment.id}
    />
  );
}

/** The partial returns, each with its receipt to send: what came back, where it went, what was refunded. */
function ReturnsList({ sale }: { sale: SaleDetail }) {
  const { business } = useBusinessContext();
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const returns = sale.returns.filter((given) => given.kind === 'return');
  return (
    <Stack gap="xs">
      <Title order={4}>Returns</Title>
      {returns.map((given: SaleReturn) => (
        <Paper key={given.id} withBorder p="sm" role="group" aria-label={`Return ${given.id}`}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {formatDateTime(given.created_at)}
              {given.returned_by_name ? ` · by ${given.returned_by_name}` : ''} ·{' '}
              {given.restock ? SALES_MESSAGES.restockLabel : SALES_MESSAGES.damagedLabel}
            </Text>
            {given.lines.map((line) => (
              <Text size="sm" key={line.sale_line_id}>
                {line.quantity} × {line.product_name} · {money(line.amount)}
              </Text>
            ))}
            <Text size="sm">Reason: {given.reason}</Text>
            <Text size="sm">
              {[
                ...given.refunds.map(
                  (refund) => `Refunded ${money(refund.amount)} by ${PAYMENT_METHOD_LABELS[refund.method]}`,
                ),
                ...(toKobo(given.amount) > toKobo(given.refunded)
                  ? [`${money(fromKobo(toKobo(given.amount) - toKobo(given.refunded)))} off what is owed`]
                  : []),
              ].join(' · ')}
            </Text>
            <Group>
              <Button
                component="a"
                href={whatsappUrl(returnShareText(business, sale, given), sale.customer_phone)}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
                variant="light"
                leftSection={<IconBrandWhatsapp size={16} />}
                mih={TOUCH}
              >
                Share return receipt
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
