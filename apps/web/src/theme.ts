import { createTheme } from '@mantine/core';

/** The least a finger can hit reliably on a cheap phone: every tap target is at least this big. */
const TAP = '2.5rem';

/**
 * A number input's steppers as two 40 px buttons side by side (down, then up) over the whole 40 px height of the
 * field, instead of Mantine's two stacked 24×17 px arrows. An input given its own width (the cart editor's 96 px
 * quantity) keeps the compact arrows: two steppers would leave no room for its digits.
 */
function numberInputStyles(_theme: unknown, props: { w?: unknown }) {
  if (props.w !== undefined) return {};
  return {
    root: { '--ni-right-section-width-sm': `calc(2 * ${TAP})` },
    // Inline: the wrapper's --input-height is set inline by Mantine from the size, so it cannot be overridden there.
    input: { height: TAP, minHeight: TAP },
    controls: { flexDirection: 'row-reverse', maxWidth: 'none', height: '100%' },
    control: { flex: `0 0 ${TAP}`, width: TAP, height: '100%', minHeight: TAP },
  } as const;
}

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  // A phone set to reduce motion gets its dialogs, menus and drawers without their animation: kinder to those who
  // asked, and no frames to paint on a cheap phone's CPU.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // Every dialog's × has a name that a screen reader can say. A plain object, not Modal.extend: importing
    // Modal here would put it (and what it brings) in the first page's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    NumberInput: { styles: numberInputStyles },
    // Every tab (the sales' Carts and Sales, the inventory's stock filters, the team's roles) a thumb's target: 34-36
    // px by Mantine's padding alone.
    Tabs: { styles: { tab: { minHeight: 40 } } },
  },
});
