import type { Endpoint, EndpointInput } from '@oja/contract';
import { expect } from 'vitest';
import type { Caller } from './factories';
import type { Answer, ApiClient } from './http';

/** A search as the search-table tests compare it: its count and its page's ids, in the list's order. */
export type Searched = { count: number; ids: number[] };

/** A page of a list that answers a count and records with ids (the products', the sales'), as Searched. */
export async function searched<E extends Endpoint>(
  api: ApiClient,
  entry: E,
  input: EndpointInput<E>,
  by: Caller,
): Promise<Searched> {
  const answer = await api.call(entry, input, { token: by.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const page = answer.data as { count: number; results: { id: number }[] };
  return { count: page.count, ids: page.results.map((record) => record.id) };
}

/** The one record found. */
export const only = (id: number): Searched => ({ count: 1, ids: [id] });

/** Nothing found. */
export const none: Searched = { count: 0, ids: [] };

/** A page as the paged lists answer it: the count, the page's records, and the next page's number. */
type PageAnswer = Answer<{ count: number; next: number | null; results: { id: number }[] }>;

/**
 * Every page of a list, from the first until `next` is null, and the one past it: the records' ids in order, and
 * the counts the pages gave (one, when they agree), as the search tests compare them with their rule.
 */
export async function idsOfEveryPage(
  pageOf: (page: number) => Promise<PageAnswer>,
): Promise<{ ids: number[]; counts: number[] }> {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await pageOf(page);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    counts.add(answer.data.count);
    ids.push(...answer.data.results.map((record) => record.id));
    if (answer.data.next === null) {
      // And the page after the last, which answers the count and no records (the count is all that is read there,
      // db/counted-page.ts).
      const past = await pageOf(page + 1);
      expect(past.status, JSON.stringify(past.body)).toBe(200);
      expect(past.data.results).toEqual([]);
      counts.add(past.data.count);
      return { ids, counts: [...counts] };
    }
  }
}
