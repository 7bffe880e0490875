import { type NavigateOptions, useSearchParams } from 'react-router';

export type SearchParamsUpdate = (
  next: (current: URLSearchParams) => URLSearchParams,
  options?: NavigateOptions,
) => void;

/**
 * The address's search params, and an update that starts from the params as they are when it lands. React Router
 * hands a functional update the params of a render, and its renders are transitions that can lag behind the address
 * (one screen's inputs may still hold an older render's): two changes made before the page rendered again lost the
 * first (the reports' custom days, one typed and then the other at once). The declarative router writes the address
 * at once, so the address itself is what the update starts from; back and links write it as well.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [params, setParams] = useSearchParams();
  const update: SearchParamsUpdate = (next, options) => {
    setParams(next(new URLSearchParams(window.location.search)), options);
  };
  return [params, update];
}
