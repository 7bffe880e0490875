import { writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import type { BrowserType, LaunchOptions } from '@playwright/test';
import bwipjs from 'bwip-js/node';

/**
 * Chromium's fake camera for the scanner's tests: it plays a .y4m video file as the camera (Chromium's
 * --use-file-for-fake-video-capture). The video shows a real barcode drawn by bwip-js (BWIPP's encoders), so the
 * app's own reader must read it: nothing in the page is mocked.
 */

/** The frame the fake camera sends: a phone camera's 4:3, the barcode in its middle. */
const FRAME = { width: 640, height: 480 };

/** Writes a short y4m video of this barcode (bwip-js's symbology name, e.g. 'ean13', 'code128') and answers its path. */
export async function writeBarcodeVideo(path: string, barcode: { bcid: string; text: string }): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: barcode.bcid,
    text: barcode.text,
    scale: 3,
    height: 22,
    includetext: true,
    backgroundcolor: 'FFFFFF',
  });
  const image = decodePng(png);
  await writeFile(path, y4m(lumaOnWhite(image)));
  return path;
}

/** A browser whose camera is this video, granted without a prompt (--use-fake-ui-for-media-stream), or not. */
export function launchWithFakeCamera(
  browserType: BrowserType,
  launchOptions: LaunchOptions,
  options: { video?: string; grant: boolean },
) {
  const args = ['--use-fake-device-for-media-stream'];
  if (options.grant) args.push('--use-fake-ui-for-media-stream');
  if (options.video) args.push(`--use-file-for-fake-video-capture=${options.video}`);
  return browserType.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...args] });
}

type Rgba = { width: number; height: number; pixels: Uint8Array };

/**
 * The RGBA pixels of bwip-js's PNG (8 bits per channel, colour type 6, not interlaced: what its encoder writes),
 * per the PNG specification: the IDAT chunks inflated, then each row's filter undone.
 */
function decodePng(png: Buffer): Rgba {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colourType, , , interlace] = png.subarray(24, 29);
  if (depth !== 8 || colourType !== 6 || interlace !== 0)
    throw new Error(`Unexpected PNG from bwip-js: depth ${depth}, colour type ${colourType}, interlace ${interlace}.`);
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const bpp = 4;
  const stride = width * bpp;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? (pixels[y * stride + x - bpp] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= bpp && y > 0 ? (pixels[(y - 1) * stride + x - bpp] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? -1];
      if (predictor === undefined) throw new Error(`Unknown PNG filter ${filter}.`);
      pixels[y * stride + x] = ((row[x] ?? 0) + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The frame's brightness (BT.601 luma), the barcode centred on white paper. */
function lumaOnWhite(image: Rgba): Uint8Array {
  if (image.width > FRAME.width || image.height > FRAME.height)
    throw new Error(`The barcode (${image.width}×${image.height}) does not fit the camera's frame.`);
  const luma = new Uint8Array(FRAME.width * FRAME.height).fill(255);
  const left = (FRAME.width - image.width) >> 1;
  const top = (FRAME.height - image.height) >> 1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 4;
      const [r = 0, g = 0, b = 0, a = 0] = image.pixels.subarray(at, at + 4);
      const ink = 0.299 * r + 0.587 * g + 0.114 * b;
      luma[(top + y) * FRAME.width + left + x] = Math.round((ink * a + 255 * (255 - a)) / 255);
    }
  }
  return luma;
}

/**
 * YUV4MPEG2: a one-line header, then each frame as "FRAME\n" and its planes, I420 (the full-size luma, then the
 * two quarter-size chroma planes; 128 is no colour). Chromium loops the file; a few identical frames suffice.
 */
function y4m(luma: Uint8Array, frames = 3): Buffer {
  const chroma = new Uint8Array((FRAME.width / 2) * (FRAME.height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F30:1 Ip A1:1 C420jpeg\n`, 'latin1');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'latin1'), luma, chroma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
