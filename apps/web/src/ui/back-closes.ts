import { useEffect, useRef } from 'react';

/**
 * The phone's back button closes the dialog on top instead of leaving the page under it, as Android's own dialogs
 * do: a clerk who pressed back in a half-typed cart or expense left the page and lost what was typed.
 *
 * An open dialog adds a history entry of the same address, marked with its number; back returns to the entry below
 * and closes every dialog above it. React Router sees that return as a move to the address it already shows, and
 * stays (the entry keeps its state: the same key, the same index). A dialog closed another way (its ×, a save)
 * takes its entry back off, unless a navigation has already put a page on top of it, which a back would undo:
 * that entry is then left, as the page it shows.
 */

type Layer = { mark: number; close(): void };

const layers: Layer[] = [];
let marks = 0;
let isListening = false;

const markOf = (state: unknown): number => {
  const mark = (state as { ojaLayer?: unknown } | null)?.ojaLayer;
  return typeof mark === 'number' ? mark : 0;
};

function onPop(event: PopStateEvent) {
  const current = markOf(event.state);
  while (layers.length > 0 && (layers.at(-1)?.mark ?? 0) > current) layers.pop()?.close();
}

/**
 * Puts a dialog on the history (see above): `close` runs when back leaves its entry. The function returned takes
 * the entry back off when the dialog closes another way; it does nothing once back has closed it.
 */
export function openLayer(close: () => void): () => void {
  if (!isListening) {
    isListening = true;
    window.addEventListener('popstate', onPop);
  }
  const layer: Layer = { mark: ++marks, close };
  window.history.pushState({ ...window.history.state, ojaLayer: layer.mark }, '');
  layers.push(layer);
  return () => {
    const index = layers.indexOf(layer);
    // Gone from the list: back closed it, and its entry is already off.
    if (index === -1) return;
    layers.splice(index, 1);
    if (markOf(window.history.state) === layer.mark) window.history.back();
  };
}

/** A dialog open while `opened`, on the history (openLayer). */
export function useBackCloses(opened: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (opened) return openLayer(() => close.current());
  }, [opened]);
}
