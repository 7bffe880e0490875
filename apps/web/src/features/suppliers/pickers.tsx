import { type ComboboxProps, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, type Product, SEARCH_DEBOUNCE_MS, type Supplier } from '@oja/contract';
import { useState } from 'react';
import { useProductSearch, useSupplier } from './api';
import { useSuppliers } from './list-api';

// The server searches; the dropdown must not filter its answer a second time.
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

/** Below the box, as wide as it, its options wrapped: on a 360 px phone it neither flips nor runs off screen. */
const PICKER_DROPDOWN: ComboboxProps = {
  position: 'bottom',
  middlewares: { flip: false, shift: true, size: { padding: 8 } },
  width: 'target',
};
const WRAPPED_OPTIONS = {
  dropdown: { overflowY: 'auto' },
  option: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/** Enter (a phone's Go key) picks the highlighted option, never submits the form. */
const keepEnterInPicker = (event: React.KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

const NEW_SUPPLIER = 'new';

/**
 * The supplier of a delivery: searched by name or phone on the server; a name that matches none is offered as a
 * new supplier, made when it is picked (`onCreate`), so receiving never waits on a trip to the suppliers screen.
 */
export function SupplierPicker({
  businessId,
  value,
  onPick,
  onCreate,
  error,
}: {
  businessId: number;
  value: Supplier | null;
  onPick(supplier: Supplier | null): void;
  onCreate(name: string): void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  const query = value && search === value.name ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const choices = useSuppliers(businessId, { page: 1, search: debounced || undefined });
  const found = choices.data?.results ?? [];
  const options = found.map((supplier) => ({ value: String(supplier.id), label: supplier.name }));
  if (value && !options.some((option) => option.value === String(value.id)))
    options.unshift({ value: String(value.id), label: value.name });
  const typed = search.trim();
  const isNew = typed !== '' && !found.some((supplier) => supplier.name.toLowerCase() === typed.toLowerCase());
  if (isNew && !(value && typed === value.name)) options.push({ value: NEW_SUPPLIER, label: `+ Add “${typed}”` });
  return (
    <Select
      label="Supplier"
      placeholder="Search or type a new name"
      required
      searchable
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      data={options}
      error={error}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'Type the supplier’s name.'}
      onChange={(next) => {
        if (next === NEW_SUPPLIER) return onCreate(typed);
        onPick(found.find((supplier) => String(supplier.id) === next) ?? value ?? null);
      }}
    />
  );
}

/** A delivery line's product: any live product, searched by name, SKU or barcode. */
export function DeliveryProductPicker({
  businessId,
  label,
  value,
  onPick,
  error,
}: {
  businessId: number;
  label: string;
  value: { id: number; name: string } | null;
  onPick(product: Product): void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  const query = value && search === value.name ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const choices = useProductSearch(businessId, debounced);
  const found = choices.data?.results ?? [];
  // The chosen product keeps one label, its name, so the box's text (which Mantine sets to it) is not searched for.
  const options = found.map((product) => ({
    value: String(product.id),
    label:
      product.id === value?.id
        ? value.name
        : `${product.product_name} · cost ${formatMoney(product.cost_price ?? '0.00', product.currency)} · ${product.quantity_in_stock} in stock`,
  }));
  if (value && !options.some((option) => option.value === String(value.id)))
    options.unshift({ value: String(value.id), label: value.name });
  return (
    <Select
      label={label}
      placeholder="Search products by name or SKU"
      required
      searchable
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      data={options}
      error={error}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No product matches.'}
      onChange={(next) => {
        const product = found.find((candidate) => String(candidate.id) === next);
        if (product) {
          onPick(product);
          setSearch(product.product_name);
        }
      }}
    />
  );
}

/**
 * A filter by supplier (the bulk price change): '' for every supplier, else a supplier's id, searched on the server
 * so that a shop with many suppliers finds each one.
 */
export function SupplierFilter({
  businessId,
  value,
  onChange,
}: {
  businessId: number;
  value: string;
  onChange(value: string): void;
}) {
  const chosenId = value ? Number(value) : null;
  const chosen = useSupplier(businessId, chosenId);
  const [search, setSearch] = useState('');
  const chosenName = chosen.data?.supplier.name ?? '';
  const query = chosenId && search === chosenName ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const choices = useSuppliers(businessId, { page: 1, search: debounced || undefined });
  const options = (choices.data?.results ?? []).map((supplier) => ({
    value: String(supplier.id),
    label: supplier.name,
  }));
  if (chosenId && chosenName && !options.some((option) => option.value === value))
    options.unshift({ value, label: chosenName });
  return (
    <Select
      label="Received from"
      description="Only the products received on a delivery from this supplier"
      placeholder="Any supplier"
      searchable
      clearable
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      data={options}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No supplier matches.'}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
