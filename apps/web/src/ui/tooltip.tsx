/** Mantine's Tooltip as a module of its own, for `LazyTooltip` (lazy-tooltip.tsx). */
export { Tooltip as default } from '@mantine/core';
