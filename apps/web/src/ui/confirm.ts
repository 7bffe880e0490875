import type { OpenConfirmModal } from '@mantine/modals';
import { MESSAGES } from '@oja/contract';
import { notify } from '../lib/notify';
import { openLayer } from './back-closes';

/**
 * Confirmation dialogs ("Delete product?"), through Mantine's dialog host (ModalsProvider), which is
 * downloaded and mounted at the first one, not at sign-in.
 *
 * Mounted at sign-in (overlays.tsx), the host's download (Modal, focus trap, scroll lock: ~15 KB raw) ran
 * beside every signed-in page's first load, and its modules sat in the signed-in shared chunk. Now a page asks
 * through `openConfirm`: the host is wanted, Overlays mounts it once its code is there (a loader meanwhile),
 * and the dialog opens then (its events reach only a mounted host). `confirmIntent` on the button that asks
 * starts the download as a finger touches it. A download that fails says so, and the next confirmation
 * tries again (a new attempt: Overlays makes a new lazy host for it).
 */

let isWanted = false;
let attempt = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
let hostMounted: () => void = () => {};
let mounted = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** The host's code, once (again after a failure). */
let loading: Promise<typeof import('@mantine/modals')> | undefined;
export const loadModalsHost = () => {
  loading ??= import('@mantine/modals');
  return loading;
};

/** For Overlays (useSyncExternalStore): the attempt at the host a page asked for, or -1 before any. */
export const modalsHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  attempt: () => (isWanted ? attempt : -1),
  /** Called by Overlays once the host has mounted (after its effects, which listen for the dialogs' events). */
  mounted: () => hostMounted(),
};

/**
 * Opens a confirmation dialog, mounting the host first if it is not there yet. Its action runs once: the
 * dialog is still on the screen while it closes, and the second tap of a double tap on its button (a
 * delete sent twice, two toasts) is ignored.
 */
export function openConfirm(props: OpenConfirmModal): void {
  let isConfirmed = false;
  // The phone's back button closes it, as any dialog (back-closes.ts); closed otherwise, its entry goes.
  let leaveHistory = () => {};
  const confirmOnce: OpenConfirmModal = {
    ...props,
    onConfirm: () => {
      if (isConfirmed) return;
      isConfirmed = true;
      props.onConfirm?.();
    },
    onClose: () => {
      leaveHistory();
      props.onClose?.();
    },
  };
  if (!isWanted) {
    isWanted = true;
    changed();
  }
  Promise.all([loadModalsHost(), mounted]).then(
    ([{ modals }]) => {
      const id = modals.openConfirmModal(confirmOnce);
      leaveHistory = openLayer(() => modals.close(id));
    },
    () => {
      // The host's code did not come (the network): nothing was done, and the next confirmation asks again.
      if (isWanted) {
        isWanted = false;
        loading = undefined;
        attempt += 1;
        mounted = new Promise<void>((resolve) => {
          hostMounted = resolve;
        });
        changed();
      }
      notify.error(MESSAGES.failed.network);
    },
  );
}

/** `{...confirmIntent}` on a button that opens a confirmation: a finger touching it starts the host's download. */
export const confirmIntent = { onPointerDown: loadModalsHost, onFocus: loadModalsHost, onMouseEnter: loadModalsHost };
