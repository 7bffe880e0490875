import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  can,
  type Delivery,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  SUPPLIER_MESSAGES,
  type SupplierDetail,
  type SupplierPayment,
  toKobo,
} from '@oja/contract';
import { IconCash, IconPencil, IconTags, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { BackLink } from '../../ui/back-link';
import { loadOnOpen } from '../../ui/load-on-open';
import NotFoundPage from '../../ui/not-found-page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ResponsiveTable } from '../../ui/responsive-table';
import { RowActions } from '../../ui/row-actions';
import { StatCard } from '../../ui/stat-card';
import { useSupplier } from './api';
import { newDeliveryPath, suppliersBase } from './paths';

const PaySupplierModal = loadOnOpen(
  () => import('./pay-supplier-modal').then((module) => module.PaySupplierModal),
  (props) => props.opened,
);
const CorrectPaymentModal = loadOnOpen(
  () => import('./correct-payment-modal').then((module) => module.CorrectPaymentModal),
  (props) => props.payment !== null,
);

/** The supplier the address names (?id=), or null for an address that names none. */
function idOf(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /business/{slug}/suppliers/view and the manager's: one supplier's balance, deliveries, payments and Pay. */
export default function SupplierPage() {
  return (
    <RequirePermission permission="supplier.manage">
      <SupplierScreen />
    </RequirePermission>
  );
}

function SupplierScreen() {
  const { business } = useBusinessContext();
  const [params] = useSearchParams();
  const id = idOf(params);
  const supplier = useSupplier(business.id, id);
  const base = suppliersBase(useLocation().pathname, business.slug);
  if (id === null) return <NotFoundPage />;
  if (supplier.isPending) return <PageLoader />;
  if (supplier.isError) {
    return (
      <QueryError
        error={supplier.error}
        fallback={SUPPLIER_MESSAGES.failedFetchSupplier}
        onRetry={() => supplier.refetch()}
      />
    );
  }
  return <SupplierBody detail={supplier.data} base={base} />;
}

function SupplierBody({ detail, base }: { detail: SupplierDetail; base: string }) {
  const { business, role } = useBusinessContext();
  const [isPaying, setPaying] = useState(false);
  const [correcting, setCorrecting] = useState<SupplierPayment | null>(null);
  const canCorrect = can(role, 'supplier.correct');
  const { supplier } = detail;
  const isOwed = supplier.owed !== '0.00';
  const isInBusiness = base.startsWith('/business/');

  return (
    <Stack gap="md">
      <BackLink to={base}>Suppliers</BackLink>
      <div>
        <Title order={2}>{supplier.name}</Title>
        <Text size="sm" c="dimmed">
          {supplier.phone ?? 'No phone on file'}
          {supplier.note ? ` · ${supplier.note}` : ''}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="sm">
        <StatCard
          label="Owed"
          value={formatMoney(supplier.owed)}
          hint={isOwed ? 'Still to pay them' : 'Nothing owed'}
        />
        <StatCard
          label="Bought"
          value={formatMoney(supplier.purchased)}
          hint={`${supplier.deliveries_count} deliver${supplier.deliveries_count === 1 ? 'y' : 'ies'} · ${formatMoney(supplier.paid)} paid`}
        />
      </SimpleGrid>
      <Group gap="xs" grow>
        <Button
          leftSection={<IconCash size={16} />}
          disabled={!isOwed}
          onClick={() => setPaying(true)}
          {...PaySupplierModal.intent}
        >
          Pay
        </Button>
        <Button
          component={Link}
          to={newDeliveryPath(base, supplier.id)}
          variant="default"
          leftSection={<IconTruckDelivery size={16} />}
        >
          New delivery
        </Button>
      </Group>
      {isInBusiness && supplier.deliveries_count > 0 && (
        <Button
          component={Link}
          to={`/business/${business.slug}/inventory/prices?supplier=${supplier.id}`}
          variant="subtle"
          leftSection={<IconTags size={16} />}
        >
          Change prices of their products
        </Button>
      )}

      <Title order={3}>Deliveries</Title>
      {detail.deliveries.length === 0 ? (
        <Text c="dimmed">{SUPPLIER_MESSAGES.noDeliveries}</Text>
      ) : (
        detail.deliveries.map((delivery) => <DeliveryCard key={delivery.id} delivery={delivery} />)
      )}

      <Title order={3}>Payments</Title>
      {detail.payments.length === 0 ? (
        <Text c="dimmed">{SUPPLIER_MESSAGES.noPayments}</Text>
      ) : (
        <ResponsiveTable
          label="Payments"
          minWidth={520}
          rows={detail.payments}
          rowKey={(row: SupplierPayment) => row.id}
          columns={[
            { header: 'Amount', kind: 'main', isNoWrap: true, cell: (row) => formatMoney(row.amount) },
            { header: 'Method', cell: (row) => PAYMENT_METHOD_LABELS[row.method] },
            { header: 'When', isNoWrap: true, cell: (row) => formatDateTime(row.created_at) },
            { header: 'By', cell: (row) => row.paid_by_name + (row.note ? ` · ${row.note}` : '') },
            ...(canCorrect
              ? [
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    kind: 'actions' as const,
                    cell: (row: SupplierPayment) => (
                      <RowActions
                        actions={[
                          {
                            label: 'Correct',
                            name: `Correct payment of ${formatMoney(row.amount)} on ${formatDateTime(row.created_at)}`,
                            icon: <IconPencil size={16} />,
                            onClick: () => setCorrecting(row),
                          },
                        ]}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}

      <PaySupplierModal
        businessId={business.id}
        supplier={supplier}
        opened={isPaying}
        onClose={() => setPaying(false)}
      />
      <CorrectPaymentModal businessId={business.id} payment={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const isPaidInFull = toKobo(delivery.paid) >= toKobo(delivery.total_cost);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="delivery">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {formatDate(delivery.received_at)}
            {delivery.invoice_number ? ` · Invoice ${delivery.invoice_number}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Received by {delivery.received_by_name}
          </Text>
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(delivery.total_cost)}
        </Text>
      </Group>
      <Stack gap={2} mt="xs">
        {delivery.lines.map((line) => (
          <Text key={line.batch_id} size="sm">
            {line.quantity} × {line.product_name} at {formatMoney(line.unit_cost)} · {line.batch_number}
            {line.expiration_date ? ` · expires ${formatDate(line.expiration_date)}` : ''}
          </Text>
        ))}
      </Stack>
      {delivery.paid !== '0.00' && (
        <Badge mt="xs" variant="light" color={isPaidInFull ? 'green' : 'gray'}>
          {isPaidInFull ? 'Paid in full' : `${formatMoney(delivery.paid)} paid of it`}
        </Badge>
      )}
    </Card>
  );
}
