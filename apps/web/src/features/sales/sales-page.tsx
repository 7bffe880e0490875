import { Button, Center, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  type Cart,
  can,
  MESSAGES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  SALES_SEARCH_MAX_LENGTH,
} from '@oja/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage, isOffline, withReason } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { openConfirm } from '../../ui/confirm';
import { LazySelect } from '../../ui/lazy-select';
import type { ListSpec } from '../../ui/list-view';
import { loadOnOpen } from '../../ui/load-on-open';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ListView, useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useCurrentUser } from '../auth/session';
import { useCarts, useDeleteCart, useSales } from './api';
import { readDraft } from './cart-draft';
import { CartsTable } from './carts-table';
import { SalesTable } from './sales-table';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const CartEditorModal = loadOnOpen(
  () => import('./cart-editor-modal').then((module) => module.CartEditorModal),
  (props) => props.opened,
);
const ConfirmSaleModal = loadOnOpen(
  () => import('./confirm-sale-modal').then((module) => module.ConfirmSaleModal),
  (props) => props.cart !== null,
);

/** The payment status filter of the sales tab (?status=partial), the business's and the employee area's alike. */
const STATUS_FILTER = ['all', 'paid', 'partial', 'not_paid'] as const;
type SalesFilters = {
  tab: readonly ['carts', 'sales'] | readonly ['sales', 'carts'];
  status: typeof STATUS_FILTER;
};
/** The sales page in the URL: ?tab=sales&q=garri&page=2 (the carts tab, page 1 and no search are left out). */
const SALES_LIST: ListSpec<SalesFilters> = {
  filters: { tab: ['carts', 'sales'], status: STATUS_FILTER },
  searchParam: 'q',
};
/** The employee area's: their own sales first, filtered by payment status (?status=partial). */
const OWN_SALES_LIST: ListSpec<SalesFilters> = {
  filters: { tab: ['sales', 'carts'], status: STATUS_FILTER },
  searchParam: 'q',
};

/**
 * The sales screen of one seller (the employee area): their carts and sales only, New Sale goes
 * from the cart straight to its confirmation, and every seller sees Confirm (the server answers
 * who may confirm, with the spec's message).
 */
export type OwnSales = {
  userId: number;
  /** The carts tab lists the customers' requests beside the seller's own carts (a member who confirms sales). */
  withRequests?: boolean;
};

/** /business/{slug}/sales: the carts being built and the sales made, each searched by the server. */
export default function SalesPage() {
  return (
    <RequirePermission permission="sale.view">
      <SalesScreen />
    </RequirePermission>
  );
}

export function SalesScreen({ own }: { own?: OwnSales }) {
  const { business } = useBusinessContext();
  // The view lives in the URL: a tab or page change is a history entry; a new search replaces the current one.
  const view = useListView(own ? OWN_SALES_LIST : SALES_LIST);
  const { tab } = view.filters;
  const userId = useCurrentUser().id;
  // A new cart left half-built by a reload opens again as it was (cart-draft.ts).
  const [editing, setEditing] = useState<{ cart: Cart | null } | null>(() =>
    readDraft({ userId, businessId: business.id, cartId: null }) ? { cart: null } : null,
  );
  const [confirming, setConfirming] = useState<Cart | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{own ? 'My Sales' : 'Sales'}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ cart: null })}>
          {own ? 'New Sale' : 'Add Cart'}
        </Button>
      </Group>
      <TextInput
        aria-label="Search"
        placeholder={tab === 'carts' ? 'Search carts by title or customer' : 'Search sales by product or customer'}
        leftSection={<IconSearch size={16} />}
        maxLength={SALES_SEARCH_MAX_LENGTH}
        {...view.searchBox}
      />
      <Tabs value={tab} onChange={(value) => view.setFilter('tab', value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="carts">Carts</Tabs.Tab>
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carts" pt="md">
          <CartsPanel view={view} own={own} onEdit={(cart) => setEditing({ cart })} onConfirm={setConfirming} />
        </Tabs.Panel>
        <Tabs.Panel value="sales" pt="md">
          <SalesPanel view={view} slug={business.slug} own={own} />
        </Tabs.Panel>
      </Tabs>
      <CartEditorModal
        businessId={business.id}
        cart={editing?.cart ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        // New Sale: the cart just built goes straight to its confirmation.
        onCreated={own ? setConfirming : undefined}
      />
      <ConfirmSaleModal
        businessId={business.id}
        cart={confirming}
        onClose={() => setConfirming(null)}
        onSold={() => {
          setConfirming(null);
          view.setFilter('tab', 'sales');
        }}
      />
    </Stack>
  );
}

type PanelProps = { view: ListView<SalesFilters>; own?: OwnSales };

function CartsPanel({
  view,
  own,
  onEdit,
  onConfirm,
}: PanelProps & { onEdit(cart: Cart): void; onConfirm(cart: Cart): void }) {
  const { business, role } = useBusinessContext();
  const { page, search } = view;
  const carts = useCarts(business.id, {
    page,
    search: search || undefined,
    user_id: own?.userId,
    customer_requests: own?.withRequests ? 'also' : undefined,
  });
  const remove = useDeleteCart(business.id);
  useKeepPageInRange(view, carts);

  const askDelete = (cart: Cart) =>
    openConfirm({
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
          canConfirm={own !== undefined || can(role, 'sale.confirm')}
          onEdit={onEdit}
          onConfirm={onConfirm}
          onDelete={askDelete}
        />
      )}
      <Pager page={page} totalPages={total_pages} onChange={view.setPage} />
    </>
  );
}

function SalesPanel({ view, slug, own }: PanelProps & { slug: string }) {
  const { business } = useBusinessContext();
  const { page, search } = view;
  const { status } = view.filters;
  const sales = useSales(business.id, {
    page,
    search: search || undefined,
    // The server lets staff list all of the business's sales (a salesperson collects a colleague's
    // debt from the sale's page), so the employee area asks for the caller's own.
    created_by: own?.userId,
    payment_status: status !== 'all' ? status : undefined,
  });
  useKeepPageInRange(view, sales);
  const failure = sales.error;
  useEffect(() => {
    if (failure && !isOffline(failure))
      notify.error(errorMessage(withReason(failure, MESSAGES.toast.fetchSales), MESSAGES.failed.fetchSales));
  }, [failure]);
  if (sales.isPending) return <PanelLoader label="Loading sales..." />;
  if (sales.isError)
    return <QueryError error={sales.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => sales.refetch()} />;
  const { results, total_pages } = sales.data;
  return (
    <>
      <LazySelect
        label="Payment status"
        aria-label="Filter by payment status"
        data={[
          { value: 'all', label: 'All' },
          ...PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] })),
        ]}
        value={status}
        onChange={(value) => view.setFilter('status', value)}
        allowDeselect={false}
        mb="sm"
        maw={240}
      />
      {results.length === 0 ? (
        <Text c="dimmed" py="md">
          {search || status !== 'all'
            ? 'No sale matches this search.'
            : 'No sales yet. Confirm a cart to make the first one.'}
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
