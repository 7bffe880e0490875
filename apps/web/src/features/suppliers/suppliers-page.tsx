import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, SUPPLIER_MESSAGES, type Supplier } from '@oja/contract';
import { IconPlus, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { ResponsiveTable } from '../../ui/responsive-table';
import { THUMB_LINK } from '../../ui/thumb-link';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useSuppliers } from './list-api';
import { newDeliveryPath, supplierPath, suppliersBase } from './paths';

const AddSupplierModal = loadOnOpen(
  () => import('./add-supplier-modal').then((module) => module.AddSupplierModal),
  (props) => props.opened,
);

const SUPPLIER_LIST = { filters: {} } as const;

/**
 * /business/{slug}/suppliers and /{slug}/employee/suppliers: who the shop buys from, most owed first, with what
 * was bought from them and paid them. Search and page live in the URL; the server searches and pages.
 */
export default function SuppliersPage() {
  return (
    <RequirePermission permission="supplier.manage">
      <Suppliers />
    </RequirePermission>
  );
}

function Suppliers() {
  const { business } = useBusinessContext();
  const base = suppliersBase(useLocation().pathname, business.slug);
  const navigate = useNavigate();
  const view = useListView(SUPPLIER_LIST);
  const list = useSuppliers(business.id, { page: view.page, search: view.search || undefined });
  useKeepPageInRange(view, list);
  const [isAdding, setAdding] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Suppliers</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            {...AddSupplierModal.intent}
          >
            Add supplier
          </Button>
          <Button component={Link} to={newDeliveryPath(base)} leftSection={<IconTruckDelivery size={16} />}>
            New delivery
          </Button>
        </Group>
      </Group>
      <TextInput
        aria-label="Search suppliers"
        placeholder="Search by name or phone"
        leftSection={<IconSearch size={16} />}
        maxLength={80}
        size="md"
        {...view.searchBox}
      />
      {list.isPending && <PageLoader />}
      {list.isError && (
        <QueryError error={list.error} fallback={SUPPLIER_MESSAGES.failedFetch} onRetry={() => list.refetch()} />
      )}
      {list.data && (
        <>
          {list.data.results.length === 0 ? (
            <Text c="dimmed" py="md">
              {view.search ? SUPPLIER_MESSAGES.noMatches : SUPPLIER_MESSAGES.noSuppliers}
            </Text>
          ) : (
            <ResponsiveTable
              label="Suppliers"
              minWidth={640}
              rows={list.data.results}
              rowKey={(row) => row.id}
              columns={[
                {
                  header: 'Supplier',
                  kind: 'main',
                  cell: (row: Supplier) => (
                    <Stack gap={0}>
                      <Anchor component={Link} to={supplierPath(base, row.id)} fw={600} style={THUMB_LINK}>
                        {row.name}
                      </Anchor>
                      {row.phone && (
                        <Text size="xs" c="dimmed">
                          {row.phone}
                        </Text>
                      )}
                    </Stack>
                  ),
                },
                {
                  header: 'Owed',
                  isNoWrap: true,
                  cell: (row) =>
                    row.owed === '0.00' ? (
                      <Text size="sm" c="dimmed">
                        Nothing
                      </Text>
                    ) : (
                      <Badge color="orange" variant="light" size="lg">
                        {formatMoney(row.owed)}
                      </Badge>
                    ),
                },
                {
                  header: 'Bought',
                  isNoWrap: true,
                  cell: (row) =>
                    `${formatMoney(row.purchased)} · ${row.deliveries_count} deliver${row.deliveries_count === 1 ? 'y' : 'ies'}`,
                },
                {
                  header: 'Last delivery',
                  isNoWrap: true,
                  cell: (row) => (row.last_delivery_at ? formatDate(row.last_delivery_at) : '—'),
                },
              ]}
            />
          )}
          <Pager page={view.page} totalPages={list.data.total_pages} onChange={view.setPage} />
        </>
      )}
      <AddSupplierModal
        businessId={business.id}
        opened={isAdding}
        onClose={() => setAdding(false)}
        onAdded={(supplier) => navigate(supplierPath(base, supplier.id))}
      />
    </Stack>
  );
}
