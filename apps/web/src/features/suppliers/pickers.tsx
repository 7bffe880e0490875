import { formatMoney, type Product, type Supplier } from '@oja/contract';
import { SearchPicker, usePickerSearch, withChosen } from '../../ui/search-picker';
import { useProductSearch, useSupplier } from './api';
import { useSuppliers } from './list-api';

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
  const { search, setSearch, debounced } = usePickerSearch(value?.name ?? null, value?.name);
  const choices = useSuppliers(businessId, { page: 1, search: debounced || undefined });
  const found = choices.data?.results ?? [];
  const options = withChosen(
    found.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
    value && { value: String(value.id), label: value.name },
  );
  const typed = search.trim();
  const isNew = typed !== '' && !found.some((supplier) => supplier.name.toLowerCase() === typed.toLowerCase());
  if (isNew && !(value && typed === value.name)) options.push({ value: NEW_SUPPLIER, label: `+ Add “${typed}”` });
  return (
    <SearchPicker
      label="Supplier"
      placeholder="Search or type a new name"
      required
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      error={error}
      isSearching={choices.isFetching}
      nothingFound="Type the supplier’s name."
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
  const { search, setSearch, debounced } = usePickerSearch(value?.name ?? null, value?.name);
  const choices = useProductSearch(businessId, debounced);
  const found = choices.data?.results ?? [];
  // The chosen product keeps one label, its name, so the box's text (which Mantine sets to it) is not searched for.
  const options = withChosen(
    found.map((product) => ({
      value: String(product.id),
      label:
        product.id === value?.id
          ? value.name
          : `${product.product_name} · cost ${formatMoney(product.cost_price ?? '0.00', product.currency)} · ${product.quantity_in_stock} in stock`,
    })),
    value && { value: String(value.id), label: value.name },
  );
  return (
    <SearchPicker
      label={label}
      placeholder="Search products by name or SKU"
      required
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      error={error}
      isSearching={choices.isFetching}
      nothingFound="No product matches."
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
  const chosenName = chosen.data?.supplier.name ?? '';
  const { search, setSearch, debounced } = usePickerSearch(chosenId ? chosenName : null);
  const choices = useSuppliers(businessId, { page: 1, search: debounced || undefined });
  const options = withChosen(
    (choices.data?.results ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
    chosenId && chosenName ? { value, label: chosenName } : null,
  );
  return (
    <SearchPicker
      label="Received from"
      description="Only the products received on a delivery from this supplier"
      placeholder="Any supplier"
      clearable
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      isSearching={choices.isFetching}
      nothingFound="No supplier matches."
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
