import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  addQuantities,
  type Cart,
  type CartFormValues,
  DEFAULT_CUSTOMER_NAME,
  defaultCartTitle,
  formatMoney,
  MESSAGES,
  type Product,
  SALES_MESSAGES,
  STOCK_MESSAGES,
} from '@oja/contract';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fullName } from '../../lib/format';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { QuantityInput } from '../../ui/quantity-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useCurrentUser } from '../auth/session';
import { fetchCart, isCartChanged, useCreateCart, useUpdateCart } from './api';
import { clearDraft, type DraftScope, readDraft, restoredValues, writeDraft } from './cart-draft';
import {
  fractionProblem,
  infoKey,
  itemLineInfo,
  type LineInfo,
  type LineInput,
  lineInputs,
  lineTotal,
  previewTotal,
  productLineInfo,
  quantityOf,
  rebaseLines,
  withProduct,
} from './cart-lines';
import { CustomerPicker, ProductPicker } from './cart-pickers';
import { BY_UNIT, packChosen, SellByChoice } from './sell-by-choice';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** Add Cart and Edit: title, customer (typed, or a registered one), and the lines with their quantities. */
export function CartEditorModal({
  businessId,
  cart,
  opened,
  onClose,
  onCreated,
}: {
  businessId: number;
  /** The cart to edit; null to create one. */
  cart: Cart | null;
  opened: boolean;
  onClose(): void;
  /** A new cart was saved: the employee area's New Sale goes on to confirm it. */
  onCreated?(cart: Cart): void;
}) {
  // A phone gets the whole screen, so the pickers' dropdowns have room below their boxes.
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const userId = useCurrentUser().id;
  const cartId = cart?.id ?? null;
  const scope: DraftScope = useMemo(() => ({ userId, businessId, cartId }), [userId, businessId, cartId]);
  // Saved or closed, the cart's draft goes (cart-draft.ts); a reload leaves it for the dialog's next opening.
  const close = () => {
    clearDraft(scope);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={cart ? `Edit ${cart.title}` : 'Add Cart'}
      size="lg"
      centered={!isPhone}
      fullScreen={isPhone}
    >
      {opened && (
        <CartEditorForm businessId={businessId} cart={cart} scope={scope} onClose={close} onCreated={onCreated} />
      )}
    </Modal>
  );
}

function initialInfo(cart: Cart | null): Record<string, LineInfo> {
  const info: Record<string, LineInfo> = {};
  for (const item of cart?.items ?? []) info[infoKey(item)] = itemLineInfo(item);
  return info;
}

function CartEditorForm({
  businessId,
  cart,
  scope,
  onClose,
  onCreated,
}: {
  businessId: number;
  cart: Cart | null;
  scope: DraftScope;
  onClose(): void;
  onCreated?(cart: Cart): void;
}) {
  const create = useCreateCart(businessId);
  const update = useUpdateCart(businessId);
  const client = useQueryClient();
  // What was typed before a reload, if anything (cart-draft.ts).
  const [draft] = useState(() => readDraft(scope));
  // The cart as last read from the server: what this phone's changes are made on, and the version sent with them.
  const [base, setBase] = useState(cart);
  const [info, setInfo] = useState(() => ({ ...initialInfo(cart), ...draft?.info }));
  // The lines' products as last known, for the check of a fraction (the form's rules are set once).
  const infoNow = useRef(info);
  infoNow.current = info;
  const form = useForm<CartFormValues>({
    initialValues: draft
      ? restoredValues(draft, cart)
      : {
          title: cart?.title ?? defaultCartTitle(),
          customer_name: cart?.customer_name ?? DEFAULT_CUSTOMER_NAME,
          customer_id: cart?.customer_id ?? null,
          items: cart ? lineInputs(cart) : [],
        },
    validate: validateWith(rules, (schemas, values: CartFormValues) => {
      const errors = schemaResolver(schemas.cartFormSchema, { sync: true })(values);
      for (const [index, line] of (values.items as LineInput[]).entries()) {
        const field = `items.${index}.quantity`;
        const problem = fractionProblem(line, infoNow.current[infoKey(line)]);
        if (problem && !errors[field]) errors[field] = problem;
      }
      return errors;
    }),
  });
  const hasChanges = draft !== null || form.isDirty();
  // Kept as it is typed once something was typed: only opening the dialog leaves no draft behind.
  useEffect(() => {
    if (!hasChanges) return;
    const made = base ? { updated_at: base.updated_at, items: lineInputs(base) } : null;
    writeDraft(scope, { values: form.values, info, base: made });
  }, [hasChanges, form.values, info, base, scope]);
  const failure = useFormFailure(form, cart ? MESSAGES.failed.updateCart : MESSAGES.failed.createCart);
  const lines = form.values.items as LineInput[];
  const currency = lines.map((line) => info[infoKey(line)]?.currency).find(Boolean) ?? null;

  // A product with pack sizes picked: the unit or a pack is the clerk's to choose, as in Add to cart (ADR 0033).
  const [choosing, setChoosing] = useState<{ product: Product; sellBy: string } | null>(null);
  const addLine = (product: Product, packId: number | null) => {
    const line = {
      product_id: product.id,
      quantity: 1,
      pricing_strategy: 'retail' as const,
      apply_discount: true,
      ...(packId === null ? {} : { pack_id: packId }),
    };
    setInfo((known) => ({ ...known, [infoKey(line)]: productLineInfo(product, line) }));
    form.setFieldValue('items', withProduct(lines, product.id, 1, packId));
  };
  const addProduct = (product: Product) => {
    if (product.packs?.length) setChoosing({ product, sellBy: BY_UNIT });
    else addLine(product, null);
  };

  /**
   * Another phone changed the cart while this one edited it: the lines become its lines with this phone's own
   * changes on top (rebaseLines), for the clerk to check before saving again; nothing typed here is lost.
   */
  const startFromLatest = async (editing: Cart, values: CartFormValues) => {
    const latest = await fetchCart(client, businessId, editing.id);
    if (!latest) return;
    setInfo((known) => ({ ...known, ...initialInfo(latest) }));
    form.setFieldValue('items', rebaseLines(lineInputs(editing), values.items as LineInput[], lineInputs(latest)));
    setBase(latest);
  };

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const created = base ? null : (await create.mutateAsync(values)).data.cart;
      if (base) {
        try {
          await update.mutateAsync({ ...values, id: base.id, updated_at: base.updated_at });
        } catch (error) {
          if (isCartChanged(error)) await startFromLatest(base, values);
          throw error;
        }
      }
      notify.success(base ? MESSAGES.cart.updated : MESSAGES.cart.created);
      onClose();
      if (created) onCreated?.(created);
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        {draft && (
          <Alert color="blue" variant="light" role="status">
            {SALES_MESSAGES.draftRestored}
          </Alert>
        )}
        <FormFailure message={failure.message} />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <TextInput label="Customer name" required {...form.getInputProps('customer_name')} />
        <CustomerPicker
          businessId={businessId}
          value={form.values.customer_id}
          initialLabel={cart?.customer_name ?? ''}
          error={form.errors.customer_id}
          onChange={(customer) => {
            form.setFieldValue('customer_id', customer?.id ?? null);
            const typed = form.values.customer_name;
            if (customer && (!typed || typed === DEFAULT_CUSTOMER_NAME)) {
              form.setFieldValue('customer_name', fullName(customer));
            }
          }}
        />
        <ProductPicker businessId={businessId} currency={currency} onPick={addProduct} />
        {choosing && (
          <Paper withBorder p="xs" aria-label={`How to sell ${choosing.product.product_name}`} role="group">
            <Text fw={500} size="sm">
              {choosing.product.product_name}
            </Text>
            <SellByChoice
              product={choosing.product}
              value={choosing.sellBy}
              onChange={(sellBy) => setChoosing({ ...choosing, sellBy })}
            />
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button variant="default" onClick={() => setChoosing(null)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  addLine(choosing.product, packChosen(choosing.product, choosing.sellBy)?.id ?? null);
                  setChoosing(null);
                }}
              >
                Add to cart
              </Button>
            </Group>
          </Paper>
        )}
        <CartLines form={form} info={info} currency={currency} />
        <Button type="submit" loading={create.isPending || update.isPending}>
          {cart ? 'Update Cart' : 'Create Cart'}
        </Button>
      </Stack>
    </form>
  );
}

/** The cart's lines, each with its quantity, and the total as it will be charged. */
function CartLines({
  form,
  info,
  currency,
}: {
  form: UseFormReturnType<CartFormValues>;
  info: Record<string, LineInfo>;
  currency: string | null;
}) {
  const lines = form.values.items as LineInput[];
  const total = previewTotal(lines, info);
  return (
    <>
      <Stack gap="xs" aria-label="Cart items">
        {lines.length === 0 && (
          <Text size="sm" c="dimmed">
            No items yet: search for a product above.
          </Text>
        )}
        {lines.map((line, index) => (
          <CartLine
            key={`${infoKey(line)}:${line.product_batch_id ?? ''}`}
            line={line}
            info={info[infoKey(line)]}
            quantityProps={form.getInputProps(`items.${index}.quantity`)}
            onRemove={() => form.removeListItem('items', index)}
          />
        ))}
      </Stack>
      <Group justify="space-between">
        <Text fw={600}>Total</Text>
        <Text fw={600}>{formatMoney(total, currency ?? undefined)}</Text>
      </Group>
    </>
  );
}

function CartLine({
  line,
  info,
  quantityProps,
  onRemove,
}: {
  line: LineInput;
  info: LineInfo | undefined;
  quantityProps: ReturnType<UseFormReturnType<CartFormValues>['getInputProps']>;
  onRemove(): void;
}) {
  const name = info?.product_name ?? `Product ${line.product_id}`;
  const quantity = quantityOf(line.quantity);
  return (
    <Paper withBorder p="xs">
      <Text fw={500} size="sm">
        {name}
      </Text>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mt={4}>
        {/* It gives way to the quantity and trash: a long total wraps rather than push them off a phone's screen. */}
        <Stack gap={2} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {info && (
            <>
              <Text size="xs" c="dimmed">
                {formatMoney(info.net_unit_price, info.currency)}{' '}
                {info.is_weighed && info.unit ? `a ${info.unit}` : 'each'}
              </Text>
              <Text size="sm">{formatMoney(lineTotal(info.net_unit_price, quantity), info.currency)}</Text>
            </>
          )}
          {info?.is_archived && (
            <Text size="xs" c="red">
              {SALES_MESSAGES.productUnavailable}
            </Text>
          )}
          {info && !info.is_archived && quantity > info.quantity_in_stock && (
            <Text size="xs" c="red">
              {STOCK_MESSAGES.onlyInStock(info.quantity_in_stock)}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap" align="flex-start">
          {/* Named steppers a thumb's size beside the box (Mantine's arrows in it were 27×20 px and nameless). */}
          <ActionIcon
            variant="default"
            size={42}
            aria-label={`One less ${name}`}
            disabled={quantity <= 1}
            onClick={() => quantityProps.onChange(Math.max(1, addQuantities(quantity, -1)))}
          >
            <IconMinus size={18} />
          </ActionIcon>
          <QuantityInput
            aria-label={`Quantity of ${name}`}
            w={info?.is_weighed ? 80 : 64}
            size="md"
            min={0}
            hideControls
            isWeighed={info?.is_weighed ?? false}
            {...quantityProps}
          />
          <ActionIcon
            variant="default"
            size={42}
            aria-label={`One more ${name}`}
            onClick={() => quantityProps.onChange(addQuantities(quantity, 1))}
          >
            <IconPlus size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size={42} aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
