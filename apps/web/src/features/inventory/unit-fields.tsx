import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  BASE_UNITS,
  DEFAULT_BASE_UNIT,
  MAX_PACKS,
  type Pack,
  type PackInput,
  type Product,
  unitName,
} from '@oja/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { countInputProps } from '../../ui/count-input';
import { moneyInputProps } from '../../ui/money-input';

/** A pack size as the form holds it: text for money, the pack's id when the product has it already. */
export type PackRow = {
  id?: number;
  name: string;
  units: number | string;
  selling_price: string;
  wholesale_price: string;
  barcode: string;
};
export type UnitValues = { base_unit: string; is_weighed: boolean; packs: PackRow[] };

export const emptyPack = (): PackRow => ({ name: '', units: '', selling_price: '', wholesale_price: '', barcode: '' });

/** The form's units of a product as it is (a product made before units counts in pieces). */
export function unitValuesOf(product: Product | null): UnitValues {
  return {
    base_unit: product?.base_unit ?? DEFAULT_BASE_UNIT,
    is_weighed: product?.is_weighed ?? false,
    packs: (product?.packs ?? []).map((pack) => ({
      id: pack.id,
      name: pack.name,
      units: pack.units,
      selling_price: pack.selling_price,
      wholesale_price: pack.wholesale_price ?? '',
      barcode: pack.barcode ?? '',
    })),
  };
}

/** The units and packs an edit sends: only what changed, the packs whole when any of them did. */
export function changedUnits(
  product: Product,
  edited: {
    base_unit?: string | undefined;
    is_weighed?: boolean | undefined;
    packs?: readonly PackInput[] | undefined;
  },
): { base_unit?: string; is_weighed?: boolean; packs?: PackInput[] } {
  const changes: { base_unit?: string; is_weighed?: boolean; packs?: PackInput[] } = {};
  if (edited.base_unit !== undefined && edited.base_unit !== (product.base_unit ?? DEFAULT_BASE_UNIT))
    changes.base_unit = edited.base_unit;
  if (edited.is_weighed !== undefined && edited.is_weighed !== (product.is_weighed ?? false))
    changes.is_weighed = edited.is_weighed;
  const shape = (pack: PackInput | Pack) =>
    JSON.stringify([
      pack.id ?? null,
      pack.name,
      pack.units,
      pack.selling_price,
      pack.wholesale_price ?? null,
      pack.barcode ?? null,
    ]);
  const before = (product.packs ?? []).map(shape);
  const after = (edited.packs ?? []).map(shape);
  if (edited.packs !== undefined && JSON.stringify(before) !== JSON.stringify(after)) changes.packs = [...edited.packs];
  return changes;
}

/**
 * The unit stock is counted in, whether it is weighed (sold in decimals of it, ADR 0031), and the product's pack
 * sizes (ADR 0030): a carton of 40 packs, each with its own price and barcode. Rows one under another, so the form
 * stays one column wide on a phone.
 */
export function UnitFields({
  field,
  packs,
  baseUnit,
  onAddPack,
  onRemovePack,
  packsError,
}: {
  field(path: string, options?: { type: 'checkbox' }): GetInputPropsReturnType;
  packs: readonly PackRow[];
  baseUnit: string;
  onAddPack(): void;
  onRemovePack(index: number): void;
  packsError?: string | undefined;
}) {
  const unit = baseUnit.trim() || DEFAULT_BASE_UNIT;
  return (
    <Stack gap="xs">
      <Autocomplete
        label="Counted in"
        description="The unit stock is counted and sold in: piece, pack, tin…"
        data={[...BASE_UNITS]}
        maxLength={20}
        autoComplete="off"
        {...field('base_unit')}
      />
      <Checkbox
        label={`Sold by weight or volume (like 0.75 ${unit})`}
        description="Quantities then take up to 3 decimals."
        {...field('is_weighed', { type: 'checkbox' })}
      />
      {packs.map((_, index) => (
        <Fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs; their position is their identity
          key={index}
          legend={`Pack size ${index + 1}`}
          p="sm"
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput label="Pack name" placeholder="carton" required {...field(`packs.${index}.name`)} />
            <NumberInput
              label={`Holds (${unitName(unit, 2)})`}
              required
              min={2}
              {...countInputProps}
              {...field(`packs.${index}.units`)}
            />
            <TextInput
              label="Pack price"
              required
              {...moneyInputProps(field(`packs.${index}.selling_price`), { normalizeOnBlur: true })}
            />
            <TextInput
              label="Pack wholesale price"
              {...moneyInputProps(field(`packs.${index}.wholesale_price`), { normalizeOnBlur: true })}
            />
            <TextInput label="Pack barcode" autoComplete="off" {...field(`packs.${index}.barcode`)} />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove pack size ${index + 1}`}
              onClick={() => onRemovePack(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      {packsError && (
        <Text size="sm" c="red" role="alert">
          {packsError}
        </Text>
      )}
      {packs.length < MAX_PACKS && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={onAddPack}
          style={{ alignSelf: 'flex-start' }}
        >
          Add pack size
        </Button>
      )}
    </Stack>
  );
}
