/**
 * A picked picture made ready for uploadChatFile (spec 001 §5): up to 2 MB it goes as it is; a larger
 * one is drawn again toward 1000x1000 as JPEG with a quality by size ratio (default 0.7), in the
 * app's worker (OffscreenCanvas, off the main thread). Without a worker, or one that cannot draw
 * (no OffscreenCanvas there), the page does it. The stages shown are 压缩中 then 上传中.
 */
import { CHAT_IMAGE_MAX_BYTES } from '../../../domain/chat/constants';
import { ensureWorker } from '../../worker/client';
import { compressImage, fitWithin, type CompressOptions } from '../../worker/compress';
import { imageRefusal, isImageRefusal } from '../../worker/imageRefusal';

export const IMAGE_TOO_BIG_MSG = '图片不能超过2M';
export const IMAGE_UNREADABLE_MSG = '图片无法读取，请选择其他图片';
/** what uploadChatFile accepts */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export type ImageStage = '压缩中' | '上传中';

type Compress = (file: Blob, o: CompressOptions) => Promise<Blob>;
export interface Compressors {
  /** the worker's compressImage, or null when there is no worker */
  inWorker(): Compress | null;
  onPage: Compress;
}

export function compressQuality(bytes: number): number {
  if (bytes <= CHAT_IMAGE_MAX_BYTES) return 0.7;
  return Math.max(0.4, Math.min(0.7, CHAT_IMAGE_MAX_BYTES / bytes));
}

/** The page's own drawing, for browsers without OffscreenCanvas: one pass on a canvas element. */
async function compressWithCanvas(
  file: Blob,
  { quality, maxBytes = CHAT_IMAGE_MAX_BYTES }: CompressOptions,
): Promise<Blob> {
  const bmp = await createImageBitmap(file);
  const { width, height } = fitWithin(bmp.width, bmp.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bmp, 0, 0, width, height);
  }
  bmp.close();
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality));
  if (!blob || blob.size > maxBytes) throw imageRefusal(IMAGE_TOO_BIG_MSG);
  return blob;
}

export const defaultCompressors: Compressors = {
  inWorker: () => {
    const w = ensureWorker();
    return w ? (f, o) => w.compressImage(f, o) : null;
  },
  onPage: (f, o) =>
    typeof OffscreenCanvas === 'undefined' ? compressWithCanvas(f, o) : compressImage(f, o),
};

/** Our own refusals (imageRefusal), as opposed to the browser's decode and drawing errors. */
const ours = isImageRefusal;

export async function compressChatImage(
  file: Blob,
  c: Compressors = defaultCompressors,
): Promise<Blob> {
  const o: CompressOptions = {
    quality: compressQuality(file.size),
    maxBytes: CHAT_IMAGE_MAX_BYTES,
  };
  const inWorker = c.inWorker();
  if (inWorker) {
    try {
      return await inWorker(file, o);
    } catch (e) {
      if (ours(e)) throw e; /* the worker cannot draw: the page tries */
    }
  }
  try {
    return await c.onPage(file, o);
  } catch (e) {
    throw ours(e) ? e : new Error(IMAGE_UNREADABLE_MSG);
  }
}

export async function prepareImage(
  file: File,
  onStage: (stage: ImageStage) => void,
  c: Compressors = defaultCompressors,
): Promise<{ blob: Blob; name: string }> {
  if (!CHAT_IMAGE_TYPES.includes(file.type))
    throw new Error('只能发送 PNG、JPEG、GIF 或 WebP 图片');
  if (file.size <= CHAT_IMAGE_MAX_BYTES) {
    onStage('上传中');
    return { blob: file, name: file.name };
  }
  onStage('压缩中');
  const blob = await compressChatImage(file, c);
  onStage('上传中');
  return { blob, name: `${file.name.replace(/\.\w+$/, '') || 'image'}.jpg` };
}
