import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useSession } from './features/auth/session';

/**
 * Mantine's dialog host brings Modal, ScrollArea, floating-ui, focus trapping and scroll locking, and the
 * toast host its transitions: tens of KB that the login page never needs (bench/README.md). Each is loaded
 * only once it can be used. Neither has to wrap the pages: `modals.openConfirmModal` reaches the
 * ModalsProvider through window events, and `notifications.show` goes to a store that the host renders
 * whenever it mounts, so a toast shown before then appears a moment later.
 */
const ModalsHost = lazy(() => import('@mantine/modals').then(({ ModalsProvider }) => ({ default: ModalsProvider })));
const NotificationsHost = lazy(() => import('./notifications-host'));

export function Overlays() {
  const { data: user } = useSession();
  const { notifications, queue } = useNotifications();
  // Once mounted, a host stays: a toast in its closing transition, or a dialog open while logging out, finishes.
  const [hasModals, setHasModals] = useState(false);
  const [hasToasts, setHasToasts] = useState(false);
  // Confirmation dialogs are opened only from signed-in pages.
  if (user && !hasModals) setHasModals(true);
  if (notifications.length + queue.length > 0 && !hasToasts) setHasToasts(true);
  return (
    <Suspense fallback={null}>
      {hasModals && <ModalsHost />}
      {hasToasts && <NotificationsHost />}
    </Suspense>
  );
}
