import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './list-view';

/** A screen like the sales page: one filter with a default, and its own search parameter. */
const SPEC = { filters: { tab: ['carts', 'sales'] as const }, searchParam: 'q' };
const read = (query: string) => readListState(SPEC, new URLSearchParams(query));

describe('a list view in the URL', () => {
  it('reads the filter, page and search, with defaults for anything missing or malformed', () => {
    expect(read('tab=sales&page=3&q=%20garri%20')).toEqual({ filters: { tab: 'sales' }, page: 3, search: 'garri' });
    expect(read('tab=nope&page=-2')).toEqual({ filters: { tab: 'carts' }, page: 1, search: '' });
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read('page=1000001').page).toBe(1);
  });

  it('writes only what differs from the first view, and reads back what it wrote', () => {
    expect(writeListState(SPEC, { filters: { tab: 'carts' }, page: 1, search: '' }).toString()).toBe('');
    const view = { filters: { tab: 'sales' }, page: 2, search: 'iya basira' } as const;
    const written = writeListState(SPEC, view);
    expect(written.toString()).toBe('tab=sales&q=iya+basira&page=2');
    expect(readListState(SPEC, written)).toEqual(view);
  });

  it('uses ?search= when a screen names no search parameter of its own', () => {
    const spec = { filters: {} };
    expect(readListState(spec, new URLSearchParams('search=rice&q=beans')).search).toBe('rice');
    expect(writeListState(spec, { filters: {}, page: 1, search: 'rice' }).toString()).toBe('search=rice');
  });
});

describe('parameters another part of the screen keeps', () => {
  it('are carried through a change of the view, and only those named', () => {
    const spec = { filters: { period: ['all', 'custom'] as const }, keep: ['from', 'to'] };
    const current = new URLSearchParams('period=custom&from=2026-01-02&to=2026-01-09&stray=1&page=3');
    const next = writeListState(spec, { filters: { period: 'custom' }, page: 1, search: '' }, current);
    expect(next.toString()).toBe('from=2026-01-02&to=2026-01-09&period=custom');
  });
});
