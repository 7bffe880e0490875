import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { PRODUCT_SEARCH_MAX_LENGTH, type Product, STOCK_MESSAGES } from '@oja/contract';
import { IconSearch, IconShoppingCartPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { loadOnOpen } from '../../ui/load-on-open';
import { Pager } from '../../ui/pager';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useShopProducts } from './api';
import { customerPrice } from './customer-price';
import { discountLabel } from './product-display';
import { ProductGrid } from './product-grid';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const RequestProductModal = loadOnOpen(
  () => import('./request-product-modal').then((module) => module.RequestProductModal),
  (props) => props.opened,
);

const PRODUCTS_LIST = { filters: {} };

/**
 * /{slug}/customer/products: what the shop has in stock, with the price the customer pays, searched
 * and paged by the server. Each product can be asked for: the shop gets a cart named to the customer.
 */
export default function CustomerProductsPage() {
  const { business } = useBusinessContext();
  const view = useListView(PRODUCTS_LIST);
  const products = useShopProducts(business.id, { page: view.page, ...(view.search ? { search: view.search } : {}) });
  // The product stays while the dialog closes, so its title does not change mid-animation.
  const [dialog, setDialog] = useState<{ product: Product | null; opened: boolean }>({ product: null, opened: false });
  useKeepPageInRange(view, products);

  return (
    <Stack gap="md">
      {/* A long business name wraps: unbroken, it widened the page past the phone's screen. */}
      <div style={{ overflowWrap: 'anywhere' }}>
        <Title order={2}>Products</Title>
        <Text c="dimmed" size="sm">
          Ask {business.name} for what you need: you get a pro-forma invoice, and the shop confirms it when you pay.
        </Text>
      </div>
      <TextInput
        type="search"
        label="Search products"
        placeholder="Search by product name"
        leftSection={<IconSearch size={16} />}
        // The server takes no longer search: a pasted message stops here instead of failing the list.
        maxLength={PRODUCT_SEARCH_MAX_LENGTH}
        {...view.searchBox}
      />
      <ProductGrid
        products={products}
        card={(product) => (
          <ShopProductCard key={product.id} product={product} onRequest={() => setDialog({ product, opened: true })} />
        )}
        footer={<Pager page={view.page} totalPages={products.data?.total_pages ?? 1} onChange={view.setPage} />}
      />
      <RequestProductModal
        businessId={business.id}
        product={dialog.product}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}

/** A product as a customer sees it: name, the price they pay (the list price struck through when discounted), stock. */
function ShopProductCard({ product, onRequest }: { product: Product; onRequest(): void }) {
  const nameId = useId();
  const price = customerPrice(product);
  const discount = discountLabel(product.selling_price_discount_percentage);
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-labelledby={nameId}>
      <Stack gap={4}>
        <Text id={nameId} fw={700} style={{ overflowWrap: 'anywhere' }}>
          {product.product_name}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={700} fz="lg">
            {formatMoney(price.net_unit_price, product.currency)}
          </Text>
          {discount && (
            <>
              <Text size="sm" c="dimmed" td="line-through">
                {formatMoney(product.selling_price, product.currency)}
              </Text>
              <Badge variant="light" color="grape" tt="none">
                {discount}
              </Badge>
            </>
          )}
        </Group>
        <Group>
          <Badge variant="light" color="teal" tt="none">
            {STOCK_MESSAGES.inStock(product.quantity_in_stock)}
          </Badge>
        </Group>
      </Stack>
      <Button
        mt="sm"
        mih={40}
        fullWidth
        leftSection={<IconShoppingCartPlus size={16} />}
        aria-label={`Request ${product.product_name}`}
        onClick={onRequest}
      >
        Request
      </Button>
    </Card>
  );
}
