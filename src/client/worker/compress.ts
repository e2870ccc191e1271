/**
 * Image compression, run in the worker (OffscreenCanvas, createImageBitmap): longest side at most
 * 1000 px, JPEG at the given quality (0.7 by default); while the result is over `maxBytes` (about
 * 3 MB for avatars, 2 MB for chat pictures) quality and size shrink and it is drawn again.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX, IMAGE_QUALITY } from '../../domain/constants';
import { imageRefusal } from './imageRefusal';

export const IMAGE_TOO_LARGE_MSG = '图片过大，请选择较小的图片';

export interface CompressOptions {
  quality?: number;
  maxBytes?: number;
}

export function fitWithin(
  w: number,
  h: number,
  max = IMAGE_MAX_SIDE_PX,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

export async function compressImage(
  file: Blob,
  { quality = IMAGE_QUALITY, maxBytes = IMAGE_MAX_BYTES }: CompressOptions = {},
): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  let { width, height } = fitWithin(bitmap.width, bitmap.height);
  let q = quality;
  try {
    for (let round = 0; round < 6; round++) {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw imageRefusal('无法压缩图片');
      // JPEG has no alpha: paint transparent areas white instead of black
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(bitmap, 0, 0, width, height);
      const out = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
      if (out.size <= maxBytes) return out;
      // Still too large: shrink both quality and size and try again.
      q = Math.max(0.4, q - 0.1);
      width = Math.round(width * 0.85);
      height = Math.round(height * 0.85);
    }
  } finally {
    bitmap.close();
  }
  throw imageRefusal(IMAGE_TOO_LARGE_MSG);
}
