/** Image compression in the worker: max 1000x1000, about 3 MB, JPEG quality 0.7. */
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX, IMAGE_QUALITY } from '../../domain/constants';

export function fitWithin(w: number, h: number, max = IMAGE_MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

export async function compressImage(file: Blob, quality = IMAGE_QUALITY): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  let { width, height } = fitWithin(bitmap.width, bitmap.height);
  let q = quality;
  for (let round = 0; round < 6; round++) {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('无法压缩图片');
    // JPEG has no alpha: paint transparent areas white instead of black
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const out = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
    if (out.size <= IMAGE_MAX_BYTES) { bitmap.close(); return out; }
    // Still over ~3 MB: shrink both quality and size and try again.
    q = Math.max(0.4, q - 0.1);
    width = Math.round(width * 0.85);
    height = Math.round(height * 0.85);
  }
  bitmap.close();
  throw new Error('图片过大，请选择较小的图片');
}
