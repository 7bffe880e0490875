import type { BarcodeDetector, BarcodeFormat } from 'barcode-detector/ponyfill';

/** What shops print on goods and shelves: EAN-13/8, UPC-A/E, Code 128, and QR codes. */
const SHOP_FORMATS: BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'qr_code'];

/** The codes read in one frame of the camera, as printed. */
export type ReadCodes = (frame: HTMLVideoElement) => Promise<string[]>;

type DetectorClass = typeof BarcodeDetector;

/**
 * The browser's own BarcodeDetector where it reads the retail codes (Chrome on Android, macOS, ChromeOS);
 * elsewhere (desktop Chrome on Windows and Linux, Firefox, Safari) ZXing in WebAssembly, downloaded now and
 * not before: ./zxing-detector.ts.
 */
export async function loadReader(): Promise<ReadCodes> {
  const native = await nativeFormats();
  const detector = native
    ? new native.Detector({ formats: native.formats })
    : new (await import('./zxing-detector').then((module) => module.zxingDetector()))({ formats: SHOP_FORMATS });
  return async (frame) =>
    (await detector.detect(frame)).map((barcode) => barcode.rawValue).filter((code) => code.length > 0);
}

async function nativeFormats(): Promise<{ Detector: DetectorClass; formats: BarcodeFormat[] } | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = SHOP_FORMATS.filter((format) => supported.includes(format));
    // Some platforms report UPC-A as EAN-13 and leave it out: EAN-13 and Code 128 are what must be read.
    return formats.includes('ean_13') && formats.includes('code_128') ? { Detector, formats } : undefined;
  } catch {
    return undefined;
  }
}
