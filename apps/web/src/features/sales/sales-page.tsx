import { Button, Center, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type Cart, can, MESSAGES, type Paginated, SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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
import { readSalesView, type SalesTab, type SalesView, writeSalesView } from './sales-params';
import { SalesTable } from './sales-table';

/** /business/{slug}/sales: the carts being built and the sales made, each searched by the server. */
export default function SalesPage() {
  return (
    <RequirePermission permission="sale.view">
      <SalesScreen />
    </RequirePermission>
  );
}

type ChangeView = (patch: Partial<SalesView>, options?: { replace?: boolean }) => void;

/** The view lives in the URL: a tab or page change is a history entry; a new search replaces the current one. */
function useSalesView(): [SalesView, ChangeView] {
  const [params, setParams] = useSearchParams();
  const view = readSalesView(params);
  const change: ChangeView = (patch, options) =>
    setParams((current) => writeSalesView({ ...readSalesView(current), ...patch }), options);
  return [view, change];
}

function SalesScreen() {
  const { business } = useBusinessContext();
  const [view, changeView] = useSalesView();
  const [editing, setEditing] = useState<{ cart: Cart | null } | null>(null);
  const showPage = (page: number, options?: { replace?: boolean }) => changeView({ page }, options);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Sales</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ cart: null })}>
          Add Cart
        </Button>
      </Group>
      <SearchBox
        search={view.search}
        tab={view.tab}
        onSearch={(search) => changeView({ search, page: 1 }, { replace: true })}
      />
      <Tabs
        value={view.tab}
        onChange={(value) => changeView({ tab: value === 'sales' ? 'sales' : 'carts', page: 1 })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="carts">Carts</Tabs.Tab>
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carts" pt="md">
          <CartsPanel
            search={view.search}
            page={view.page}
            onPage={showPage}
            onEdit={(cart) => setEditing({ cart })}
            onSold={() => changeView({ tab: 'sales', page: 1 })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="md">
          <SalesPanel search={view.search} page={view.page} onPage={showPage} slug={business.slug} />
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

/**
 * The search box: what is typed reaches the URL (and so the server) 300 ms after
 * the last key. A search changed from outside (back, forward) is shown in the box.
 */
function SearchBox({ search, tab, onSearch }: { search: string; tab: SalesTab; onSearch(search: string): void }) {
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const written = useRef(search);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);
  return (
    <TextInput
      aria-label="Search"
      placeholder={tab === 'carts' ? 'Search carts by title or customer' : 'Search sales by product or customer'}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}

/** A page past the end (the last cart of it deleted, a stale link) moves to the last page there is. */
function useStayInRange(data: Paginated<unknown> | undefined, page: number, onPage: PanelProps['onPage']) {
  const last = data?.total_pages;
  useEffect(() => {
    if (last !== undefined && page > last) onPage(Math.max(1, last), { replace: true });
  }, [last, page, onPage]);
}

type PanelProps = { search: string; page: number; onPage(page: number, options?: { replace?: boolean }): void };

function CartsPanel({
  search,
  page,
  onPage,
  onEdit,
  onSold,
}: PanelProps & { onEdit(cart: Cart): void; onSold(): void }) {
  const { business, role } = useBusinessContext();
  const carts = useCarts(business.id, { page, search: search || undefined });
  const remove = useDeleteCart(business.id);
  const [confirming, setConfirming] = useState<Cart | null>(null);
  useStayInRange(carts.data, page, onPage);

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
      <Pager page={page} totalPages={total_pages} onChange={onPage} />
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

function SalesPanel({ search, page, onPage, slug }: PanelProps & { slug: string }) {
  const { business } = useBusinessContext();
  const sales = useSales(business.id, { page, search: search || undefined });
  useStayInRange(sales.data, page, onPage);
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
      <Pager page={page} totalPages={total_pages} onChange={onPage} />
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
