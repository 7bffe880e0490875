import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT, TOAST_MS } from '@oja/contract';

/** The toasts' host, loaded by Overlays on the first toast. */
export default function NotificationsHost() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_MS} position="top-center" />;
}
