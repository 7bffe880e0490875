import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@oja/contract';

/** JPEG qualities tried in turn for a picture that is too large as a PNG (a photo rather than a drawn logo). */
const JPEG_QUALITIES = [0.85, 0.7, 0.5];

/** The bytes a data URL's base64 stands for. */
function bytesOf(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/**
 * A logo made on the phone from the picture chosen: at most LOGO_MAX_SIDE pixels a side, as a PNG (a drawn
 * logo's flat colours stay sharp and small), or as a JPEG on white when the PNG is over LOGO_MAX_BYTES. A phone's
 * full-size photo never travels. Rejects when the file is not a picture this browser can read, or stays too large.
 */
export async function logoFromFile(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LOGO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas.');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const png = canvas.toDataURL('image/png');
  if (bytesOf(png) <= LOGO_MAX_BYTES) return png;
  // JPEG has no transparency: white behind, as on paper.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const quality of JPEG_QUALITIES) {
    const jpeg = canvas.toDataURL('image/jpeg', quality);
    if (bytesOf(jpeg) <= LOGO_MAX_BYTES) return jpeg;
  }
  throw new Error('The logo stays too large.');
}
