import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltip'));

/**
 * Mantine's Tooltip, loaded after the page: it brings floating-ui, which the business overview used for its
 * invite links' copy buttons alone, a good part of what the page added to /login. Until it
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
