import { createTheme } from '@mantine/core';
import thumb from './ui/thumb.module.css';

/** The least a finger can hit reliably on a cheap phone: every tap target is at least this big. */
const TAP = '2.5rem';

/**
 * A number input's steppers as two 40 px buttons side by side (down, then up) over the whole 40 px height of the
 * field, instead of Mantine's two stacked 24×17 px arrows. An input given its own width (the cart editor's
 * quantity) has no arrows: two steppers inside would leave no room for its digits, so its screen puts
 * named ones beside it.
 */
function numberInputStyles(_theme: unknown, props: { w?: unknown }) {
  // Two stacked 27×20 px arrows without names were no thumb's target: the screen draws its own named steppers.
  if (props.w !== undefined) return { controls: { display: 'none' } } as const;
  return {
    root: { '--ni-right-section-width-sm': `calc(2 * ${TAP})` },
    // Inline: the wrapper's --input-height is set inline by Mantine from the size, so it cannot be overridden there.
    input: { height: TAP, minHeight: TAP },
    controls: { flexDirection: 'row-reverse', maxWidth: 'none', height: '100%' },
    control: { flex: `0 0 ${TAP}`, width: TAP, height: '100%', minHeight: TAP },
  } as const;
}

const isDefaultSize = (props: { size?: unknown }) => props.size === undefined || props.size === 'sm';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  // A phone set to reduce motion gets its dialogs, menus and drawers without their animation: kinder to those who
  // asked, and no frames to paint on a cheap phone's CPU.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Small type, but never under a thumb's height (sm is 36 px; compact sizes are given theirs where used).
    Button: { defaultProps: { size: 'sm' }, styles: { root: { minHeight: TAP } } },
    // Every dialog's × has a name that a screen reader can say. A plain object, not Modal.extend: importing
    // Modal here would put it (and what it brings) in the first page's bundle.
    // Its × a thumb's target too (Mantine's md is 28 px).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close', size: 'xl' } } },
    // On a phone every icon button (copy, remove, share) at least a thumb's size (thumb.module.css).
    ActionIcon: { classNames: { root: thumb.actionIcon } },
    NumberInput: { styles: numberInputStyles },
    // The eye that shows the password: 26 px by default, now 40 px over the whole height of a 40 px field.
    PasswordInput: {
      defaultProps: { rightSectionWidth: TAP },
      styles: {
        input: { height: TAP, minHeight: TAP },
        visibilityToggle: { width: TAP, height: TAP, minWidth: TAP, minHeight: TAP },
      },
    },
    // Every field a thumb's height, as the number and password fields above (Mantine's sm is 36 px): its label
    // is no target, so the field itself must be. A compact size given on purpose keeps its height.
    Input: {
      vars: (_theme: unknown, props: { size?: unknown }) => ({
        wrapper: { '--input-height': isDefaultSize(props) ? TAP : undefined },
      }),
    },
    // A choice of two or three (Raise or Lower, My takings or Whole shop): each a thumb's target, 28 px by default.
    SegmentedControl: {
      styles: { label: { minHeight: TAP, display: 'flex', alignItems: 'center', justifyContent: 'center' } },
    },
    // The reports' periods (Today, 7 days, ...): chips a thumb's height whatever their size (md is 32 px).
    Chip: { vars: () => ({ root: { '--chip-size': TAP } }) },
    // Every tab (the sales' Carts and Sales, the inventory's stock filters, the team's roles) a thumb's target: 34-36
    // px by Mantine's padding alone.
    Tabs: { styles: { tab: { minHeight: 40 } } },
  },
});
