import { Alert, Button, Group, NativeSelect, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { can, MESSAGES, PRODUCT_SEARCH_MAX_LENGTH, type Product, STOCK_MESSAGES } from '@oja/contract';
import { IconFileSpreadsheet, IconPlus, IconReceiptTax, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { confirmIntent, openConfirm } from '../../ui/confirm';
import { loadOnOpen } from '../../ui/load-on-open';
import { Pager } from '../../ui/pager';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { useAddToCart } from '../sales/add-to-cart-button';
import { ScanButton } from '../scanning/scan-button';
import { useDeleteProduct, useProducts, useSearchCode } from './api';
import { exactCodeMatch } from './code-lookup';
import { categoryParam, INVENTORY_FILTERS, INVENTORY_LIST, productFilters } from './inventory-view';
import { useCategories } from './pricing-api';
import { ProductCard, type ProductCardActions } from './product-card';
import { ProductGrid } from './product-grid';

/** Add and Edit Product, downloaded when first opened (ui/load-on-open.tsx). */
const ProductFormModal = loadOnOpen(
  () => import('./product-form-modal').then((module) => module.ProductFormModal),
  (props) => props.opened,
);

/** Receive stock, from a product's card. */
const ReceiveBatchModal = loadOnOpen(
  () => import('./receive-batch-modal').then((module) => module.ReceiveBatchModal),
  (props) => props.opened,
);

/** /business/{slug}/inventory: the business's products, filtered, searched and paged by the server. */
export default function InventoryPage() {
  const { business, role } = useBusinessContext();
  // A customer's products page is in their own area (prices, Request), not the staff's stock screen.
  if (role === 'customer') return <Navigate to={`/${business.slug}/customer/products`} replace />;
  return (
    <RequirePermission permission="product.view">
      <Inventory />
    </RequirePermission>
  );
}

/** The toasts of an added and a deleted product: the business page's unless told. */
export type InventoryToasts = { created: string; deleted: string };
const BUSINESS_TOASTS: InventoryToasts = { created: MESSAGES.product.created, deleted: MESSAGES.product.deleted };

/** The inventory screen; the employee area shows it with its own toasts. */
export function Inventory({ toasts = BUSINESS_TOASTS }: { toasts?: InventoryToasts }) {
  const { business, role } = useBusinessContext();
  // The view lives in the address bar: back and refresh keep the filter, the search and the page.
  const view = useListView(INVENTORY_LIST);
  const [params, updateParams] = useSearchParamsUpdate();
  const categoryId = categoryParam(params.get('category'));
  const categories = useCategories(business.id);
  const products = useProducts(business.id, productFilters(view, categoryId));
  // Another category is another list: a history entry, from its first page.
  const setCategory = (value: string) =>
    updateParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('category', value);
      else next.delete('category');
      next.delete('page');
      return next;
    });
  // The product stays while the dialog closes, so its title does not change mid-animation.
  const [dialog, setDialog] = useState<{ product: Product | null; opened: boolean; barcode?: string }>({
    product: null,
    opened: false,
  });
  const openDialog = (product: Product | null, barcode?: string) => setDialog({ product, opened: true, barcode });
  const canManage = can(role, 'product.manage');
  // After a create, update or delete the first page is fetched again.
  const backToFirstPage = () => view.setPage(1, { replace: true });
  const remove = useDeleteProduct(business.id);

  const askDelete = (product: Product) =>
    openConfirm({
      title: 'Delete product',
      centered: true,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {MESSAGES.product.deleteConfirm(product.product_name)}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onSuccess: () => {
            notify.success(toasts.deleted);
            backToFirstPage();
          },
          onError: (error) => notify.error(errorMessage(error, MESSAGES.failed.deleteProduct)),
        }),
    });
  // Restocking where the stock is read: the card, not only the product's own page.
  const canReceive = can(role, 'stock.adjust');
  const [receiving, setReceiving] = useState<{ product: Product; opened: boolean } | null>(null);
  const actions: ProductCardActions = {
    ...(canManage
      ? { onEdit: openDialog, onDelete: askDelete, editIntent: ProductFormModal.intent, deleteIntent: confirmIntent }
      : {}),
    ...(canReceive
      ? {
          onReceive: (product: Product) => setReceiving({ product, opened: true }),
          receiveIntent: ReceiveBatchModal.intent,
        }
      : {}),
  };

  useKeepPageInRange(view, products);
  const addToCart = useAddToCart();
  const searchCode = useSearchCode(business.id);
  const navigate = useNavigate();
  // A code that Enter found no product for: the screen offers to add one with it.
  const [unknownCode, setUnknownCode] = useState<string | null>(null);

  /** An exact barcode or SKU opens its product; an unknown one offers to add a product with it. */
  const lookUpCode = async (code: string) => {
    try {
      const found = exactCodeMatch((await searchCode(code)).results, code);
      if (found) navigate(`/business/${business.slug}/inventory/${found.id}`);
      else setUnknownCode(code);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.failed.fetchProducts));
    }
  };
  /**
   * A code arrives (the camera's scanner, or a hardware scanner typing it and Enter): the search is settled at once,
   * so the box's pending search cannot land while the product's page loads and pull the screen back to the list.
   */
  const scanned = (code: string) => {
    view.submitSearch(code);
    void lookUpCode(code);
  };
  const findCode = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const code = event.currentTarget.value.trim();
    if (!code) return;
    event.preventDefault();
    scanned(code);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Inventory</Title>
        {canManage && (
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={`/business/${business.slug}/inventory/import`}
              leftSection={<IconFileSpreadsheet size={16} />}
            >
              Import
            </Button>
            <Button
              variant="light"
              component={Link}
              to={`/business/${business.slug}/inventory/prices`}
              leftSection={<IconReceiptTax size={16} />}
            >
              Change prices
            </Button>
            {can(role, 'supplier.manage') && (
              <Button
                variant="default"
                component={Link}
                to={`/business/${business.slug}/suppliers/delivery`}
                leftSection={<IconTruckDelivery size={16} />}
              >
                New delivery
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => openDialog(null)} {...ProductFormModal.intent}>
              Add Product
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="search"
          label="Search products"
          placeholder="Search by name, SKU or barcode"
          leftSection={<IconSearch size={16} />}
          // The server takes no longer search: a pasted message stops here instead of failing the list.
          maxLength={PRODUCT_SEARCH_MAX_LENGTH}
          enterKeyHint="search"
          style={{ flex: 1 }}
          {...view.searchBox}
          onChange={(event) => {
            setUnknownCode(null);
            view.searchBox.onChange(event);
          }}
          onKeyDown={findCode}
        />
        {/* A scanned code is searched as if typed in the box, and looked up as Enter does. */}
        <ScanButton onCode={scanned} closeOnCode />
      </Group>
      {unknownCode !== null && (
        <Alert color="yellow" role="status">
          <Stack gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {STOCK_MESSAGES.noProductWithCode(unknownCode)}
            </Text>
            {canManage && (
              <Button fullWidth onClick={() => openDialog(null, unknownCode)} {...ProductFormModal.intent}>
                {STOCK_MESSAGES.addWithBarcode}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {(categories.data?.results.length ?? 0) > 0 && (
        <NativeSelect
          label="Category"
          value={categoryId === undefined ? '' : String(categoryId)}
          onChange={(event) => setCategory(event.currentTarget.value)}
          data={[
            { value: '', label: 'All categories' },
            ...(categories.data?.results.map((category) => ({ value: String(category.id), label: category.name })) ??
              []),
          ]}
        />
      )}
      <Tabs value={view.filters.filter} onChange={(value) => view.setFilter('filter', value)} variant="pills">
        <Tabs.List aria-label="Stock filter">
          {INVENTORY_FILTERS.map((filter) => (
            <Tabs.Tab key={filter.value} value={filter.value}>
              {filter.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <ProductGrid
        products={products}
        card={(product) => (
          <ProductCard
            key={product.id}
            product={product}
            slug={business.slug}
            addToCart={can(role, 'cart.manage') ? addToCart : undefined}
            actions={actions}
          />
        )}
        footer={<Pager page={view.page} totalPages={products.data?.total_pages ?? 1} onChange={view.setPage} />}
      />

      <ProductFormModal
        businessId={business.id}
        product={dialog.product}
        barcode={dialog.barcode}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        onSaved={() => {
          setUnknownCode(null);
          backToFirstPage();
        }}
        createdMessage={toasts.created}
      />
      {receiving && (
        <ReceiveBatchModal
          businessId={business.id}
          product={receiving.product}
          opened={receiving.opened}
          onClose={() => setReceiving((current) => current && { ...current, opened: false })}
        />
      )}
      {addToCart.dialog}
    </Stack>
  );
}
