/**
 * What the phone's camera scanner says: the camera refused, missing or busy, and the scanner that could not load.
 * Each names what still works (typing the code), so a clerk is never stuck on a dialog.
 */
export const SCAN_MESSAGES = {
  title: 'Scan a barcode',
  starting: 'Opening the camera…',
  aim: 'Point the camera at a barcode or QR code.',
  cameraDenied:
    'Oja may not use the camera. Allow the camera for this site in the browser settings, or type the code in the search box.',
  cameraMissing: 'No camera was found on this device. Type the code in the search box.',
  cameraBusy: 'The camera is in use by another app. Close that app and try again, or type the code in the search box.',
  cameraInsecure: 'The camera works only on a secure (https) address. Type the code in the search box.',
  cameraFailed: 'The camera could not be opened. Try again, or type the code in the search box.',
  scannerUnavailable:
    'The scanner could not be loaded. Check your connection and try again, or type the code in the search box.',
  scanned: (code: string) => `Scanned ${code}`,
} as const;
