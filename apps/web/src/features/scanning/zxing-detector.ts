import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from 'barcode-detector/ponyfill';
// A file of the build, served by Oja itself: the library's default is a CDN, which a closed or absent network
// cannot reach. zxing-wasm is pinned to the version barcode-detector pins (zxing-version.test.ts).
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The BarcodeDetector ponyfill (ZXing-C++ in WebAssembly), its .wasm fetched from our origin and compiled before
 * it answers, so that a failed download is seen here (and can be retried) rather than on the first frame.
 */
export async function zxingDetector(): Promise<typeof BarcodeDetector> {
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path),
      },
      fireImmediately: true,
    });
  } catch (error) {
    // The library keeps a failed instantiation: forgotten, so that the next opening downloads it again.
    purgeZXingModule();
    throw error;
  }
  return BarcodeDetector;
}
