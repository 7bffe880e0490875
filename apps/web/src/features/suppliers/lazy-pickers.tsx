import { TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The suppliers' pickers (pickers.tsx) loaded after the page, as ui/lazy-select.tsx does Mantine's Select: drawn by a
 * page at its first paint, Select and its Combobox and floating-ui would join every signed-in page's shared chunk
 * (the dialogs use them too: build/first-load-chunks.ts). Until they come, a read-only field of the same label.
 */
const pickers = () => import('./pickers');
const Supplier = lazy(() => pickers().then((module) => ({ default: module.SupplierPicker })));
const Product = lazy(() => pickers().then((module) => ({ default: module.DeliveryProductPicker })));
const Filter = lazy(() => pickers().then((module) => ({ default: module.SupplierFilter })));

function Stand({ label, value }: { label: string; value?: string }) {
  return (
    <TextInput
      readOnly
      label={label}
      value={value ?? ''}
      rightSection={<IconSelector size={16} />}
      rightSectionPointerEvents="none"
    />
  );
}

export function SupplierPicker(props: ComponentProps<typeof Supplier>) {
  return (
    <Suspense fallback={<Stand label="Supplier" value={props.value?.name} />}>
      <Supplier {...props} />
    </Suspense>
  );
}

export function DeliveryProductPicker(props: ComponentProps<typeof Product>) {
  return (
    <Suspense fallback={<Stand label={props.label} value={props.value?.name} />}>
      <Product {...props} />
    </Suspense>
  );
}

export function SupplierFilter(props: ComponentProps<typeof Filter>) {
  return (
    <Suspense fallback={<Stand label="Received from" />}>
      <Filter {...props} />
    </Suspense>
  );
}
