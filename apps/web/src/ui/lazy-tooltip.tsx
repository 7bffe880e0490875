import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, type ReactElement, type RefCallback, Suspense, useState } from 'react';

const Tooltip = lazy(() => import('./tooltip'));

type LazyTooltipProps = Omit<TooltipProps, 'children' | 'target'> & {
  /** One element that takes a ref (a button, an ActionIcon) and has no ref of its own. */
  children: ReactElement<{ ref?: RefCallback<HTMLElement> }>;
};

/**
 * Mantine's Tooltip, loaded after the page: it brings floating-ui, which the business overview used for its
 * invite links' copy buttons alone, a good part of what the page added to /login. Until it
 * arrives the button shows and works without its hint, as the top bar's avatar does without its menu. Not
 * for hints a person may hover at once on a page that loads floating-ui anyway (row-actions.tsx).
 *
 * The button stays where it is and the tooltip attaches to it by `target`: wrapping it once the tooltip
 * arrives would mount a new button, and a tap pressed on the old one and lifted on the new would be lost.
 */
export function LazyTooltip({ children, ...props }: LazyTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <>
      {cloneElement(children, { ref: setTarget })}
      <Suspense fallback={null}>{target && <Tooltip {...props} target={target} />}</Suspense>
    </>
  );
}
