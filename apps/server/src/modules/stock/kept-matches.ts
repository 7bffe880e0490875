/**
 * The product search's matches kept between requests (list-products.ts, searchedProducts): for one business
 * and one pattern, the matching products' ids newest first (or only their count, when they are many), with
 * the business's search version they were read at (product_counts.search_version, which a trigger raises in
 * the same transaction as every write of product_search, migration 0028). Whoever reads a page from them
 * reads the version in the same statement, so a page is answered from them only while they are exactly what
 * a search would find; any other version drops them. They are a copy of what PostgreSQL holds, never needed by
 * another server: each process keeps its own, and a process that never saw a search reads it afresh.
 */
export class Matches {
  /**
   * `ids` null: only the count is kept, for a search of more matches than are kept (list-products.ts,
   * KEPT_MATCHES_AT_MOST), whose pages are found by walking the catalogue newest first (walkedPage).
   */
  constructor(
    readonly version: string,
    readonly count: number,
    private readonly ids: Float64Array | null,
  ) {}

  /** The ids kept, which KeptMatches bounds: none when only the count is kept. */
  get idsKept(): number {
    return this.ids?.length ?? 0;
  }

  /** The ids of a page: `size` from `offset`, newest first; none past the end; null when only the count is kept. */
  page(offset: number, size: number): number[] | null {
    return this.ids ? Array.from(this.ids.subarray(offset, offset + size)) : null;
  }

  /**
   * From which offset on a walk for this count's pages gives up before finding its page (walkedPage): a walk
   * from further on would too, at this version, so those pages are read afresh at once.
   */
  walkGivesUpFrom = Number.POSITIVE_INFINITY;
}

/**
 * What a process keeps, bounded: the least recently used go first once the ids kept pass `ids` (8 bytes
 * each) or the searches kept pass `searches` (a search that matches nothing is kept too, and costs a key).
 */
export class KeptMatches {
  private readonly byKey = new Map<string, Matches>();
  private idsKept = 0;

  constructor(readonly limits = { ids: 250_000, searches: 5_000 }) {}

  /** The matches kept under `key`, now the most recently used. */
  get(key: string): Matches | undefined {
    const matches = this.byKey.get(key);
    if (matches) {
      this.byKey.delete(key);
      this.byKey.set(key, matches);
    }
    return matches;
  }

  set(key: string, matches: Matches): void {
    this.delete(key);
    if (matches.idsKept > this.limits.ids) return;
    this.byKey.set(key, matches);
    this.idsKept += matches.idsKept;
    // A Map iterates in insertion order, and get() moves what it answers to the end: the oldest come first.
    for (const [oldest, old] of this.byKey) {
      if (this.idsKept <= this.limits.ids && this.byKey.size <= this.limits.searches) break;
      this.byKey.delete(oldest);
      this.idsKept -= old.idsKept;
    }
  }

  delete(key: string): void {
    const matches = this.byKey.get(key);
    if (!matches) return;
    this.byKey.delete(key);
    this.idsKept -= matches.idsKept;
  }

  /** How many searches and ids are kept (for the tests of the bounds). */
  get size(): { searches: number; ids: number } {
    return { searches: this.byKey.size, ids: this.idsKept };
  }
}

/**
 * The matches kept for each database the process reads (one in production; one per test app in the tests,
 * whose databases each number their businesses from 1): a business's matches belong to the database they
 * were read from.
 */
const keptByDatabase = new WeakMap<object, KeptMatches>();

export function keptMatchesOf(database: object): KeptMatches {
  let kept = keptByDatabase.get(database);
  if (!kept) {
    kept = new KeptMatches();
    keptByDatabase.set(database, kept);
  }
  return kept;
}
