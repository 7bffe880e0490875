import { setTimeout as sleep } from 'node:timers/promises';
import { type Catalogue, type CatalogueQuery, ENDPOINTS } from '@oja/contract';
import { expect } from 'vitest';
import type { TestApp } from '../app';
import type { Caller } from '../factories';
import type { ApiClient } from '../http';

/** One page of the catalogue copy through the API, as a device asks for it. */
async function copyPage(api: ApiClient, by: Caller, query: Omit<CatalogueQuery, 'business_id'> = {}) {
  const answer = await api.call(
    ENDPOINTS.catalogue.getCatalogue,
    { business_id: by.businessId, ...query },
    {
      token: by.token,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
}

/** Every page of a copy from `since`, as a device takes it: the pages, and the version it keeps after the last. */
export async function wholeCopy(api: ApiClient, by: Caller, since?: number) {
  const pages: Catalogue[] = [];
  let cursor: number | undefined;
  do {
    const page = await copyPage(api, by, { since, cursor });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return { pages, products: pages.flatMap((page) => page.products), version: pages.at(-1)?.version ?? 0 };
}

/** The highest version the business's rows carry now (what a copy that covers every write so far reaches). */
async function writtenVersion(t: TestApp, businessId: number): Promise<number> {
  const { rows } = await t.database.pool.query<{ v: string | null }>(
    `select greatest((select max(version) from product_stock where business_id = $1),
       (select max(version) from catalogue_removals where business_id = $1)) as v`,
    [businessId],
  );
  return Number(rows[0]?.v ?? 0);
}

/**
 * Every page from `since` once the copy covers every write made so far. A copy answers only what transactions that
 * have all ended wrote (below its snapshot's xmin, get-catalogue.ts), and the test databases share one cluster,
 * whose other files' transactions may still be running for a moment: a write shows once they have ended.
 */
export async function settledCopy(t: TestApp, api: ApiClient, by: Caller, since?: number) {
  const written = await writtenVersion(t, by.businessId);
  for (let attempt = 0; ; attempt++) {
    const copy = await wholeCopy(api, by, since);
    if (copy.version >= written) return copy;
    if (attempt >= 200) throw new Error(`The copy stayed at ${copy.version}, below ${written}.`);
    await sleep(50);
  }
}
