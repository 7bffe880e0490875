import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { PRICING_MESSAGES, type Product } from '@oja/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import type { OpenIntent } from '../../ui/load-on-open';
import { THUMB_LINK } from '../../ui/thumb-link';
import { type AddToCart, AddToCartButton } from '../sales/add-to-cart-button';
import { discountLabel, firstExpiry, stockStatus } from './product-display';

export type ProductCardActions = {
  /** Present only for those who may edit and delete (ceo, manager). */
  onEdit?(product: Product): void;
  onDelete?(product: Product): void;
  /** Present only for those who may receive stock (ceo, manager). */
  onReceive?(product: Product): void;
  /** On the Edit and Delete buttons: a finger touching one starts its dialog's download (ui/load-on-open.tsx). */
  editIntent?: OpenIntent;
  deleteIntent?: OpenIntent;
  receiveIntent?: OpenIntent;
};

/**
 * One product on the inventory list: name (to its detail page), SKU, price,
 * discount, stock, expired units apart, the first expiry, and its actions.
 * The whole card is one element holding the name and the Add to cart button.
 */
export function ProductCard({
  product,
  slug,
  addToCart,
  actions,
}: {
  product: Product;
  slug: string;
  /** Present only for those who may add to a cart. */
  addToCart?: AddToCart;
  actions: ProductCardActions;
}) {
  const nameId = useId();
  const discount = discountLabel(product.selling_price_discount_percentage);
  const expiry = firstExpiry(product.batches);
  const stock = stockStatus(product);
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-labelledby={nameId}>
      <Stack gap={4}>
        <Anchor
          id={nameId}
          component={Link}
          to={`/business/${slug}/inventory/${product.id}`}
          fw={700}
          // The card's way to its page: a thumb's height however short the name.
          style={{ ...THUMB_LINK, overflowWrap: 'anywhere' }}
        >
          {product.product_name}
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          SKU: {product.sku}
          {product.barcode ? ` · Barcode: ${product.barcode}` : ''}
        </Text>
        <Group gap="xs">
          <Text fw={600}>{formatMoney(product.selling_price, product.currency)}</Text>
          {discount && (
            <Badge variant="light" color="grape" tt="none">
              {discount}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Badge variant="light" color={stock.color} tt="none">
            {stock.label}
          </Badge>
          {product.expired_quantity > 0 && (
            <Badge variant="light" color="orange" tt="none">
              Expired ({product.expired_quantity})
            </Badge>
          )}
          {product.is_below_cost && (
            <Badge variant="light" color="red" tt="none">
              {PRICING_MESSAGES.belowCost}
            </Badge>
          )}
          {product.category && (
            <Badge variant="outline" color="gray" tt="none">
              {product.category.name}
            </Badge>
          )}
        </Group>
        {expiry !== undefined && (
          <Text size="sm">{expiry === null ? 'No expiry date' : `Expires ${formatDate(expiry)}`}</Text>
        )}
      </Stack>
      <Group gap="xs" mt="sm">
        {addToCart && <AddToCartButton product={product} addToCart={addToCart} />}
        {actions.onReceive && (
          <Button
            size="xs"
            mih={40}
            variant="light"
            aria-label={`Receive stock of ${product.product_name}`}
            onClick={() => actions.onReceive?.(product)}
            {...actions.receiveIntent}
          >
            Receive stock
          </Button>
        )}
        {actions.onEdit && (
          <Button
            size="xs"
            // Small so the card's buttons share a line at 360 px, but a thumb's height (theme.ts).
            mih={40}
            variant="default"
            aria-label={`Edit ${product.product_name}`}
            onClick={() => actions.onEdit?.(product)}
            {...actions.editIntent}
          >
            Edit
          </Button>
        )}
        {actions.onDelete && (
          <Button
            size="xs"
            mih={40}
            variant="light"
            color="red"
            aria-label={`Delete ${product.product_name}`}
            onClick={() => actions.onDelete?.(product)}
            {...actions.deleteIntent}
          >
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
}
