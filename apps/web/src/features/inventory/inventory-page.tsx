import { Button, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { can, MESSAGES, type Product, SEARCH_DEBOUNCE_MS, STOCK_MESSAGES } from '@oja/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { useBusinessContext } from '../businesses/business-context';
import { RequirePermission } from '../businesses/not-allowed';
import { useDeleteProduct, useProducts } from './api';
import {
  INVENTORY_FILTERS,
  type InventoryFilter,
  type InventoryView,
  productFilters,
  readView,
  viewParams,
} from './inventory-view';
import { ProductCard, type ProductCardActions } from './product-card';
import { ProductFormModal } from './product-form-modal';

/** /business/{slug}/inventory: the business's products, filtered, searched and paged by the server. */
export default function InventoryPage() {
  return (
    <RequirePermission permission="product.view">
      <Inventory />
    </RequirePermission>
  );
}

/** The view lives in the address bar: back and refresh keep the filter, the search and the page. */
function useInventoryView(): [
  InventoryView,
  (change: Partial<InventoryView>, options?: { replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const change = (next: Partial<InventoryView>, options?: { replace?: boolean }) =>
    setParams((current) => viewParams({ ...readView(current), ...next }), { replace: options?.replace });
  return [view, change];
}

function Inventory() {
  const { business, role } = useBusinessContext();
  const [view, changeView] = useInventoryView();
  const products = useProducts(business.id, productFilters(view));
  // The product stays while the dialog closes, so its title does not change mid-animation.
  const [dialog, setDialog] = useState<{ product: Product | null; opened: boolean }>({ product: null, opened: false });
  const openDialog = (product: Product | null) => setDialog({ product, opened: true });
  const canManage = can(role, 'product.manage');
  // After a create, update or delete the first page is fetched again (spec section 4).
  const backToFirstPage = () => changeView({ page: 1 }, { replace: true });
  const remove = useDeleteProduct(business.id);

  const askDelete = (product: Product) =>
    modals.openConfirmModal({
      title: 'Delete product',
      centered: true,
      children: <Text size="sm">{MESSAGES.product.deleteConfirm(product.product_name)}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onSuccess: () => {
            notify.success(MESSAGES.product.deleted);
            backToFirstPage();
          },
          onError: (error) => notify.error(errorMessage(error, MESSAGES.failed.deleteProduct)),
        }),
    });
  const actions: ProductCardActions = canManage ? { onEdit: openDialog, onDelete: askDelete } : {};

  // A page past the end (the last product of the last page went elsewhere): show the page that now is the last.
  const totalPages = products.data?.total_pages ?? 1;
  useEffect(() => {
    if (products.data && !products.isPlaceholderData && view.page > totalPages)
      changeView({ page: totalPages }, { replace: true });
  });

  const list = products.data?.results ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Inventory</Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openDialog(null)}>
            Add Product
          </Button>
        )}
      </Group>
      <SearchBox search={view.search} onSearch={(search) => changeView({ search, page: 1 }, { replace: true })} />
      <Tabs
        value={view.filter}
        onChange={(value) => changeView({ filter: (value as InventoryFilter | null) ?? 'all', page: 1 })}
        variant="pills"
      >
        <Tabs.List aria-label="Stock filter">
          {INVENTORY_FILTERS.map((filter) => (
            <Tabs.Tab key={filter.value} value={filter.value}>
              {filter.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {products.isPending && <PageLoader label="Loading products..." />}
      {products.isError && !products.data && (
        <QueryError
          error={products.error}
          fallback={MESSAGES.failed.fetchProducts}
          onRetry={() => products.refetch()}
        />
      )}
      {products.data && list.length === 0 && <Text c="dimmed">{STOCK_MESSAGES.noProducts}</Text>}
      {list.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          aria-busy={products.isPlaceholderData}
          style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
        >
          {list.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              slug={business.slug}
              canAddToCart={can(role, 'cart.manage')}
              actions={actions}
            />
          ))}
        </SimpleGrid>
      )}
      <Pager page={view.page} totalPages={totalPages} onChange={(page) => changeView({ page })} />

      <ProductFormModal
        businessId={business.id}
        product={dialog.product}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        onSaved={backToFirstPage}
      />
    </Stack>
  );
}

/**
 * The search box: what is typed reaches the address (and the server) 300 ms
 * after the last key; a search changed from outside (back, a link) fills the box.
 */
function SearchBox({ search, onSearch }: { search: string; onSearch(search: string): void }) {
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const sent = useRef(search);

  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setText(search);
    }
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes, not on every render
  useEffect(() => {
    if (debounced !== sent.current) {
      sent.current = debounced;
      onSearch(debounced);
    }
  }, [debounced]);

  return (
    <TextInput
      type="search"
      label="Search products"
      placeholder="Search by product name or SKU"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}
