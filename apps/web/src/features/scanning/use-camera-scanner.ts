import { SCAN_MESSAGES } from '@oja/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { CameraError, openCamera, stopCamera } from './camera';
import { loadReader } from './detector';
import { createRepeatFilter } from './repeat-filter';

/** A code seen again within this time of its last sighting is the same scan. */
const REPEAT_QUIET_MS = 2000;
/** A pause between frames: a cheap phone's main thread stays free for the page, and the battery lasts. */
const FRAME_PAUSE_MS = 120;

export type ScannerState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'failed'; message: string; retry(): void };

/**
 * The back camera shown in `video` and read continuously while mounted: each new code is given to `onCode`
 * once. The camera opens first; the barcode reader (and, where the browser has none, its WebAssembly) is
 * downloaded only once the camera is open, so a refused camera costs no download. The camera's tracks stop as
 * soon as the scanner is left (unmounted), so the phone's camera light goes off.
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
): ScannerState {
  const [state, setState] = useState<ScannerState>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const report = useRef(onCode);
  report.current = onCode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) opens the camera again
  useEffect(() => {
    let isStopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      if (!isStopped) setState({ status: 'failed', message, retry: () => setAttempt((count) => count + 1) });
    };

    const start = async () => {
      setState({ status: 'starting' });
      try {
        stream = await openCamera();
      } catch (error) {
        return fail(error instanceof CameraError ? error.message : SCAN_MESSAGES.cameraFailed);
      }
      const element = video.current;
      if (isStopped || !element) return stopCamera(stream);
      element.srcObject = stream;
      // Muted and inline: allowed to play without a further tap. A failure here shows in readyState below.
      element.play().catch(() => undefined);
      let read: Awaited<ReturnType<typeof loadReader>>;
      try {
        read = await loadReader();
      } catch {
        stopCamera(stream);
        return fail(SCAN_MESSAGES.scannerUnavailable);
      }
      if (isStopped) return;
      setState({ status: 'scanning' });
      const isNew = createRepeatFilter(REPEAT_QUIET_MS);
      const scanFrame = async () => {
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            const now = performance.now();
            for (const code of await read(element)) if (!isStopped && isNew(code, now)) report.current(code);
          } catch {
            // A frame the reader could not take (the video resizing as the camera settles): the next one will do.
          }
        }
        if (!isStopped) timer = setTimeout(scanFrame, FRAME_PAUSE_MS);
      };
      void scanFrame();
    };
    void start();

    return () => {
      isStopped = true;
      clearTimeout(timer);
      stopCamera(stream);
      if (video.current) video.current.srcObject = null;
    };
  }, [attempt]);

  return state;
}
