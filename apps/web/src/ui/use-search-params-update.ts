import { useEffect } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export type SearchParamsUpdate = (
  next: (current: URLSearchParams) => URLSearchParams,
  options?: NavigateOptions,
) => void;

/** The last update not yet rendered, and the params rendered when it was made: one address, so one for the page. */
let pending: { rendered: string; value: URLSearchParams } | null = null;

/**
 * The address's search params, and an update that starts from the params as they are when it lands. React Router
 * hands a functional update the params of the last render, not those of a navigation still on its way, so two
 * changes made before the page renders again lost the first: the reports' custom days, one typed and then the other
 * at once, lost the first day (found by a CI run's test). An update here starts from what the last update wrote,
 * by this hook or another on the page, until the page has rendered it.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  useEffect(() => {
    // A render of new params (this update's, or back, or a link) ends what was pending.
    if (pending && pending.rendered !== rendered) pending = null;
  }, [rendered]);
  const update: SearchParamsUpdate = (next, options) => {
    const value = next(pending?.rendered === rendered ? pending.value : params);
    pending = { rendered, value };
    setParams(value, options);
  };
  return [params, update];
}
