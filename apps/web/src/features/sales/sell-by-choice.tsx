import { Radio, Stack } from '@mantine/core';
import { DEFAULT_BASE_UNIT, formatMoney, formatUnits, type Product } from '@oja/contract';

/** The "Sell by" choice of a product without a pack chosen: its base unit. */
export const BY_UNIT = 'unit';

/** The pack chosen (by its id as the choice holds it), or none for the unit. */
export const packChosen = (product: Product, sellBy: string) =>
  product.packs?.find((each) => String(each.id) === sellBy) ?? null;

/**
 * How a product with pack sizes goes in a cart: by its unit or by one of its packs, each with its price (ADR 0033).
 * Add to cart and the cart editor's picker both ask with it.
 */
export function SellByChoice({
  product,
  value,
  onChange,
}: {
  product: Product;
  value: string;
  onChange(value: string): void;
}) {
  const unit = product.base_unit ?? DEFAULT_BASE_UNIT;
  return (
    <Radio.Group label="Sell by" value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        <Radio
          value={BY_UNIT}
          label={`By the ${unit}`}
          description={formatMoney(product.selling_price, product.currency)}
        />
        {(product.packs ?? []).map((each) => (
          <Radio
            key={each.id}
            value={String(each.id)}
            label={`By the ${each.name} (${formatUnits(each.units, unit)})`}
            description={formatMoney(each.selling_price, product.currency)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
