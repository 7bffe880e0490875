import { Button, Center, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type Cart, can, MESSAGES, SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { useBusinessContext } from '../businesses/business-context';
import { RequirePermission } from '../businesses/not-allowed';
import { useCarts, useDeleteCart, useSales } from './api';
import { CartEditorModal } from './cart-editor-modal';
import { CartsTable } from './carts-table';
import { ConfirmSaleModal } from './confirm-sale-modal';
import { SalesTable } from './sales-table';

type Tab = 'carts' | 'sales';

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
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sales' ? 'sales' : 'carts';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<{ cart: Cart | null } | null>(null);

  const showTab = (next: Tab) => setParams(next === 'sales' ? { tab: 'sales' } : {}, { replace: true });

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
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Tabs value={tab} onChange={(value) => showTab(value === 'sales' ? 'sales' : 'carts')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="carts">Carts</Tabs.Tab>
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carts" pt="md">
          <CartsPanel search={debounced} onEdit={(cart) => setEditing({ cart })} onSold={() => showTab('sales')} />
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="md">
          <SalesPanel search={debounced} slug={business.slug} />
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

/** Keeps the page number per search: a new search starts again at page 1. */
function usePageFor(search: string): [number, (page: number) => void] {
  const [state, setState] = useState({ search, page: 1 });
  const page = state.search === search ? state.page : 1;
  return [page, (next) => setState({ search, page: next })];
}

function CartsPanel({ search, onEdit, onSold }: { search: string; onEdit(cart: Cart): void; onSold(): void }) {
  const { business, role } = useBusinessContext();
  const [page, setPage] = usePageFor(search);
  const carts = useCarts(business.id, { page, search: search || undefined });
  const remove = useDeleteCart(business.id);
  const [confirming, setConfirming] = useState<Cart | null>(null);

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
      <Pager page={page} totalPages={total_pages} onChange={setPage} />
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

function SalesPanel({ search, slug }: { search: string; slug: string }) {
  const { business } = useBusinessContext();
  const [page, setPage] = usePageFor(search);
  const sales = useSales(business.id, { page, search: search || undefined });
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
      <Pager page={page} totalPages={total_pages} onChange={setPage} />
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
