import { Group, Text, TextInput } from '@mantine/core';
import {
  type CatalogueProduct,
  COUNTER_SCREEN_MESSAGES,
  formatMoney,
  formatUnits,
  fromMilli,
  type Pack,
  toMilli,
} from '@oja/contract';
import { memo, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { ScanButton } from '../scanning/scan-button';
import type { CounterService } from './counter-service';
import classes from './found-product.module.css';
import { exactMatch, exactPack, type ProductSearch, productSearch, searchProducts } from './product-search';
import { loadShopSearch, useServerSearch } from './server-search';

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
}) {
  const [search, setSearch] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [isLooking, setLooking] = useState(false);
  const typed = search.trim();
  const found = useMemo(() => (typed ? searchProducts(index(), typed) : []), [index, typed]);
  const isSearchingServer = useServerSearch(service, isPartial && isOnline ? typed : '') || isLooking;

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
  const onType = useCallback((value: string) => {
    setSearch(value);
    setNote(null);
  }, []);

  return (
    <>
      <SearchBox inputRef={inputRef} note={note} onType={onType} onCode={addByCode} />

      {typed !== '' && (
        <section className={classes.found} aria-label="Matching products">
          {isSearchingServer && (
            <Text size="sm" c="dimmed">
              {COUNTER_SCREEN_MESSAGES.searchingShop}
            </Text>
          )}
          {found.length === 0 && !isSearchingServer && (
            <Text size="sm" c="dimmed">
              {isPartial && !isOnline ? COUNTER_SCREEN_MESSAGES.noMatchNotOnPhone : COUNTER_SCREEN_MESSAGES.noMatch}
            </Text>
          )}
          {found.map((product, place) => (
            <FoundProduct
              // biome-ignore lint/suspicious/noArrayIndexKey: a row holds no state; kept in its place, a key typed changes its words only, where a row per product was taken out and another made
              key={place}
              product={product}
              stock={fromMilli(toMilli(product.stock_quantity) - toMilli(sold?.get(product.id) ?? 0))}
              onAdd={add}
            />
          ))}
        </section>
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

/**
 * One product found by the search. Memoised: a row whose product stayed in its place is not drawn again; plain
 * elements, as a key typed draws a screenful of them (found-product.module.css).
 */
const FoundProduct = memo(function FoundProduct({
  product,
  stock,
  onAdd,
}: {
  product: CatalogueProduct;
  stock: number;
  onAdd(product: CatalogueProduct, pack?: Pack | null): void;
}) {
  const packs = product.packs ?? [];
  const row = (
    <button
      type="button"
      className={classes.row}
      onClick={() => onAdd(product)}
      aria-label={`Add ${product.product_name}`}
    >
      <span className={classes.text}>
        <span className={classes.name}>{product.product_name}</span>
        <span className={classes.detail}>
          {product.sku}
          {product.barcode ? ` · ${product.barcode}` : ''}
        </span>
      </span>
      <span className={classes.figures}>
        <span className={`${classes.price} ${classes.name}`}>
          {formatMoney(product.selling_price, product.currency)}
        </span>
        <span className={`${classes.detail} ${stock > 0 ? '' : classes.none}`}>
          {stock <= 0
            ? 'None in stock'
            : packs.length > 0 || product.is_weighed
              ? `${formatUnits(stock, product.base_unit ?? 'piece', packs)} in stock`
              : `${stock} in stock`}
        </span>
      </span>
    </button>
  );
  if (packs.length === 0) return row;
  return (
    <div>
      {row}
      <div className={classes.packs}>
        {packs.map((pack) => (
          <button
            key={pack.id}
            type="button"
            className={classes.pack}
            onClick={() => onAdd(product, pack)}
            aria-label={`Add 1 ${pack.name} of ${product.product_name}`}
          >
            + 1 {pack.name} · {formatMoney(pack.selling_price, product.currency)}
          </button>
        ))}
      </div>
    </div>
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
