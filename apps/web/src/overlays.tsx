import { useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { loadModalsHost, modalsHost } from './ui/confirm';
import { DialogLoader } from './ui/load-on-open';

/**
 * Mantine's dialog host brings Modal, ScrollArea, floating-ui, focus trapping and scroll locking, and the
 * toast host its transitions: tens of KB that the login page never needs. Each is loaded
 * only once it is used: the dialog host at the first confirmation dialog (ui/confirm.ts; mounted at sign-in,
 * its download ran beside every signed-in page's first load), the toast host at the first toast. Neither has
 * to wrap the pages: `openConfirm` waits for the ModalsProvider to mount and reaches it through window events,
 * and `notifications.show` goes to a store that the host renders whenever it mounts, so a toast shown before
 * then appears a moment later.
 */
const NotificationsHost = lazy(() => import('./notifications-host'));

/** After the host: sibling effects run in order, so the host's own (its event listeners) have run. */
function HostMounted() {
  useEffect(() => modalsHost.mounted(), []);
  return null;
}

/**
 * The dialog host of one attempt (ui/confirm.ts). A download that fails renders nothing rather than throw
 * past every error boundary (Overlays sits beside the router's) and blank the app: openConfirm says it
 * failed, and the next confirmation is a new attempt with a new lazy host.
 */
const modalsHostOf = (_attempt: number) =>
  lazy(
    (): Promise<{ default: ComponentType }> =>
      loadModalsHost().then(
        ({ ModalsProvider }) => ({
          default: () => (
            <>
              <ModalsProvider />
              <HostMounted />
            </>
          ),
        }),
        () => ({ default: () => null }),
      ),
  );

export function Overlays() {
  const attempt = useSyncExternalStore(modalsHost.subscribe, modalsHost.attempt);
  const ModalsHost = useMemo(() => modalsHostOf(attempt), [attempt]);
  const { notifications, queue } = useNotifications();
  // Once mounted, a host stays: a toast in its closing transition, or a dialog open while logging out, finishes.
  const [hasToasts, setHasToasts] = useState(false);
  if (notifications.length + queue.length > 0 && !hasToasts) setHasToasts(true);
  return (
    <>
      {attempt >= 0 && (
        // The dialog was asked for: a loader over the page until its host has come.
        <Suspense fallback={<DialogLoader />}>
          <ModalsHost />
        </Suspense>
      )}
      <Suspense fallback={null}>{hasToasts && <NotificationsHost />}</Suspense>
    </>
  );
}
