import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import {
  filterValue,
  type ListFilters,
  type ListSpec,
  type ListState,
  readListState,
  writeListState,
} from './list-view';
import { useSearchParamsUpdate } from './use-search-params-update';

type Replace = { replace?: boolean };

export type ListView<F extends ListFilters> = ListState<F> & {
  /** The search box's value and onChange: the text as typed, which reaches the URL 300 ms after the last key. */
  searchBox: { value: string; onChange(event: ChangeEvent<HTMLInputElement>): void };
  /** Puts this text in the search box and searches for it at once, as a scanned code arrives: no waiting. */
  submitSearch(text: string): void;
  /** Moving to a page is a history entry; a correction (`replace`) is not. */
  setPage(page: number, options?: Replace): void;
  /** A filter change is a history entry and starts again at page 1; an unknown value reads as the default. */
  setFilter(name: keyof F & string, value: string | null): void;
};

/**
 * The one pattern of the list screens: page, search and filters live in the URL
 * search params. A new search replaces the current entry (typing is not history)
 * and starts at page 1; a search changed from outside (back, a link) fills the box.
 */
export function useListView<F extends ListFilters>(spec: ListSpec<F>): ListView<F> {
  const [params, update] = useSearchParamsUpdate();
  const state = readListState(spec, params);
  // Changes apply to the URL as it is when they land, not as it was rendered: a search settling as a filter is
  // tapped keeps both.
  const change = (patch: (current: ListState<F>) => Partial<ListState<F>>, options?: Replace) =>
    update((current) => {
      const now = readListState(spec, current);
      return writeListState(spec, { ...now, ...patch(now) }, current);
    }, options);

  const [text, setText] = useState(state.search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The search the URL holds as far as this box knows: what it wrote, or what it was told.
  const known = useRef(state.search);
  useEffect(() => {
    if (state.search === known.current) return;
    known.current = state.search;
    setText(state.search);
  }, [state.search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes, not on every render
  useEffect(() => {
    if (debounced === known.current) return;
    known.current = debounced;
    change(() => ({ search: debounced, page: 1 }), { replace: true });
  }, [debounced]);

  return {
    ...state,
    searchBox: { value: text, onChange: (event) => setText(event.currentTarget.value) },
    submitSearch: (typed) => {
      const search = typed.trim();
      setText(typed);
      known.current = search;
      change(() => ({ search, page: 1 }), { replace: true });
    },
    setPage: (page, options) => change(() => ({ page }), options),
    setFilter: (name, value) =>
      change((now) => ({ filters: { ...now.filters, [name]: filterValue(spec, name, value) }, page: 1 })),
  };
}

/**
 * A page past the end (its last row deleted or moved elsewhere, a stale link) moves
 * to the page that now is the last, once the list of that page has answered.
 */
export function useKeepPageInRange(
  view: Pick<ListView<ListFilters>, 'page' | 'setPage'>,
  list: { data?: { total_pages: number }; isPlaceholderData: boolean },
): void {
  const last = list.data && !list.isPlaceholderData ? Math.max(1, list.data.total_pages) : undefined;
  const { page, setPage } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is new on every render; page and last decide
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true });
  }, [last, page]);
}
