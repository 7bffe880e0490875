import type { Catalogue, CatalogueCustomer, CatalogueProduct } from '@oja/contract';
import { type CatalogueMeta, type CopyPage, type CounterDb, type CustomersMeta, newUuid } from './store';

/** Products in one page record when the copy is written again from its changes (the server's page size). */
const PAGE_PRODUCTS = 2_000;
/** Changes kept as records of their own over the pages; past this, the copy is written again as pages. */
const CHANGES_AT_MOST = 1_000;

/** The copy's live products by id. */
export type CopyProducts = ReadonlyMap<number, CatalogueProduct>;
/** The copy on this phone: its version and note (none before the first copy), and its products. */
export type Copy = { meta: CatalogueMeta | undefined; products: CopyProducts };

/**
 * The device's copy of what selling needs, kept fresh by deltas (ADR 0013): the first copy is everything, later
 * ones only what changed since the copy's version, each in pages until `next_cursor` is null. The pages of one
 * copy are applied together in one transaction, so the store never holds half a copy; the version kept is the
 * first page's, so a change made while the pages came is asked again next time rather than missed.
 *
 * Stored as pages of JSON text (a record each) with the later changes as a record a product over them: a first
 * copy is a handful of puts, and the products just downloaded stay in memory for the Sell screen instead of
 * being read back (`readCopy`).
 */
export type CataloguePage = (query: { since?: number; cursor?: number; follow?: string }) => Promise<Catalogue>;

/**
 * The products in memory of each store and the stamp of the write they are (CatalogueMeta.stamp): while the
 * stored stamp is the same, the copy is taken from here, not parsed again from the store.
 */
const held = new WeakMap<CounterDb, { stamp: string; products: CopyProducts }>();

/** The products a write of this tab leaves in memory under its new stamp, set before the write commits. */
export function hold(db: CounterDb, stamp: string, products: CopyProducts): void {
  held.set(db, { stamp, products });
}

/** Changes over products in memory: a product put, or one removed taken out. */
export function apply(products: Map<number, CatalogueProduct>, changed: readonly CatalogueProduct[]): void {
  for (const product of changed) {
    if (product.is_removed) products.delete(product.id);
    else products.set(product.id, product);
  }
}

/** The products of the copy as stored: the pages in order, then the changes over them. Inside a transaction. */
export async function storedProducts(db: CounterDb, meta: CatalogueMeta | undefined): Promise<CopyProducts> {
  const kept = held.get(db);
  if (kept && meta?.stamp !== undefined && kept.stamp === meta.stamp) return kept.products;
  const products = new Map<number, CatalogueProduct>();
  for (const page of await db.pages.toArray()) apply(products, JSON.parse(page.text) as CatalogueProduct[]);
  apply(products, await db.products.toArray());
  if (meta?.stamp !== undefined) held.set(db, { stamp: meta.stamp, products });
  return products;
}

/**
 * The copy on this phone, for a live read (use-counter.ts's useLive): after a write of this tab, what it wrote
 * is in memory already, and the read only looks at the stamp; another tab's write is read from the store once.
 */
export function readCopy(db: CounterDb): Promise<Copy> {
  return db.transaction('r', db.meta, db.pages, db.products, async () => {
    const meta = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
    return { meta, products: await storedProducts(db, meta) };
  });
}

/** The copy's customers with what they owe. */
export async function readCustomers(db: CounterDb): Promise<CatalogueCustomer[]> {
  const kept = (await db.meta.get('customers')) as CustomersMeta | undefined;
  return kept ? (JSON.parse(kept.text) as CatalogueCustomer[]) : db.customers.toArray();
}

/** Pages of text of the products, as the store keeps a copy. */
function pagesOf(products: readonly CatalogueProduct[]): CopyPage[] {
  const pages: CopyPage[] = [];
  for (let at = 0; at * PAGE_PRODUCTS < products.length; at++) {
    pages.push({ at, text: JSON.stringify(products.slice(at * PAGE_PRODUCTS, (at + 1) * PAGE_PRODUCTS)) });
  }
  return pages;
}

export async function syncCatalogue(db: CounterDb, fetchPage: CataloguePage): Promise<CatalogueMeta> {
  const current = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
  const since = current?.version;
  // A partial copy's delta asks for the products the phone found by searching as well (ADR 0014).
  const followed = since !== undefined && current?.is_partial ? (current.followed ?? []) : [];
  const follow = followed.length > 0 ? followed.join(',') : undefined;
  const pages: Catalogue[] = [];
  let cursor: number | undefined;
  do {
    const page = await fetchPage({ since, cursor, follow });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  const first = pages[0] as Catalogue;
  const isPartial = pages.some((page) => page.is_partial);
  const incoming = pages.flatMap((page) => page.products);
  return db.transaction('rw', db.products, db.pages, db.customers, db.meta, async () => {
    const stored = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
    const stamp = newUuid();
    const products = new Map<number, CatalogueProduct>();
    if (since === undefined) {
      apply(products, incoming);
      await db.products.clear();
      await db.pages.clear();
      await db.pages.bulkPut(pages.map((page, at) => ({ at, text: JSON.stringify(page.products) })));
    } else {
      for (const [id, product] of await storedProducts(db, stored)) products.set(id, product);
      apply(products, incoming);
      if ((await db.products.count()) + incoming.length > CHANGES_AT_MOST) {
        await db.products.clear();
        await db.pages.clear();
        await db.pages.bulkPut(pagesOf([...products.values()]));
      } else if (incoming.length > 0) {
        await db.products.bulkPut(incoming);
      }
    }
    // Every copy's first page holds every customer: one record, written whole.
    await db.meta.put({ key: 'customers', text: JSON.stringify(pages.flatMap((page) => page.customers)) });
    await db.customers.clear();
    const nowFollowed = isPartial && since !== undefined ? (stored?.followed ?? []) : [];
    // Found by a search while these pages came: their changes were not asked for, so the copy's version stays
    // where it was, and the next delta asks again from there with them.
    const isFollowingMore = nowFollowed.some((id) => !followed.includes(id));
    const meta: CatalogueMeta = {
      key: 'catalogue',
      version: isFollowingMore ? (since as number) : first.version,
      taken_at: first.taken_at,
      is_partial: isPartial,
      synced_at: Date.now(),
      stamp,
      followed: nowFollowed,
    };
    await db.meta.put(meta);
    // Before the commit: a stamp that never committed is never read, so memory can only be ahead of nothing.
    hold(db, stamp, products);
    return meta;
  });
}
