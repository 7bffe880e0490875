import { ZXING_WASM_VERSION as detectorsZxing } from 'barcode-detector/ponyfill';
import { expect, it } from 'vitest';
import { ZXING_WASM_VERSION as servedZxing } from 'zxing-wasm/reader';

// The .wasm that Oja serves comes from its own zxing-wasm dependency; the code that runs it, from the one that
// barcode-detector depends on. Two versions would load a binary that its glue code does not match.
it('serves the .wasm of the zxing-wasm version that barcode-detector runs', () => {
  expect(servedZxing).toBe(detectorsZxing);
});
