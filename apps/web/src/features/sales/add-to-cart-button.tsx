import { Button } from '@mantine/core';
import { type Cart, MESSAGES, type Product } from '@oja/contract';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { loadOnOpen } from '../../ui/load-on-open';
import { useCurrentUser } from '../auth/session';
import { fetchOwnCarts, useUpdateCart } from './api';
import { cartUpdate, lineInputs, withProduct } from './cart-lines';

/** The new-cart and choose-a-cart dialog, downloaded when first needed (ui/load-on-open.tsx). */
const AddToCartModal = loadOnOpen(
  () => import('./add-to-cart-modal').then((module) => module.AddToCartModal),
  (props) => props.carts !== null,
);

/**
 * The inventory card's Add to cart, over the current user's
 * carts: none → a new-cart dialog with a quantity; exactly one → one unit is
 * added and the user goes to the sales page; several → choose one or start a new one.
 */
export function AddToCartButton({ product }: { product: Product }) {
  const { business } = useBusinessContext();
  const user = useCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateCart(business.id);
  const [carts, setCarts] = useState<Cart[] | null>(null);
  const [isLooking, setLooking] = useState(false);

  const addToCart = async () => {
    setLooking(true);
    try {
      const own = await fetchOwnCarts(client, business.id, user.id);
      const [only] = own;
      if (own.length === 1 && only) {
        await update.mutateAsync(cartUpdate(only, withProduct(lineInputs(only), product.id, 1)));
        notify.success(MESSAGES.cart.addedToCart(product.product_name));
        navigate(`/business/${business.slug}/sales`);
      } else {
        setCarts(own);
      }
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.failed.addToCart));
    } finally {
      setLooking(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconShoppingCartPlus size={14} />}
        disabled={product.quantity_in_stock <= 0}
        loading={isLooking}
        onClick={addToCart}
        // The dialog's code comes while the carts are asked for (it opens unless there is exactly one).
        {...AddToCartModal.intent}
      >
        Add to cart
      </Button>
      <AddToCartModal product={product} carts={carts} businessId={business.id} onClose={() => setCarts(null)} />
    </>
  );
}
