import type { Endpoint, EndpointInput } from '@oja/contract';
import { expect } from 'vitest';
import type { Caller } from './factories';
import type { ApiClient } from './http';

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
