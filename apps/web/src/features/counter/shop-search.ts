import { CATALOGUE_ENDPOINTS, CATALOGUE_FOLLOW_LIMIT, type CatalogueProduct } from '@oja/contract';
import { call } from '../../lib/api';
import { apply, hold, storedProducts } from './catalogue';
import type { CounterService } from './counter-service';
import { type CatalogueMeta, type CounterDb, newUuid } from './store';

/*
 * A partial copy's search of the whole shop (ADR 0014, ADR 0034), loaded when such a copy first asks: a whole
 * copy, most shops', never does.
 */

/**
 * The shop's products matching what is typed or scanned, asked of the server, and kept in the copy, where the
 * counter's own search finds them (offline later too) and its deltas keep them fresh.
 */
export async function searchShop(
  service: CounterService,
  search: string,
  signal?: AbortSignal,
): Promise<CatalogueProduct[]> {
  const { data } = await call(
    CATALOGUE_ENDPOINTS.searchCatalogue,
    { business_id: service.businessId, search },
    { signal },
  );
  await keepFound(service.db, data.products);
  return data.products;
}

/**
 * Keeps the products a partial copy's online search found (ADR 0014), so that they sell offline too, and follows
 * those the copy did not hold: each delta asks for their changes. The most recently found come first; past
 * CATALOGUE_FOLLOW_LIMIT the oldest leave the copy, since no delta would keep their price and stock true.
 */
export async function keepFound(db: CounterDb, found: readonly CatalogueProduct[]): Promise<void> {
  if (found.length === 0) return;
  await db.transaction('rw', db.products, db.pages, db.meta, async () => {
    const meta = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
    // No copy yet: the first one replaces whatever is stored.
    if (!meta) return;
    const current = await storedProducts(db, meta);
    const followed = meta.followed ?? [];
    const refound = found.map((product) => product.id).filter((id) => !current.has(id) || followed.includes(id));
    const following = [...new Set([...refound, ...followed])];
    const products = new Map(current);
    apply(products, found);
    const dropped = following.slice(CATALOGUE_FOLLOW_LIMIT).flatMap((id) => {
      const product = products.get(id);
      return product ? [{ ...product, is_removed: true }] : [];
    });
    apply(products, dropped);
    await db.products.bulkPut([...found, ...dropped]);
    const stamp = newUuid();
    await db.meta.put({ ...meta, followed: following.slice(0, CATALOGUE_FOLLOW_LIMIT), stamp });
    hold(db, stamp, products);
  });
}
