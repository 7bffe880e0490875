import { type ComboboxItem, type ComboboxProps, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { useState } from 'react';

// The server searches; the dropdown must not filter its answer a second time.
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

/**
 * On a 360 px phone the dropdown flipped above and below the box as the keyboard and a modal resized it, and grew
 * wider than the screen: it stays below the box, as wide as the box, and its options wrap.
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

/** Enter (a phone's Go key) picks the highlighted option, never submits the form around the picker. */
const keepEnterInPicker = (event: React.KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

export type SearchPickerProps = Omit<SelectProps<string>, 'searchable' | 'filter' | 'nothingFoundMessage'> & {
  /** The server's answer to the words typed is on its way. */
  isSearching: boolean;
  /** What the open list says when the server found nothing. */
  nothingFound: string;
  /** In a modal the keyboard covers the options: on focus the box scrolls to the top of a short screen. */
  isLiftedOnFocus?: boolean;
};

/**
 * The one picker over a server search (products, customers, suppliers): Mantine's Select showing the options the
 * server answered as they are, its dropdown kept below the box and on the screen, Enter kept inside it.
 */
export function SearchPicker({ isSearching, nothingFound, isLiftedOnFocus, ...props }: SearchPickerProps) {
  return (
    <Select
      searchable
      filter={serverFiltered}
      comboboxProps={PICKER_DROPDOWN}
      styles={WRAPPED_OPTIONS}
      onKeyDown={keepEnterInPicker}
      onFocus={isLiftedOnFocus ? roomBelow : undefined}
      nothingFoundMessage={isSearching ? 'Searching…' : nothingFound}
      {...props}
    />
  );
}

/**
 * The picker's search box and the words it searches for, settled: none while the box shows the chosen option's
 * label (Mantine writes it there on a pick), so a pick does not search for its own name.
 */
export function usePickerSearch(chosenLabel: string | null, initial = '') {
  const [search, setSearch] = useState(initial);
  const query = chosenLabel !== null && search === chosenLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debounced };
}

/** The server answers a page of matches: the chosen option leads the list when it is not among them, so the box still names it. */
export function withChosen<Option extends ComboboxItem>(options: Option[], chosen: Option | null): Option[] {
  return chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
}
