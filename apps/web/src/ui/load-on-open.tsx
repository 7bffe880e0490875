import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { preloadable } from './preloadable';

/** What a button that opens a dialog spreads on itself: a finger touching it starts the dialog's download. */
export type OpenIntent = { onPointerDown(): void; onFocus(): void; onMouseEnter(): void };

export type OnOpen<P> = ComponentType<P> & {
  /** Starts the download (once); a page calls it when a tap is coming, before the dialog is opened. */
  preload(): Promise<unknown>;
  /** `{...Dialog.intent}` on the button that opens it. */
  intent: OpenIntent;
};

/**
 * A dialog (or a drawer, a heavy form control) downloaded when it is first opened, not with its page.
 *
 * The pages imported their dialogs statically, so every signed-in page's first load carried Modal, the
 * focus trap and scroll lock, Select and its Combobox, NumberInput with react-number-format, floating-ui:
 * more than half of the signed-in shared chunk before the first paint, none of it drawn by it. Lighthouse's
 * mobile estimate counts every byte of script fetched before the LCP, and on a slow network every KB is
 * seen. Now a page renders nothing for its closed dialogs; the first opening mounts the
 * dialog, which stays mounted afterwards so that its closing transition runs and its next opening is at once.
 * `intent` starts the download as a finger touches the button (pointerdown comes before the click on a
 * phone; focus for a keyboard), and a page may `preload()` when a dialog is about to be opened (a fetch
 * that decides it first). Until the code is there a loader dims the page, so a tap is seen to have worked.
 * A download that fails throws into the page's error boundary (router.tsx), which offers a reload.
 */
export function loadOnOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): OnOpen<P> {
  const { preload, useOnceWanted } = preloadable(load);
  function Dialog(props: P) {
    const isOpened = isOpen(props);
    // Chosen at the first opening and kept: what is typed in it survives its page's next render.
    const Shown = useOnceWanted(isOpened);
    if (!Shown) return null;
    return (
      <Suspense fallback={isOpened ? <DialogLoader /> : null}>
        <Shown {...props} />
      </Suspense>
    );
  }
  const intent: OpenIntent = { onPointerDown: preload, onFocus: preload, onMouseEnter: preload };
  return Object.assign(Dialog, { preload, intent });
}

/** Over the page while a dialog's code downloads; the z-index of Mantine's Modal (200), which then covers it. */
export function DialogLoader() {
  return (
    <Center
      role="status"
      aria-label="Loading"
      pos="fixed"
      inset={0}
      style={{ zIndex: 200, background: 'rgba(0, 0, 0, 0.3)' }}
    >
      <Loader />
    </Center>
  );
}
