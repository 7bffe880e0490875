import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PROFILE, type PreloadRoutes, preloadPage, takeEarlyProfile } from './early-profile';

type Link = { rel?: string; as?: string; href?: string };

/** A page as the preload script sees it: its cookies and path, what it appends to <head>, what it fetches. */
function page(cookie: string, pathname: string) {
  const links: Link[] = [];
  const answer = Promise.resolve(new Response('{}'));
  const fetch = vi.fn(() => answer);
  const window: Record<string, unknown> = {};
  vi.stubGlobal('document', {
    cookie,
    createElement: () => ({}),
    head: { appendChild: (link: Link) => links.push(link) },
  });
  vi.stubGlobal('location', { pathname });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', window);
  return { links, fetch, window, answer };
}

const names = ['assets/a.js', 'assets/b.js', 'assets/b.css', 'assets/c.js'];
const routes: PreloadRoutes = [
  ['^/business/[^/]+/?$', [0, 1, -3]],
  ['^/[^/]+/[^/]+/?$', [3]],
];

/** As index.html runs it: the function's own text, called with the build's arguments, nothing else in scope. */
function runAsWritten(...args: Parameters<typeof preloadPage>) {
  new Function(`(${String(preloadPage)})(${args.map((value) => JSON.stringify(value)).join(',')});`)();
}

afterEach(() => vi.unstubAllGlobals());

describe("index.html's preload script", () => {
  it('with the session cookie, starts the profile read and leaves it for the session query', () => {
    const { fetch, window, answer } = page('theme=dark; csrftoken=abc', '/login');
    runAsWritten(names, routes, '/api/v1/users/profile/view/', 'csrftoken', EARLY_PROFILE);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/v1/users/profile/view/', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    expect(window[EARLY_PROFILE]).toBe(answer);
  });

  it('without it (a guest, or a cookie that only ends like it), asks nothing', () => {
    const { fetch, window } = page('xcsrftoken=abc; other=1', '/login');
    runAsWritten(names, routes, '/api/v1/users/profile/view/', 'csrftoken', EARLY_PROFILE);
    expect(fetch).not.toHaveBeenCalled();
    expect(window[EARLY_PROFILE]).toBeUndefined();
  });

  it("preloads the first matching route's chunks and style sheets, and only those", () => {
    const { links } = page('', '/business/mama-put/');
    runAsWritten(names, routes, '/p', 'csrftoken', EARLY_PROFILE);
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/a.js' },
      { rel: 'modulepreload', href: '/assets/b.js' },
      { rel: 'preload', as: 'style', href: '/assets/b.css' },
    ]);
  });

  it('preloads nothing on a path no route matches', () => {
    const { links } = page('', '/a/b/c/d');
    runAsWritten(names, routes, '/p', 'csrftoken', EARLY_PROFILE);
    expect(links).toEqual([]);
  });
});

describe('takeEarlyProfile', () => {
  it('hands the read over once: a later session asks the server itself', () => {
    const { answer } = page('csrftoken=abc', '/dashboard');
    runAsWritten(names, routes, '/p', 'csrftoken', EARLY_PROFILE);
    expect(takeEarlyProfile()).toBe(answer);
    expect(takeEarlyProfile()).toBeUndefined();
  });
});
