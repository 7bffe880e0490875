import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  belowCostPriceOf,
  can,
  countOf,
  formatMoney,
  formatUnits,
  MESSAGES,
  PRICING_MESSAGES,
  type Product,
  STOCK_MESSAGES,
  unitName,
} from '@oja/contract';
import { IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { BackLink } from '../../ui/back-link';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { useProduct } from './detail-api';
import { MovementsHistory } from './movements-table';
import { PriceHistory } from './price-history';
import { BatchesTable } from './product-detail-batches';
import { discountLabel, stockStatus } from './product-display';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const AdjustBatchModal = loadOnOpen(
  () => import('./adjust-batch-modal').then((module) => module.AdjustBatchModal),
  (props) => props.opened,
);
const ReceiveBatchModal = loadOnOpen(
  () => import('./receive-batch-modal').then((module) => module.ReceiveBatchModal),
  (props) => props.opened,
);

/** /business/{slug}/inventory/{productId}: one product, its batches, receipts and adjustments, and its stock history. */
export default function ProductPage() {
  return (
    <RequirePermission permission="product.view">
      <ProductScreen />
    </RequirePermission>
  );
}

/** A product id in the address: digits only, within what the server accepts. */
function parseProductId(value: string | undefined): number | null {
  if (!value || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function ProductScreen() {
  const { business } = useBusinessContext();
  const productId = parseProductId(useParams().productId);
  const product = useProduct(business.id, productId ?? 0, productId !== null);
  const back = <BackLink to={`/business/${business.slug}/inventory`}>Back to inventory</BackLink>;
  // Another business's product answers 404 exactly like a missing one.
  if (productId === null || (product.error instanceof ApiError && product.error.status === 404)) {
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="yellow" title={MESSAGES.product.notFound}>
          There is no such product in {business.name}. It may have been deleted.
        </Alert>
      </Stack>
    );
  }
  if (product.isPending) return <PageLoader label="Loading product..." />;
  if (product.isError) {
    return (
      <Stack>
        {back}
        <QueryError
          error={product.error}
          fallback={STOCK_MESSAGES.failed.fetchProduct}
          onRetry={() => product.refetch()}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <ProductDetail product={product.data} />
    </Stack>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { business, role } = useBusinessContext();
  const canAdjust = can(role, 'stock.adjust');
  const [isReceiving, setReceiving] = useState(false);
  const [adjusting, setAdjusting] = useState<{ batchId: number; isOpen: boolean } | null>(null);
  // The batch as the latest answer has it, so the dialog never shows a stale quantity.
  const adjustedBatch = adjusting ? (product.batches.find((batch) => batch.id === adjusting.batchId) ?? null) : null;
  const money = (amount: string) => formatMoney(amount, product.currency);
  // The overview's Low stock line links here: the page says so too.
  const stock = stockStatus(product);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {product.product_name}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            SKU {product.sku}
            {product.barcode ? ` · Barcode ${product.barcode}` : ''} · prices in {product.currency}
            {product.category ? ` · ${product.category.name}` : ''}
          </Text>
        </Stack>
        {canAdjust && (
          <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(true)}>
            Receive stock
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <StatCard
          label="In stock"
          value={product.quantity_in_stock}
          hint={
            stock.color === 'orange'
              ? stock.label
              : product.packs?.length || product.is_weighed
                ? formatUnits(product.quantity_in_stock, product.base_unit ?? 'piece', product.packs)
                : 'Units in unexpired batches'
          }
        />
        <StatCard
          label="Expired"
          value={product.expired_quantity}
          hint={product.expired_quantity > 0 ? 'Not for sale: write them off' : 'Nothing expired'}
        />
        <StatCard
          label="Selling price"
          value={money(product.selling_price)}
          hint={discountText(product.selling_price_discount_percentage)}
        />
        <StatCard
          label="Wholesale price"
          value={product.wholesale_price ? money(product.wholesale_price) : 'Not set'}
          hint={product.wholesale_price ? discountText(product.wholesale_price_discount_percentage) : undefined}
        />
      </SimpleGrid>

      {product.packs && product.packs.length > 0 && (
        <Text size="sm" aria-label="Pack sizes">
          Counted in {unitName(product.base_unit ?? 'piece', 2)}.{' '}
          {product.packs
            .map(
              (pack) =>
                `1 ${pack.name} = ${countOf(pack.units, product.base_unit ?? 'piece')} · ${money(pack.selling_price)}`,
            )
            .join('; ')}
        </Text>
      )}

      {product.is_below_cost && product.cost_price && (
        <Alert color="red" title={PRICING_MESSAGES.belowCost} role="status">
          {PRICING_MESSAGES.belowCostDetail(money(belowCostPriceOf(product)), money(product.cost_price))}
        </Alert>
      )}

      <Title order={3} fz="h4">
        Batches
      </Title>
      <BatchesTable
        batches={product.batches}
        onAdjust={canAdjust ? (batch) => setAdjusting({ batchId: batch.id, isOpen: true }) : undefined}
      />

      {can(role, 'stock.history') && (
        <>
          <Title order={3} fz="h4">
            Stock movements
          </Title>
          <MovementsHistory businessId={business.id} productId={product.id} slug={business.slug} />
          <Title order={3} fz="h4">
            Price history
          </Title>
          <PriceHistory businessId={business.id} productId={product.id} currency={product.currency} />
        </>
      )}

      {canAdjust && (
        <>
          <ReceiveBatchModal
            businessId={business.id}
            product={product}
            opened={isReceiving}
            onClose={() => setReceiving(false)}
          />
          <AdjustBatchModal
            businessId={business.id}
            productId={product.id}
            isWeighed={product.is_weighed ?? false}
            batch={adjustedBatch}
            opened={adjusting?.isOpen ?? false}
            onClose={() => setAdjusting((current) => current && { ...current, isOpen: false })}
          />
        </>
      )}
    </>
  );
}

const discountText = (percentage: string) => discountLabel(percentage) ?? 'No discount';
