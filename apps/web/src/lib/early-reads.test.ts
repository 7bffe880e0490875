import {
  API_PREFIX,
  CATALOGUE_ENDPOINTS,
  EARLY_ANSWERS_ID,
  type PreloadReads,
  requestOf,
  STOCK_ENDPOINTS,
  startReadsFor,
} from '@oja/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVENTORY_LIST, productFilters } from '../features/inventory/inventory-view';
import { readListState } from '../ui/list-view';
import { EARLY_READS, startEarlyReads, takeEarlyAnswer, takeEarlyRead } from './early-reads';

/**
 * A page as the early reads' script sees it: its cookies and path, what it fetches, and the text of the data
 * block of answers the server wrote into it (`given`), if any.
 */
function page(cookie: string, pathname: string, now = 1_000, search = '', given?: string) {
  // Each read answers its own URL, in the API's envelope.
  const fetch = vi.fn((url: string) =>
    Promise.resolve(new Response(JSON.stringify({ response_data: { url, business: { id: 7 } } }))),
  );
  const window: Record<string, unknown> = {};
  vi.stubGlobal('document', {
    cookie,
    getElementById: (id: string) => (id === EARLY_ANSWERS_ID && given !== undefined ? { textContent: given } : null),
  });
  vi.stubGlobal('location', { pathname, search });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', window);
  vi.stubGlobal('performance', { now: () => now });
  return { fetch, window };
}

const reads: PreloadReads = [
  ['', '/api/v1/users/profile/view/'],
  ['^/business/([^/]+)', '/api/v1/users/businesses/by-slug/', 'slug'],
];

/**
 * As index.html runs it (route-preload.ts): the function's own text, called with the build's arguments and the
 * contract's plan's own text, nothing else in scope.
 */
function runAsWritten(table: PreloadReads, csrfCookie: string, slot: string) {
  const args = [table, csrfCookie, slot, EARLY_ANSWERS_ID].map((value) => JSON.stringify(value));
  new Function(`(${String(startEarlyReads)})(${args.join(',')},${String(startReadsFor)});`)();
}

afterEach(() => vi.unstubAllGlobals());

describe("index.html's early reads", () => {
  it('with the session cookie, starts the reads whose pattern matches, URLs built as `call` builds them', () => {
    const { fetch, window } = page('theme=dark; csrftoken=abc', '/business/mama%20put/inventory');
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    const byslug = `/api/v1/users/businesses/by-slug/?${new URLSearchParams({ slug: 'mama put' })}`;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/users/profile/view/', byslug]);
    expect(fetch).toHaveBeenCalledWith('/api/v1/users/profile/view/', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    expect(Object.keys(window[EARLY_READS] as object)).toEqual(['/api/v1/users/profile/view/', byslug]);
  });

  it('reads only what the path needs: no business outside a business', () => {
    const { fetch } = page('csrftoken=abc', '/dashboard');
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/users/profile/view/']);
  });

  it('without the cookie (a guest, or a cookie that only ends like it), asks nothing', () => {
    const { fetch, window } = page('xcsrftoken=abc; other=1', '/business/shop');
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    expect(fetch).not.toHaveBeenCalled();
    expect(window[EARLY_READS]).toBeUndefined();
  });
});

describe('takeEarlyRead', () => {
  it('hands a read over once: the next call of that URL asks the server itself', async () => {
    page('csrftoken=abc', '/dashboard');
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    const read = await takeEarlyRead('/api/v1/users/profile/view/');
    expect((await read?.json())?.response_data.url).toBe('/api/v1/users/profile/view/');
    expect(takeEarlyRead('/api/v1/users/profile/view/')).toBeUndefined();
    expect(takeEarlyRead('/api/v1/users/businesses/list_businesses/')).toBeUndefined();
  });

  it('past the first 30 s of the page, a read still waiting is not used (it answered for that load)', () => {
    page('csrftoken=abc', '/dashboard', 31_000);
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    expect(takeEarlyRead('/api/v1/users/profile/view/')).toBeUndefined();
  });
});

describe('a read that follows another one', () => {
  const products = `${API_PREFIX}${STOCK_ENDPOINTS.listProducts.path}`;
  const firstPage = productFilters(readListState(INVENTORY_LIST, new URLSearchParams()));
  const chained: PreloadReads = [
    ...reads,
    ['^/business/[^/]+/inventory/?$', products, 'business_id', { read: 1, field: 'business.id', query: { page: '1' } }],
  ];
  /** Lets the pending answers and the reads they start settle. */
  const settle = () => new Promise((done) => setTimeout(done, 0));

  it("starts the inventory's first page once the business answers, at the URL its page asks", async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/inventory');
    runAsWritten(chained, 'csrftoken', EARLY_READS);
    expect(fetch).toHaveBeenCalledTimes(2);
    await settle();
    // useProducts calls listProducts with { business_id, ...productFilters(view) }: the default view's URL.
    const request = requestOf(STOCK_ENDPOINTS.listProducts, { business_id: 7, ...firstPage });
    const asked = `${API_PREFIX}${request.path}?${new URLSearchParams(request.query)}`;
    expect(fetch.mock.calls.map(([url]) => url)[2]).toBe(asked);
    expect(takeEarlyRead(asked)).toBeDefined();
  });

  it('is not started for another view of the page (a search, a filter, a page in the address)', async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/inventory', 1_000, '?page=2');
    runAsWritten(chained, 'csrftoken', EARLY_READS);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not started when the app has already asked for it itself', async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/inventory');
    runAsWritten(chained, 'csrftoken', EARLY_READS);
    expect(takeEarlyRead(`${products}?business_id=7&page=1`)).toBeUndefined();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("the counter's first copy", () => {
  const catalogue = `${API_PREFIX}${CATALOGUE_ENDPOINTS.getCatalogue.path}`;
  const withCopy: PreloadReads = [
    ...reads,
    [
      '^/business/[^/]+/sell/?$',
      catalogue,
      'business_id',
      { read: 1, field: 'business.id', query: {}, unlessKept: 'kept-b' },
    ],
  ];
  const settle = () => new Promise((done) => setTimeout(done, 0));

  it('starts with the page on a phone that keeps no copy of the business, at the URL the first copy asks', async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/sell');
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'kept-b8' ? '1' : null) });
    runAsWritten(withCopy, 'csrftoken', EARLY_READS);
    await settle();
    const request = requestOf(CATALOGUE_ENDPOINTS.getCatalogue, { business_id: 7 });
    const asked = `${API_PREFIX}${request.path}?${new URLSearchParams(request.query)}`;
    expect(fetch.mock.calls.map(([url]) => url)[2]).toBe(asked);
    expect(takeEarlyRead(asked)).toBeDefined();
  });

  it('is not started where the phone keeps one (it asks only what changed), nor where storage throws', async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/sell');
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'kept-b7' ? '1' : null) });
    runAsWritten(withCopy, 'csrftoken', EARLY_READS);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);

    const blocked = page('csrftoken=abc', '/business/mama-put/sell');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    runAsWritten(withCopy, 'csrftoken', EARLY_READS);
    await settle();
    expect(blocked.fetch).toHaveBeenCalledTimes(3);
  });

  it('is never answered by the server, which cannot know what the phone keeps', async () => {
    const answered: string[] = [];
    await Promise.all(
      startReadsFor(
        withCopy,
        '/business/mama-put/sell',
        '',
        async (url) => {
          answered.push(url);
          return { response_data: { business: { id: 7 } } };
        },
        () => true,
      ),
    );
    expect(answered).toEqual(['/api/v1/users/profile/view/', `/api/v1/users/businesses/by-slug/?slug=mama-put`]);
  });
});

describe('takeEarlyAnswer', () => {
  it("hands an answered read's data over once, and the read with it: the next call asks the server", async () => {
    page('csrftoken=abc', '/dashboard');
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    expect(takeEarlyAnswer('/api/v1/users/profile/view/')).toBeUndefined();
    await new Promise((done) => setTimeout(done, 0));
    const [data, receivedAt] = takeEarlyAnswer('/api/v1/users/profile/view/') ?? [];
    expect(data).toEqual({ url: '/api/v1/users/profile/view/', business: { id: 7 } });
    expect(receivedAt).toBeTypeOf('number');
    expect(takeEarlyAnswer('/api/v1/users/profile/view/')).toBeUndefined();
    expect(takeEarlyRead('/api/v1/users/profile/view/')).toBeUndefined();
  });

  it('keeps no answer for a refusal (a 401 is refreshed by `call`)', async () => {
    const { fetch } = page('csrftoken=abc', '/dashboard');
    fetch.mockImplementation(() => Promise.resolve(new Response('{}', { status: 401 })));
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    await new Promise((done) => setTimeout(done, 0));
    expect(takeEarlyAnswer('/api/v1/users/profile/view/')).toBeUndefined();
    expect(takeEarlyRead('/api/v1/users/profile/view/')).toBeDefined();
  });

  it('past the first 30 s of the page, an answer is not used', async () => {
    page('csrftoken=abc', '/dashboard', 31_000);
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    await new Promise((done) => setTimeout(done, 0));
    expect(takeEarlyAnswer('/api/v1/users/profile/view/')).toBeUndefined();
  });
});

describe('answers the server wrote into the page', () => {
  const profile = '/api/v1/users/profile/view/';
  const byslug = `/api/v1/users/businesses/by-slug/?${new URLSearchParams({ slug: 'mama-put' })}`;
  const block = JSON.stringify({ [profile]: { response_description: 'Profile', response_data: { id: 3 } } });

  it('are taken instead of asked: only the read the server left out goes to the network', async () => {
    const { fetch } = page('csrftoken=abc', '/business/mama-put/inventory', 1_000, '', block);
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([byslug]);
    await new Promise((done) => setTimeout(done, 0));
    expect(takeEarlyAnswer(profile)?.[0]).toEqual({ id: 3 });
    expect(takeEarlyAnswer(byslug)?.[0]).toEqual({ url: byslug, business: { id: 7 } });
  });

  it("hand `call` the page's answer as the response of its read, in the API's envelope", async () => {
    page('csrftoken=abc', '/dashboard', 1_000, '', block);
    runAsWritten(reads, 'csrftoken', EARLY_READS);
    const read = await takeEarlyRead(profile);
    expect(read?.status).toBe(200);
    expect(await read?.json()).toEqual({ response_description: 'Profile', response_data: { id: 3 } });
  });

  it("start a read that follows one of them at once, from the page's answer", async () => {
    const products = `${API_PREFIX}${STOCK_ENDPOINTS.listProducts.path}`;
    const chained: PreloadReads = [
      ...reads,
      ['^/business/[^/]+/inventory/?$', products, 'business_id', { read: 1, field: 'business.id', query: {} }],
    ];
    const answered = JSON.stringify({ [byslug]: { response_data: { business: { id: 12 } } } });
    const { fetch } = page('csrftoken=abc', '/business/mama-put/inventory', 1_000, '', answered);
    runAsWritten(chained, 'csrftoken', EARLY_READS);
    await new Promise((done) => setTimeout(done, 0));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([profile, `${products}?business_id=12`]);
  });
});
