import { type ComboboxProps, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Customer, formatMoney, type Product, SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { useState } from 'react';
import { fullName } from '../../lib/format';
import { useCustomerChoices, useProductChoices } from './api';

// The server searches; the dropdown must not filter its answer a second time.
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

/**
 * On a 360 px phone the dropdown flipped above and below the box as the keyboard and the modal resized it,
 * and grew wider than the screen: it stays below the box, as wide as the box, and its options wrap.
 */
const PICKER_DROPDOWN: ComboboxProps = {
  position: 'bottom',
  // `size` keeps the dropdown inside the screen's height: it scrolls instead of running off the bottom.
  middlewares: { flip: false, shift: true, size: { padding: 8 } },
  width: 'target',
};
const WRAPPED_OPTIONS = {
  dropdown: { overflowY: 'auto' },
  option: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/** On a short screen (a phone with its keyboard up) the box moves to the top, leaving room for its options. */
const roomBelow = (event: React.FocusEvent<HTMLInputElement>) => {
  const box = event.currentTarget;
  if (window.innerHeight < 700) window.setTimeout(() => box.scrollIntoView({ block: 'start' }), 0);
};

/** Enter (a phone's Go key) picks the highlighted option, never submits the cart's form. */
const keepEnterInPicker = (event: React.KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** Search the in-stock products and pick one to add to the cart. */
export function ProductPicker({
  businessId,
  currency,
  onPick,
}: {
  businessId: number;
  /** The cart's currency: products in another one cannot join it. */
  currency: string | null;
  onPick(product: Product): void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const choices = useProductChoices(businessId, debounced, true);
  const products = choices.data?.results ?? [];
  return (
    <Select
      label="Add product"
      placeholder="Search products by name or SKU"
      searchable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      onFocus={roomBelow}
      data={products.map((product) => ({
        value: String(product.id),
        label: `${product.product_name} · ${formatMoney(product.selling_price, product.currency)} · ${product.quantity_in_stock} in stock`,
        disabled: currency !== null && product.currency !== currency,
      }))}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No product in stock matches.'}
      onChange={(value) => {
        const product = products.find((candidate) => String(candidate.id) === value);
        if (product) onPick(product);
        setSearch('');
      }}
    />
  );
}

const customerLabel = (customer: Customer) =>
  `${fullName(customer)} (${customer.username})${customer.phone_number ? ` · ${customer.phone_number}` : ''}`;

/** Search the business's registered customers; the sale then shows in the chosen customer's area. */
export function CustomerPicker({
  businessId,
  value,
  initialLabel,
  onChange,
  error,
}: {
  businessId: number;
  value: number | null | undefined;
  /** How to show the cart's customer before one is picked here. */
  initialLabel: string;
  onChange(customer: Customer | null): void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Customer | null>(null);
  const current = value ? String(value) : null;
  // The chosen customer keeps one label, so the box's text (which Mantine sets to it) is not searched for.
  const selectedLabel = picked ? customerLabel(picked) : initialLabel;
  const query = current && search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const choices = useCustomerChoices(businessId, debounced, true);
  const customers = choices.data ?? [];
  const options = customers.map((customer) => ({
    value: String(customer.id),
    label: String(customer.id) === current ? selectedLabel : customerLabel(customer),
  }));
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: selectedLabel });
  }
  return (
    <Select
      label="Registered customer"
      description="Optional: the sale then shows in this customer's account."
      placeholder="Search customers"
      searchable
      clearable
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      onFocus={roomBelow}
      data={options}
      error={error}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No registered customer matches.'}
      onChange={(next) => {
        const customer = customers.find((candidate) => String(candidate.id) === next) ?? null;
        setPicked(customer);
        onChange(customer);
      }}
    />
  );
}
