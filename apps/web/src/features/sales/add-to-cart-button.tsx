import { Button } from '@mantine/core';
import type { Product } from '@oja/contract';

// SCAFFOLD: the carts and sales issue replaces this with the spec's three add-to-cart cases.
export function AddToCartButton({ product }: { product: Product }) {
  return (
    <Button size="xs" variant="light" disabled={product.quantity_in_stock <= 0}>
      Add to cart
    </Button>
  );
}
