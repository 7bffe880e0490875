import { Button, Group, Stack, Title } from '@mantine/core';
import { formatMoney, SUPPLIER_MESSAGES } from '@oja/contract';
import { IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { loadOnOpen } from '../../ui/load-on-open';
import { ListSearch, PagedList } from '../../ui/paged-list';
import { NameAndPhone, OwedBadge } from '../../ui/party-cells';
import { ResponsiveTable } from '../../ui/responsive-table';
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
      <ListSearch view={view} label="Search suppliers" placeholder="Search by name or phone" maxLength={80} />
      <PagedList
        view={view}
        list={list}
        failedFetch={SUPPLIER_MESSAGES.failedFetch}
        empty={view.search ? SUPPLIER_MESSAGES.noMatches : SUPPLIER_MESSAGES.noSuppliers}
      >
        {(page) => (
          <ResponsiveTable
            label="Suppliers"
            minWidth={640}
            rows={page.results}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'Supplier',
                kind: 'main',
                cell: (row) => <NameAndPhone to={supplierPath(base, row.id)} name={row.name} phone={row.phone} />,
              },
              {
                header: 'Owed',
                isNoWrap: true,
                cell: (row) => <OwedBadge owed={row.owed} color="orange" />,
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
      </PagedList>
      <AddSupplierModal
        businessId={business.id}
        opened={isAdding}
        onClose={() => setAdding(false)}
        onAdded={(supplier) => navigate(supplierPath(base, supplier.id))}
      />
    </Stack>
  );
}
