import {
  ActionIcon,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type GetInputPropsReturnType, schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  CATEGORY_NAME_MAX,
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  MESSAGES,
  type Product,
  STOCK_MESSAGES,
} from '@oja/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { lagosToday } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { countInputProps } from '../../ui/count-input';
import { DateField } from '../../ui/date-field';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { QuantityInput } from '../../ui/quantity-input';
import { onDemand, validateBy, validateWith } from '../../ui/validate-on-demand';
import { useCreateProduct, useUpdateProduct } from './api';
import { useCategories } from './pricing-api';
import { changedFields, isPastExpiry } from './product-display';
import { changedUnits, emptyPack, UnitFields, type UnitValues, unitValuesOf } from './unit-fields';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** Add Product (with its opening batches) or Edit {product name} (the product's own fields). */
export function ProductFormModal({
  businessId,
  product,
  opened,
  onClose,
  onSaved,
  createdMessage = MESSAGES.product.created,
  barcode = '',
}: {
  businessId: number;
  /** The product to edit; null to add one. */
  product: Product | null;
  opened: boolean;
  onClose(): void;
  onSaved(): void;
  /** The toast of an added product (the employee area has its own text). */
  createdMessage?: string;
  /** A code to add a product with: scanned or typed into the inventory's search, which found none. */
  barcode?: string;
}) {
  // A long form: on a phone it takes the whole screen.
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const done = () => {
    onSaved();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? `Edit ${product.product_name}` : 'Add Product'}
      size="lg"
      fullScreen={isPhone}
      // A long name breaks rather than push the close button off a phone's screen.
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {opened &&
        (product ? (
          <EditProductForm businessId={businessId} product={product} onDone={done} onNoChange={onClose} />
        ) : (
          <AddProductForm businessId={businessId} onDone={done} createdMessage={createdMessage} barcode={barcode} />
        ))}
    </Modal>
  );
}

/** The price fields both forms share: text that holds money exactly, never a float. */
type PriceValues = {
  cost_price: string;
  selling_price: string;
  selling_price_discount_percentage: string;
  wholesale_price: string;
  wholesale_price_discount_percentage: string;
  currency: Currency;
};
type ProductValues = PriceValues &
  UnitValues & {
    product_name: string;
    sku: string;
    barcode: string;
    reorder_level: number | string;
    category: string;
  };
type BatchRow = { batch_number: string; quantity: number | string; expiration_date: string };
type AddValues = ProductValues & { batches: BatchRow[] };

type InputProps = GetInputPropsReturnType;

/** Every price and percentage field: text that holds the amount exactly, normalised once left. */
const moneyProps = (props: InputProps) => moneyInputProps(props, { normalizeOnBlur: true });

function ProductFields({
  businessId,
  field,
  skuHint,
}: {
  businessId: number;
  field(path: keyof ProductValues): InputProps;
  skuHint?: string;
}) {
  const categories = useCategories(businessId);
  return (
    <>
      <TextInput label="Product name" required {...field('product_name')} />
      {/* Pick one the shop has, or type a new name: it is made with the product. */}
      <Autocomplete
        label="Category"
        description="Pick one or type a new one; blank for none"
        data={categories.data?.results.map((category) => category.name) ?? []}
        maxLength={CATEGORY_NAME_MAX}
        autoComplete="off"
        {...field('category')}
      />
      <TextInput label="SKU" description={skuHint} {...field('sku')} />
      <TextInput
        label="Barcode"
        description="The code printed on the product (a scanner types it here); blank for none"
        autoComplete="off"
        {...field('barcode')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Cost price" required {...moneyProps(field('cost_price'))} />
        <TextInput label="Selling price" required {...moneyProps(field('selling_price'))} />
        <TextInput label="Selling discount %" {...moneyProps(field('selling_price_discount_percentage'))} />
        <TextInput label="Wholesale price" {...moneyProps(field('wholesale_price'))} />
        <TextInput label="Wholesale discount %" {...moneyProps(field('wholesale_price_discount_percentage'))} />
        <NativeSelect label="Currency" required data={[...CURRENCIES]} {...field('currency')} />
        <NumberInput
          label="Reorder level"
          description="Shown as low stock below this many units; blank for never"
          min={0}
          {...countInputProps}
          {...field('reorder_level')}
        />
      </SimpleGrid>
    </>
  );
}

const emptyBatch = (): BatchRow => ({ batch_number: '', quantity: '', expiration_date: '' });

/**
 * The contract's rules, and an opening batch's expiry in the past refused: the server records it (an import may
 * hold expired stock) but a person typing it meant another year, and "Product created" hid that every unit was
 * already out of stock.
 */
const validateAdd = validateWith(rules, (schemas, values: AddValues) => {
  const errors = schemaResolver(schemas.productFormSchema, { sync: true })(values);
  const today = lagosToday();
  values.batches.forEach((batch, index) => {
    const path = `batches.${index}.expiration_date`;
    if (!errors[path] && isPastExpiry(batch.expiration_date, today)) errors[path] = STOCK_MESSAGES.expiryPassed;
  });
  return errors;
});

function AddProductForm({
  businessId,
  onDone,
  createdMessage,
  barcode,
}: {
  businessId: number;
  onDone(): void;
  createdMessage: string;
  barcode: string;
}) {
  const create = useCreateProduct(businessId);
  const form = useForm<AddValues>({
    initialValues: {
      product_name: '',
      sku: '',
      barcode,
      cost_price: '',
      selling_price: '',
      selling_price_discount_percentage: '0.00',
      wholesale_price: '',
      wholesale_price_discount_percentage: '0.00',
      currency: DEFAULT_CURRENCY,
      reorder_level: '',
      category: '',
      ...unitValuesOf(null),
      batches: [emptyBatch()],
    },
    validate: validateAdd,
  });
  const failure = useFormFailure(form, MESSAGES.failed.createProduct);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await create.mutateAsync((await rules.load()).productFormSchema.parse(values));
      notify.success(createdMessage);
      onDone();
    }),
  );

  const batches = form.values.batches;
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <ProductFields
          businessId={businessId}
          field={(path) => form.getInputProps(path)}
          skuHint="Leave blank to have one made for you"
        />
        <UnitFields
          field={(path, options) => form.getInputProps(path, options)}
          packs={form.values.packs}
          baseUnit={form.values.base_unit}
          onAddPack={() => form.insertListItem('packs', emptyPack())}
          onRemovePack={(index) => form.removeListItem('packs', index)}
          packsError={typeof form.errors.packs === 'string' ? form.errors.packs : undefined}
        />
        <Stack gap="xs">
          <Text fw={600}>Stock batches</Text>
          {batches.map((_, index) => (
            <Fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs; their position is their identity
              key={index}
              legend={`Batch ${index + 1}`}
              p="sm"
            >
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                <TextInput label="Batch number" required {...form.getInputProps(`batches.${index}.batch_number`)} />
                <QuantityInput
                  label="Quantity"
                  required
                  min={0}
                  isWeighed={form.values.is_weighed}
                  {...form.getInputProps(`batches.${index}.quantity`)}
                />
                <DateField
                  label="Expiration date"
                  min={lagosToday()}
                  {...form.getInputProps(`batches.${index}.expiration_date`)}
                />
              </SimpleGrid>
              {batches.length > 1 && (
                <Group justify="flex-end" mt="xs">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove batch ${index + 1}`}
                    onClick={() => form.removeListItem('batches', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              )}
            </Fieldset>
          ))}
          {typeof form.errors.batches === 'string' && (
            <Text size="sm" c="red" role="alert">
              {form.errors.batches}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('batches', emptyBatch())}
            style={{ alignSelf: 'flex-start' }}
          >
            Add batch
          </Button>
        </Stack>
        <Button type="submit" loading={create.isPending}>
          Create Product
        </Button>
      </Stack>
    </form>
  );
}

function EditProductForm({
  businessId,
  product,
  onDone,
  onNoChange,
}: {
  businessId: number;
  product: Product;
  onDone(): void;
  onNoChange(): void;
}) {
  const update = useUpdateProduct(businessId);
  const form = useForm<ProductValues>({
    initialValues: {
      product_name: product.product_name,
      sku: product.sku,
      barcode: product.barcode ?? '',
      cost_price: product.cost_price ?? '',
      selling_price: product.selling_price,
      selling_price_discount_percentage: product.selling_price_discount_percentage,
      wholesale_price: product.wholesale_price ?? '',
      wholesale_price_discount_percentage: product.wholesale_price_discount_percentage,
      currency: product.currency,
      reorder_level: product.reorder_level ?? '',
      category: product.category?.name ?? '',
      ...unitValuesOf(product),
    },
    validate: validateBy(rules, (schemas) => schemas.productEditFormSchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateProduct);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const edited = (await rules.load()).productEditFormSchema.parse(values);
      const changes = { ...changedFields(product, edited), ...changedUnits(product, edited) };
      if (Object.keys(changes).length === 0) return onNoChange();
      await update.mutateAsync({ id: product.id, changes });
      notify.success(MESSAGES.product.updated);
      onDone();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <ProductFields businessId={businessId} field={(path) => form.getInputProps(path)} />
        <UnitFields
          field={(path, options) => form.getInputProps(path, options)}
          packs={form.values.packs}
          baseUnit={form.values.base_unit}
          onAddPack={() => form.insertListItem('packs', emptyPack())}
          onRemovePack={(index) => form.removeListItem('packs', index)}
          packsError={typeof form.errors.packs === 'string' ? form.errors.packs : undefined}
        />
        <Text size="sm" c="dimmed">
          Stock changes through its batches: open the product to receive or adjust stock.
        </Text>
        <Button type="submit" loading={update.isPending}>
          Update Product
        </Button>
      </Stack>
    </form>
  );
}
