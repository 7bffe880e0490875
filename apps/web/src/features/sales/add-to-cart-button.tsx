import { Button } from '@mantine/core';
import { type Cart, MESSAGES, type Product } from '@oja/contract';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { loadOnOpen } from '../../ui/load-on-open';
import { useCurrentUser } from '../auth/session';
import { fetchOwnCarts, useAddToExistingCart } from './api';

/** The new-cart and choose-a-cart dialog, downloaded when first needed (ui/load-on-open.tsx). */
const AddToCartModal = loadOnOpen(
  () => import('./add-to-cart-modal').then((module) => module.AddToCartModal),
  (props) => props.carts !== null,
);

/** Add to cart for a page of product cards: what each card's button calls, and the page's one dialog. */
export type AddToCart = {
  add(product: Product): void;
  /** The products whose Add to cart is asking for the user's carts. */
  looking: ReadonlySet<number>;
  /** Rendered once by the page. */
  dialog: ReactNode;
};

/**
 * Add to cart over the current user's carts: none → a new-cart dialog with a quantity; exactly one → one
 * unit is added (unless the product has pack sizes or is sold by weight: the dialog asks) and the user goes to the sales page of the area they are in; several → choose one or start a new one.
 *
 * One per page, not one per card: each card's button had these hooks and its own dialog, so a page of
 * products rendered twenty mutation observers, session subscriptions and navigators, which showed in
 * React's work on every load of the inventory.
 */
export function useAddToCart(): AddToCart {
  const { business } = useBusinessContext();
  const user = useCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  // The employee area's inventory goes on to its own sales page, on the carts tab, inside the same menu.
  const isEmployeeArea = useMatch('/:slug/employee/*') !== null;
  const salesPath = isEmployeeArea ? `/${business.slug}/employee/sales?tab=carts` : `/business/${business.slug}/sales`;
  const addToCart = useAddToExistingCart(business.id);
  // The product stays after the dialog closes (carts null), for the dialog's closing transition.
  const [choice, setChoice] = useState<{ product: Product; carts: Cart[] | null } | null>(null);
  const [looking, setLooking] = useState<ReadonlySet<number>>(new Set());

  const lookingAt = (id: number, isLooking: boolean) =>
    setLooking((current) => {
      const next = new Set(current);
      if (isLooking) next.add(id);
      else next.delete(id);
      return next;
    });

  const add = async (product: Product) => {
    lookingAt(product.id, true);
    try {
      const own = await fetchOwnCarts(client, business.id, user.id);
      const [only] = own;
      // A product with pack sizes opens the dialog: the unit or a pack is the clerk's to choose (ADR 0033); so does
      // one sold by weight, whose quantity is rarely one kg (ADR 0031).
      if (own.length === 1 && only && !product.packs?.length && !product.is_weighed) {
        await addToCart.add(only, product.id, 1);
        notify.success(MESSAGES.cart.addedToCart(product.product_name));
        navigate(salesPath);
      } else {
        setChoice({ product, carts: own });
      }
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.failed.addToCart));
    } finally {
      lookingAt(product.id, false);
    }
  };

  const dialog = choice && (
    <AddToCartModal
      product={choice.product}
      carts={choice.carts}
      businessId={business.id}
      onClose={() => setChoice((current) => current && { ...current, carts: null })}
    />
  );
  return { add, looking, dialog };
}

/** A product card's Add to cart; `useAddToCart` does the rest, once for the page. */
export function AddToCartButton({ product, addToCart }: { product: Product; addToCart: AddToCart }) {
  return (
    <Button
      size="xs"
      // Small beside the card's Edit and Delete, but a thumb's height, as they are (inventory/product-card.tsx).
      mih={40}
      variant="light"
      leftSection={<IconShoppingCartPlus size={14} />}
      disabled={product.quantity_in_stock <= 0}
      loading={addToCart.looking.has(product.id)}
      onClick={() => addToCart.add(product)}
      // The dialog's code comes while the carts are asked for (it opens unless there is exactly one).
      {...AddToCartModal.intent}
    >
      Add to cart
    </Button>
  );
}
