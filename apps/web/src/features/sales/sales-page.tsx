import { Button, Center, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Cart, can, MESSAGES } from '@oja/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ListView, useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useCarts, useDeleteCart, useSales } from './api';
import { CartEditorModal } from './cart-editor-modal';
import { CartsTable } from './carts-table';
import { ConfirmSaleModal } from './confirm-sale-modal';
import { SalesTable } from './sales-table';

/** The sales page in the URL: ?tab=sales&q=garri&page=2 (the carts tab, page 1 and no search are left out). */
const SALES_LIST = { filters: { tab: ['carts', 'sales'] as const }, searchParam: 'q' };

/** /business/{slug}/sales: the carts being built and the sales made, each searched by the server. */
export default function SalesPage() {
  return (
    <RequirePermission permission="sale.view">
      <SalesScreen />
    </RequirePermission>
  );
}

function SalesScreen() {
  const { business } = useBusinessContext();
  // The view lives in the URL: a tab or page change is a history entry; a new search replaces the current one.
  const view = useListView(SALES_LIST);
  const { tab } = view.filters;
  const [editing, setEditing] = useState<{ cart: Cart | null } | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Sales</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ cart: null })}>
          Add Cart
        </Button>
      </Group>
      <TextInput
        aria-label="Search"
        placeholder={tab === 'carts' ? 'Search carts by title or customer' : 'Search sales by product or customer'}
        leftSection={<IconSearch size={16} />}
        {...view.searchBox}
      />
      <Tabs value={tab} onChange={(value) => view.setFilter('tab', value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="carts">Carts</Tabs.Tab>
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carts" pt="md">
          <CartsPanel
            view={view}
            onEdit={(cart) => setEditing({ cart })}
            onSold={() => view.setFilter('tab', 'sales')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="md">
          <SalesPanel view={view} slug={business.slug} />
        </Tabs.Panel>
      </Tabs>
      <CartEditorModal
        businessId={business.id}
        cart={editing?.cart ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

type PanelProps = { view: ListView<typeof SALES_LIST.filters> };

function CartsPanel({ view, onEdit, onSold }: PanelProps & { onEdit(cart: Cart): void; onSold(): void }) {
  const { business, role } = useBusinessContext();
  const { page, search } = view;
  const carts = useCarts(business.id, { page, search: search || undefined });
  const remove = useDeleteCart(business.id);
  const [confirming, setConfirming] = useState<Cart | null>(null);
  useKeepPageInRange(view, carts);

  const askDelete = (cart: Cart) =>
    modals.openConfirmModal({
      title: 'Delete cart',
      children: <Text size="sm">Are you sure you want to delete {cart.title}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(cart.id, {
          onSuccess: () => notify.success(MESSAGES.cart.deleted),
          onError: (error) => notify.error(errorMessage(error, MESSAGES.failed.deleteCart)),
        }),
    });

  if (carts.isPending) return <PanelLoader label="Loading carts..." />;
  if (carts.isError)
    return <QueryError error={carts.error} fallback={MESSAGES.failed.fetchCarts} onRetry={() => carts.refetch()} />;
  const { results, total_pages } = carts.data;
  return (
    <>
      {results.length === 0 ? (
        <Text c="dimmed" py="md">
          {search
            ? 'No cart matches this search.'
            : 'No carts yet. Add a cart, or add products to a cart from the inventory.'}
        </Text>
      ) : (
        <CartsTable
          carts={results}
          canConfirm={can(role, 'sale.confirm')}
          onEdit={onEdit}
          onConfirm={setConfirming}
          onDelete={askDelete}
        />
      )}
      <Pager page={page} totalPages={total_pages} onChange={view.setPage} />
      <ConfirmSaleModal
        businessId={business.id}
        cart={confirming}
        onClose={() => setConfirming(null)}
        onSold={() => {
          setConfirming(null);
          onSold();
        }}
      />
    </>
  );
}

function SalesPanel({ view, slug }: PanelProps & { slug: string }) {
  const { business } = useBusinessContext();
  const { page, search } = view;
  const sales = useSales(business.id, { page, search: search || undefined });
  useKeepPageInRange(view, sales);
  const failure = sales.error;
  useEffect(() => {
    if (failure) notify.error(MESSAGES.toast.fetchSales(errorMessage(failure, MESSAGES.failed.fetchSales)));
  }, [failure]);
  if (sales.isPending) return <PanelLoader label="Loading sales..." />;
  if (sales.isError)
    return <QueryError error={sales.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => sales.refetch()} />;
  const { results, total_pages } = sales.data;
  return (
    <>
      {results.length === 0 ? (
        <Text c="dimmed" py="md">
          {search ? 'No sale matches this search.' : 'No sales yet. Confirm a cart to make the first one.'}
        </Text>
      ) : (
        <SalesTable sales={results} slug={slug} />
      )}
      <Pager page={page} totalPages={total_pages} onChange={view.setPage} />
    </>
  );
}

function PanelLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
