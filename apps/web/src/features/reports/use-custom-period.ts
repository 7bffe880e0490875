import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { type Period, readCustomPeriod, withCustomDay } from './periods';

/**
 * The reports' and the expenses' custom period, kept in the URL (`?from=&to=`) as the rest of those screens'
 * choices are, so that a reload, back or a shared link shows the same days. A change replaces the history
 * entry: the date inputs change once per day picked, and the period choice itself is the entry.
 */
export function useCustomPeriod(today: string): [Period, (end: keyof Period, value: string) => void] {
  const [params, update] = useSearchParamsUpdate();
  const change = (end: keyof Period, value: string) =>
    update((current) => withCustomDay(current, end, value, today), { replace: true });
  return [readCustomPeriod(params, today), change];
}
