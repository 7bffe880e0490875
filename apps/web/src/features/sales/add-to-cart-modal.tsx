import { Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type Cart,
  type CartFormValues,
  DEFAULT_BASE_UNIT,
  DEFAULT_CUSTOMER_NAME,
  defaultCartTitle,
  formatMoney,
  formatUnits,
  MESSAGES,
  type Pack,
  type Product,
  SALES_MESSAGES,
  STOCK_MESSAGES,
  UNITS_MESSAGES,
  unitName,
} from '@oja/contract';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { QuantityInput } from '../../ui/quantity-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useAddToExistingCart, useCreateCart } from './api';
import { BY_UNIT, packChosen, SellByChoice } from './sell-by-choice';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

const NEW_CART = 'new';
const QUANTITY = 'items.0.quantity';

/** A cart holds one currency (the server refuses a mix): a cart in another one cannot take this product. */
const takesProduct = (cart: Cart, product: Product) => cart.currency === null || cart.currency === product.currency;

/**
 * More than can be sold now: said beside the quantity as it is typed, and the form is not sent. A count of packs
 * is their units against the stock, and the most that can be sold is said in packs.
 */
function quantityProblem(quantity: unknown, product: Product, pack: Pack | null): string | null {
  if (typeof quantity !== 'number') return null;
  // A fraction only of a weighed product by its unit (0.75 kg), as the server says it (ADR 0031).
  if (!Number.isInteger(quantity) && (pack || !product.is_weighed))
    return pack ? UNITS_MESSAGES.packQuantityWhole : SALES_MESSAGES.quantityWhole;
  const stock = product.quantity_in_stock;
  if (!pack) return quantity > stock ? STOCK_MESSAGES.onlyInStock(stock) : null;
  return quantity * pack.units > stock ? STOCK_MESSAGES.onlyInStock(Math.floor(stock / pack.units)) : null;
}

/**
 * Add to cart when the user has no cart (a new cart with a quantity) or several
 * (choose one, or start a new one). The user stays on the inventory page.
 */
export function AddToCartModal({
  product,
  carts,
  businessId,
  onClose,
}: {
  product: Product;
  /** The user's carts; null while the modal is closed. */
  carts: Cart[] | null;
  businessId: number;
  onClose(): void;
}) {
  return (
    <Modal opened={carts !== null} onClose={onClose} title={`Add ${product.product_name} to cart`} centered>
      {carts && <AddToCartForm product={product} carts={carts} businessId={businessId} onClose={onClose} />}
    </Modal>
  );
}

function AddToCartForm({
  product,
  carts,
  businessId,
  onClose,
}: {
  product: Product;
  carts: Cart[];
  businessId: number;
  onClose(): void;
}) {
  const create = useCreateCart(businessId);
  const addToCart = useAddToExistingCart(businessId);
  const usable = carts.find((cart) => takesProduct(cart, product));
  const [target, setTarget] = useState<string>(usable ? String(usable.id) : NEW_CART);
  const packs = product.packs ?? [];
  const unit = product.base_unit ?? DEFAULT_BASE_UNIT;
  const [sellBy, setSellBy] = useState<string>(BY_UNIT);
  const pack = packChosen(product, sellBy);
  const form = useForm<CartFormValues>({
    initialValues: {
      title: defaultCartTitle(),
      customer_name: DEFAULT_CUSTOMER_NAME,
      items: [{ product_id: product.id, quantity: 1 }],
    },
    validate: validateWith(rules, (schemas, values: CartFormValues) => {
      const errors = schemaResolver(schemas.cartFormSchema, { sync: true })(values);
      const tooMany = quantityProblem(values.items[0]?.quantity, product, pack);
      return tooMany ? { ...errors, [QUANTITY]: tooMany } : errors;
    }),
  });
  const quantityInput = form.getInputProps(QUANTITY);
  const failure = useFormFailure(form, MESSAGES.failed.addToCart);
  const isNew = target === NEW_CART;

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const quantity = values.items[0]?.quantity ?? 1;
      const cart = carts.find((candidate) => String(candidate.id) === target);
      if (cart) await addToCart.add(cart, product.id, quantity, pack?.id ?? null);
      else
        await create.mutateAsync({
          ...values,
          items: values.items.map((item) => (pack ? { ...item, pack_id: pack.id } : item)),
        });
      notify.success(MESSAGES.cart.addedToCart(product.product_name));
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          {formatMoney(product.selling_price, product.currency)} · In stock (
          {packs.length > 0 ? formatUnits(product.quantity_in_stock, unit, packs) : product.quantity_in_stock})
        </Text>
        {packs.length > 0 && <SellByChoice product={product} value={sellBy} onChange={setSellBy} />}
        {carts.length > 0 && (
          <Radio.Group label="Cart" value={target} onChange={setTarget}>
            <Stack gap="xs" mt="xs">
              {carts.map((cart) => {
                const summary = `${cart.customer_name} · ${cart.items.length} item${cart.items.length === 1 ? '' : 's'}`;
                const isUsable = takesProduct(cart, product);
                return (
                  <Radio
                    key={cart.id}
                    value={String(cart.id)}
                    label={cart.title}
                    disabled={!isUsable}
                    description={
                      isUsable ? (
                        summary
                      ) : (
                        <>
                          {summary} · {cart.currency}
                          <br />
                          {MESSAGES.cart.mixedCurrency}
                        </>
                      )
                    }
                  />
                );
              })}
              <Radio value={NEW_CART} label="New cart" />
            </Stack>
          </Radio.Group>
        )}
        {isNew && (
          <>
            <TextInput label="Cart title" required {...form.getInputProps('title')} />
            <TextInput label="Customer name" required {...form.getInputProps('customer_name')} />
          </>
        )}
        {/* No max: a quantity past the stock is kept as typed (or pasted) and refused with its reason. */}
        <QuantityInput
          label={pack ? `Quantity (${unitName(pack.name, 2)})` : product.is_weighed ? `Quantity (${unit})` : 'Quantity'}
          required
          min={0}
          isWeighed={(product.is_weighed ?? false) && !pack}
          data-autofocus
          {...quantityInput}
          error={quantityInput.error ?? quantityProblem(form.values.items[0]?.quantity, product, pack)}
        />
        <Button type="submit" loading={create.isPending || addToCart.isPending}>
          {isNew ? 'Create cart' : 'Add to cart'}
        </Button>
      </Stack>
    </form>
  );
}
