import { notifications } from '@mantine/notifications';
import { COPY_TOAST_MS, TOAST_MS } from '@oja/contract';

/** Toasts last 4 s; copy confirmations 2 s. */
export const notify = {
  success: (message: string, autoClose = TOAST_MS) => notifications.show({ message, color: 'teal', autoClose }),
  error: (message: string, autoClose = TOAST_MS) => notifications.show({ message, color: 'red', autoClose }),
  copied: (message: string) => notifications.show({ message, color: 'teal', autoClose: COPY_TOAST_MS }),
};
