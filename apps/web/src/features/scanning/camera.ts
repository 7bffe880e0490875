import { SCAN_MESSAGES } from '@oja/contract';

/** The back camera where there is one (a laptop's only camera otherwise), sharp enough for a thin barcode. */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

export async function openCamera(): Promise<MediaStream> {
  // Without a secure context the browser hides mediaDevices altogether.
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError(cameraAbsentMessage());
  try {
    return await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  } catch (error) {
    throw new CameraError(cameraMessage(error));
  }
}

export function stopCamera(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** A camera that cannot be used, with the words the dialog shows. */
export class CameraError extends Error {}

const cameraAbsentMessage = () => (window.isSecureContext ? SCAN_MESSAGES.cameraMissing : SCAN_MESSAGES.cameraInsecure);

/** getUserMedia's failures (MDN: MediaDevices.getUserMedia, Exceptions), in the clerk's words. */
function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return SCAN_MESSAGES.cameraDenied;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return SCAN_MESSAGES.cameraMissing;
    case 'NotReadableError':
    case 'AbortError':
      return SCAN_MESSAGES.cameraBusy;
    default:
      return SCAN_MESSAGES.cameraFailed;
  }
}
