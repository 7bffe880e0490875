import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is as wide as Mantine's `sm` breakpoint or wider, where `visibleFrom="sm"` shows and
 * `hiddenFrom="sm"` hides; followed as the phone turns or the window is resized.
 *
 * For what a phone would draw only to hide: a component drawn hidden costs its whole render all the same.
 * Read at once, not in an effect, so that the first render already draws the right one.
 */
export function useWideScreen(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(min-width: ${breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
}
