import type { Catalogue, CatalogueProduct } from '@oja/contract';
import type { CatalogueMeta, CounterDb } from './store';

/** Products written in one main-thread task while a copy is applied (syncCatalogue). */
const PUT_BATCH = 250;

/**
 * The device's copy of what selling needs, kept fresh by deltas (ADR 0013): the first copy is everything, later
 * ones only what changed since the copy's version, each in pages until `next_cursor` is null. The pages of one
 * copy are applied together in one transaction, so the store never holds half a copy; the version kept is the
 * first page's, so a change made while the pages came is asked again next time rather than missed.
 */
export type CataloguePage = (query: { since?: number; cursor?: number }) => Promise<Catalogue>;

export async function syncCatalogue(db: CounterDb, fetchPage: CataloguePage): Promise<CatalogueMeta> {
  const current = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
  const since = current?.version;
  const pages: Catalogue[] = [];
  let cursor: number | undefined;
  do {
    const page = await fetchPage({ since, cursor });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  const first = pages[0] as Catalogue;
  const meta: CatalogueMeta = {
    key: 'catalogue',
    version: first.version,
    taken_at: first.taken_at,
    is_partial: pages.some((page) => page.is_partial),
    synced_at: Date.now(),
  };
  await db.transaction('rw', db.products, db.customers, db.meta, async () => {
    if (since === undefined) await db.products.clear();
    const removed: number[] = [];
    const kept: CatalogueProduct[] = [];
    for (const page of pages) {
      for (const product of page.products) {
        if (product.is_removed) removed.push(product.id);
        else kept.push(product);
      }
    }
    // A batch of puts at a time, each batch issued once the one before is stored: every product's put is cloned
    // on the main thread, and a whole first copy in one go held it, taps and paints waiting, for as long as all
    // of them took. Still one transaction: the store never holds half a copy.
    for (let at = 0; at < kept.length; at += PUT_BATCH) await db.products.bulkPut(kept.slice(at, at + PUT_BATCH));
    await db.products.bulkDelete(removed);
    const customers = pages.flatMap((page) => page.customers);
    if (since === undefined) await db.customers.clear();
    await db.customers.bulkPut(customers);
    await db.meta.put(meta);
  });
  return meta;
}
