/**
 * What a list screen shows (page, search, filters) as its URL keeps it, so that
 * back, refresh and a shared link keep it too. Pure: `use-list-view.ts` binds it
 * to the router.
 */

/** Each filter's URL parameter and its allowed values; the first is the default, left out of the URL. */
export type ListFilters = Record<string, readonly [string, ...string[]]>;

export type ListSpec<F extends ListFilters> = {
  filters: F;
  /** The search's URL parameter: `search` unless the screen has its own. */
  searchParam?: string;
  /** Parameters another part of the screen keeps in the same URL (a custom period's days): carried through. */
  keep?: readonly string[];
};

export type ListState<F extends ListFilters> = {
  page: number;
  /** Trimmed; '' for no search. */
  search: string;
  filters: { [K in keyof F]: F[K][number] };
};

/** The highest page the API accepts (its page query's bound). */
const MAX_PAGE = 1_000_000;

/** Reads the view from the URL; anything missing, unknown or malformed reads as the default. */
export function readListState<F extends ListFilters>(spec: ListSpec<F>, params: URLSearchParams): ListState<F> {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    search: (params.get(spec.searchParam ?? 'search') ?? '').trim(),
    filters: filterValues(spec, (name) => params.get(name)),
  };
}

/**
 * The URL of a view: defaults are left out, so the first view is the plain address. The spec's `keep`
 * parameters are copied from the URL the view was in.
 */
export function writeListState<F extends ListFilters>(
  spec: ListSpec<F>,
  state: ListState<F>,
  current?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of spec.keep ?? []) {
    const value = current?.get(name);
    if (value) params.set(name, value);
  }
  for (const [name, values] of Object.entries(spec.filters)) {
    const value = state.filters[name];
    if (value !== undefined && value !== values[0]) params.set(name, value);
  }
  if (state.search) params.set(spec.searchParam ?? 'search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A filter's value if the spec allows it, else its default. */
export function filterValue<F extends ListFilters, K extends keyof F>(
  spec: ListSpec<F>,
  name: K,
  value: string | null,
): F[K][number] {
  const allowed: F[K] = spec.filters[name];
  return allowed.includes(value ?? '') ? (value as F[K][number]) : allowed[0];
}

function filterValues<F extends ListFilters>(spec: ListSpec<F>, read: (name: string) => string | null) {
  const filters: Record<string, string> = {};
  for (const name of Object.keys(spec.filters)) filters[name] = filterValue(spec, name, read(name));
  return filters as ListState<F>['filters'];
}
