/**
 * A picked picture made ready for uploadChatFile: up to 2 MB it goes as it is; a larger one is
 * drawn again toward 1000x1000 as JPEG with a quality by size ratio (default 0.7), spec 001 §5.
 */
import { CHAT_IMAGE_MAX_BYTES } from '../../../domain/chat/constants';

export const IMAGE_TOO_BIG_MSG = '图片不能超过2M';
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export function compressQuality(bytes: number): number {
  if (bytes <= CHAT_IMAGE_MAX_BYTES) return 0.7;
  return Math.max(0.4, Math.min(0.7, CHAT_IMAGE_MAX_BYTES / bytes));
}

export async function prepareImage(file: File, onStage: (stage: '压缩中' | '上传中') => void): Promise<{ blob: Blob; name: string }> {
  if (!TYPES.includes(file.type)) throw new Error('只能发送 PNG、JPEG、GIF 或 WebP 图片');
  if (file.size <= CHAT_IMAGE_MAX_BYTES) { onStage('上传中'); return { blob: file, name: file.name }; }
  onStage('压缩中');
  const bmp = await createImageBitmap(file);
  const scale = Math.min(1, 1000 / Math.max(bmp.width, bmp.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bmp.width * scale);
  canvas.height = Math.round(bmp.height * scale);
  canvas.getContext('2d')?.drawImage(bmp, 0, 0, canvas.width, canvas.height);
  bmp.close();
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', compressQuality(file.size)));
  if (!blob || blob.size > CHAT_IMAGE_MAX_BYTES) throw new Error(IMAGE_TOO_BIG_MSG);
  onStage('上传中');
  return { blob, name: `${file.name.replace(/\.\w+$/, '')}.jpg` };
}
