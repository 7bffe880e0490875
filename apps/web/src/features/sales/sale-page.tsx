import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { can, formatMoney, MESSAGES, PAYMENT_METHOD_LABELS, SALES_MESSAGES, type SaleDetail } from '@oja/contract';
import { IconArrowLeft, IconCash, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { useBusinessContext } from '../businesses/business-context';
import { useSale } from './api';
import { PaymentStatusBadge } from './payment-status-badge';
import { Receipt } from './receipt';
import { RecordPaymentModal } from './record-payment-modal';

/** /business/{slug}/sales/{id}: what was sold from which batch, what was paid, what is owed, and the receipt. */
export default function SalePage() {
  const { business } = useBusinessContext();
  const saleId = Number(useParams().saleId);
  const sale = useSale(business.id, saleId);
  const back = (
    <Group>
      <Button
        component={Link}
        to={`/business/${business.slug}/sales?tab=sales`}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        px={0}
      >
        Back to sales
      </Button>
    </Group>
  );
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
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const isOwed = sale.balance !== '0.00';
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>Sale #{sale.id}</Title>
            <PaymentStatusBadge status={sale.payment_status} />
          </Group>
          <Text c="dimmed" size="sm">
            {formatDateTime(sale.created_at)} · sold by {sale.created_by_name} · customer {sale.customer_name}
          </Text>
        </Stack>
        <Group gap="xs">
          {isOwed && can(role, 'payment.record') && (
            <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
              Record Payment
            </Button>
          )}
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print receipt
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Figure label="Total" value={money(sale.total_cart_amount)} />
        <Figure label="Paid" value={money(sale.amount_paid)} />
        <Figure label="Balance" value={money(sale.balance)} color={isOwed ? 'red' : undefined} />
      </SimpleGrid>
      <Title order={4}>Items</Title>
      <SaleLinesTable sale={sale} />
      <Title order={4}>Payments</Title>
      <PaymentsTable sale={sale} />
      <RecordPaymentModal businessId={business.id} sale={sale} opened={isPaying} onClose={() => setPaying(false)} />
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
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing="xs" aria-label="Items sold">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Unit price</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sale.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {line.product_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.batch_number ?? '—'}</Text>
                {line.expiration_date && (
                  <Text size="xs" c="dimmed">
                    Expires {formatDate(line.expiration_date)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.quantity}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.unit_price)}</Table.Td>
              <Table.Td>{line.discount_percentage === '0.00' ? '—' : `${line.discount_percentage}%`}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.line_total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Recorded by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sale.payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.created_at)}</Table.Td>
              <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(payment.amount, sale.currency)}</Table.Td>
              <Table.Td>{payment.recorded_by_name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
