import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type Period, readCustomPeriod, withCustomDay } from './periods';

/**
 * The reports' and the expenses' custom period, kept in the URL (`?from=&to=`) as the rest of those screens'
 * choices are, so that a reload, back or a shared link shows the same days. A change replaces the history
 * entry: the date inputs change once per day picked, and the period choice itself is the entry.
 */
export function useCustomPeriod(today: string): [Period, (end: keyof Period, value: string) => void] {
  const [params, setParams] = useSearchParams();
  // React Router hands a functional update the params of the last render, not those of a navigation still on its
  // way: two days changed before the page renders again (a date typed, then the other at once) lost the first.
  // So a change starts from what the last change wrote until the page has rendered it.
  const written = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rendered params change, which it awaits
  useEffect(() => {
    written.current = null;
  }, [params]);
  const change = (end: keyof Period, value: string) => {
    const next = withCustomDay(written.current ?? params, end, value, today);
    written.current = next;
    setParams(next, { replace: true });
  };
  return [readCustomPeriod(params, today), change];
}
