import { Text } from '@mantine/core';
import {
  type CatalogueProduct,
  COUNTER_SCREEN_MESSAGES,
  formatMoney,
  formatUnits,
  fromMilli,
  type Pack,
  toMilli,
} from '@oja/contract';
import { memo } from 'react';
import classes from './found-product.module.css';

/**
 * What the Sell screen's search found, under its box (product-finder.tsx): drawn from the first key typed, so it
 * loads after the screen's first draw.
 */
export function FoundProducts({
  query,
  found,
  sold,
  isSearchingServer,
  isPartial,
  isOnline,
  onAdd,
}: {
  /** What was searched for: said on the list (`data-query`), for a test or a measure to know what it shows. */
  query: string;
  found: readonly CatalogueProduct[];
  /** Units sold on this phone since the copy was taken, by product. */
  sold: ReadonlyMap<number, number> | undefined;
  isSearchingServer: boolean;
  isPartial: boolean;
  isOnline: boolean;
  onAdd(product: CatalogueProduct, pack?: Pack | null): void;
}) {
  return (
    <section className={classes.found} aria-label="Matching products" data-query={query}>
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
          onAdd={onAdd}
        />
      ))}
    </section>
  );
}

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
