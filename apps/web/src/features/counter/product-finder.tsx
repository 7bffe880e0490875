import { Group, Loader, Text, TextInput } from '@mantine/core';
import { type CatalogueProduct, COUNTER_SCREEN_MESSAGES, type Pack } from '@oja/contract';
import { memo, type RefObject, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { preloadable } from '../../ui/preloadable';
import { ScanButton } from '../scanning/scan-button';
import type { CounterService } from './counter-service';
import { exactMatch, exactPack, type ProductSearch, productSearch, searchProducts } from './product-search';
import { loadShopSearch, useServerSearch } from './server-search';

/**
 * What a search found: drawn from the first key typed, so loaded after the screen's first draw (`preloadFound`, when
 * the copy is on the phone and the phone idle), or at that key if it comes sooner.
 */
const foundProducts = preloadable(() => import('./found-products').then((module) => module.FoundProducts));
export const preloadFound = foundProducts.preload;

/**
 * The Sell screen's search box, its scanner and what they find. What is typed lives here, so that a key typed draws
 * this part of the screen only, not the sale's lines and the pay bar around it; and of this part, only the rows
 * found: the box itself is the browser's to echo (uncontrolled), its Mantine input and the scanner not drawn again.
 */
export function ProductFinder({
  index,
  sold,
  onAdd,
  isPartial,
  isOnline,
  service,
  isSaleEmpty,
  inputRef,
  onSearch,
}: {
  /** The copy's search index, made on first use. */
  index: () => ProductSearch;
  /** Units sold on this phone since the copy was taken, by product. */
  sold: ReadonlyMap<number, number> | undefined;
  onAdd(product: CatalogueProduct, pack?: Pack | null): void;
  isPartial: boolean;
  isOnline: boolean;
  service: CounterService;
  isSaleEmpty: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A key typed: what is found may be added next, so the sale's lines are wanted soon. */
  onSearch(): void;
}) {
  const [search, setSearch] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [isLooking, setLooking] = useState(false);
  const typed = search.trim();
  const found = useMemo(() => (typed ? searchProducts(index(), typed) : []), [index, typed]);
  const isSearchingServer = useServerSearch(service, isPartial && isOnline ? typed : '') || isLooking;
  // Chosen at the first key and kept, so the rows are not drawn anew when their code comes.
  const Found = foundProducts.useOnceWanted(typed !== '');

  const add = useCallback(
    (product: CatalogueProduct, pack?: Pack | null) => {
      onAdd(product, pack);
      if (inputRef.current) inputRef.current.value = '';
      setSearch('');
      setNote(null);
      inputRef.current?.focus();
    },
    [onAdd, inputRef],
  );
  // What a code looks in, as of the last render: the box and the scanner keep one callback, and are not drawn
  // again at every key for a new one.
  const now = useRef({ index, isPartial, isOnline, service, add });
  now.current = { index, isPartial, isOnline, service, add };
  /** A scanner types the code and Enter; so does a clerk who knows the SKU. */
  const addByCode = useCallback((code: string) => {
    const { index, isPartial, isOnline, service, add } = now.current;
    const addFrom = (search: ProductSearch): boolean => {
      const packed = exactPack(search, code);
      const product = packed?.product ?? exactMatch(search, code);
      if (product) add(product, packed?.pack);
      return product !== null;
    };
    if (addFrom(index())) return;
    const noMatch = `${COUNTER_SCREEN_MESSAGES.noMatch} (${code.trim()})`;
    if (!(isPartial && isOnline)) return setNote(noMatch);
    // A partial copy lacks most of a large shop: the code (a product's, or a pack's) is asked of the whole of it.
    setLooking(true);
    loadShopSearch()
      .then(({ searchShop }) => searchShop(service, code.trim()))
      .then((found) => addFrom(productSearch(found)) || setNote(noMatch))
      .catch(() => setNote(noMatch))
      .finally(() => setLooking(false));
  }, []);
  const onType = useCallback(
    (value: string) => {
      setSearch(value);
      setNote(null);
      onSearch();
    },
    [onSearch],
  );

  return (
    <>
      <SearchBox inputRef={inputRef} note={note} onType={onType} onCode={addByCode} />

      {typed !== '' && Found && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the products found" />}>
          <Found
            query={typed}
            found={found}
            sold={sold}
            isSearchingServer={isSearchingServer}
            isPartial={isPartial}
            isOnline={isOnline}
            onAdd={add}
          />
        </Suspense>
      )}
      {isSaleEmpty && typed === '' && (
        <Text size="sm" c="dimmed">
          Type a name, a SKU or scan a barcode; tap a product to add it.
        </Text>
      )}
    </>
  );
}

/** The search box and the camera's button: drawn when the note under the box changes, not at each key. */
const SearchBox = memo(function SearchBox({
  inputRef,
  note,
  onType,
  onCode,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  note: string | null;
  onType(value: string): void;
  onCode(code: string): void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <TextInput
        ref={inputRef}
        style={{ flex: 1 }}
        size="md"
        type="search"
        placeholder="Name, SKU or barcode"
        aria-label="Search products"
        defaultValue=""
        enterKeyHint="enter"
        autoComplete="off"
        onChange={(event) => onType(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const code = event.currentTarget.value;
          if (code.trim()) onCode(code);
        }}
        error={note}
      />
      {/* The camera keeps reading: each new code is added as a scanner's Enter adds it. */}
      <ScanButton onCode={onCode} />
    </Group>
  );
});

/** Runs `work` when the phone has nothing else to do (soon, where the browser cannot say); the cleanup cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
