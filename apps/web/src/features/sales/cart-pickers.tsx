import { type Customer, formatMoney, type Product } from '@oja/contract';
import { useState } from 'react';
import { fullName } from '../../lib/format';
import { SearchPicker, usePickerSearch, withChosen } from '../../ui/search-picker';
import { useCustomerChoices, useProductChoices } from './api';

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
  const { search, setSearch, debounced } = usePickerSearch(null);
  const choices = useProductChoices(businessId, debounced, true);
  const products = choices.data?.results ?? [];
  return (
    <SearchPicker
      label="Add product"
      placeholder="Search products by name or SKU"
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      isLiftedOnFocus
      data={products.map((product) => ({
        value: String(product.id),
        label: `${product.product_name} · ${formatMoney(product.selling_price, product.currency)} · ${product.quantity_in_stock} in stock`,
        disabled: currency !== null && product.currency !== currency,
      }))}
      isSearching={choices.isFetching}
      nothingFound="No product in stock matches."
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
  const [picked, setPicked] = useState<Customer | null>(null);
  const current = value ? String(value) : null;
  // The chosen customer keeps one label, so the box's text (which Mantine sets to it) is not searched for.
  const selectedLabel = picked ? customerLabel(picked) : initialLabel;
  const { search, setSearch, debounced } = usePickerSearch(current ? selectedLabel : null);
  const choices = useCustomerChoices(businessId, debounced, true);
  const customers = choices.data ?? [];
  const options = withChosen(
    customers.map((customer) => ({
      value: String(customer.id),
      label: String(customer.id) === current ? selectedLabel : customerLabel(customer),
    })),
    current ? { value: current, label: selectedLabel } : null,
  );
  return (
    <SearchPicker
      label="Registered customer"
      description="Optional: the sale then shows in this customer's account."
      placeholder="Search customers"
      clearable
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      isLiftedOnFocus
      data={options}
      error={error}
      isSearching={choices.isFetching}
      nothingFound="No registered customer matches."
      onChange={(next) => {
        const customer = customers.find((candidate) => String(candidate.id) === next) ?? null;
        setPicked(customer);
        onChange(customer);
      }}
    />
  );
}
