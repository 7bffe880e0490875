import { type ComboboxItem, type SelectProps, TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const Select = lazy(() => import('./select'));

/** The label shown for `value` (the data as the filters give it: strings or value and label pairs). */
function labelOf(data: SelectProps<string>['data'], value: string | null | undefined): string {
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('value' in item && item.value === value) return (item as ComboboxItem).label;
  }
  return '';
}

/**
 * Mantine's Select for a list's filter (payment status, period, category), loaded after the page: it brings
 * Combobox, Popover, ScrollArea and floating-ui, about 150 KB raw that the sales, expenses and reports
 * pages put into the signed-in shared chunk, so into the first load of every signed-in page (the CEO
 * dashboard's and the inventory's too). Its download starts when the page renders; until it has come a
 * read-only field of the same size shows the current choice, and a tap on it opens the list once it is there.
 */
export function LazySelect(props: SelectProps<string>) {
  const [isTapped, setTapped] = useState(false);
  const stand = (
    <TextInput
      readOnly
      label={props.label}
      aria-label={props['aria-label']}
      size={props.size}
      mb={props.mb}
      maw={props.maw}
      w={props.w}
      value={labelOf(props.data, props.value)}
      rightSection={<IconSelector size={16} />}
      rightSectionPointerEvents="none"
      onPointerDown={() => setTapped(true)}
    />
  );
  return (
    <Suspense fallback={stand}>
      <Select {...props} defaultDropdownOpened={isTapped || props.defaultDropdownOpened} />
    </Suspense>
  );
}
