import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // Every dialog's × has a name that a screen reader can say. A plain object, not Modal.extend: importing
    // Modal here would put it (and what it brings) in the first page's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
