import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltip'));

/**
 * Mantine's Tooltip, loaded after the page: it brings floating-ui (15 KB gzip), which the business overview
 * used for its invite links' copy buttons alone (70 → 55 KB on top of /login, bench/HISTORY.md). Until it
 * arrives the button shows and works without its hint, as the top bar's avatar does without its menu. Not
 * for hints a person may hover at once on a page that loads floating-ui anyway (row-actions.tsx).
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
