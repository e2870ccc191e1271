/**
 * Sending a picture: prepare (compress above 2 MB), upload (uploadChatFile, or a guest's
 * uploadChatFileGuest), then the view's own send call.
 */
import { useState } from 'react';
import { uploadChatFile } from './api';
import { prepareImage, type Compressors, type ImageStage } from './image';
import { showToast } from '../../ui';

export function useImageSend(
  send: (img: { imgPath: string; thumbPath: string }) => Promise<void>,
  upload: (
    file: Blob,
    name: string,
  ) => Promise<{ imgPath: string; thumbPath: string }> = uploadChatFile,
  compressors?: Compressors,
) {
  const [stage, setStage] = useState<ImageStage | ''>('');
  const pick = async (file: File) => {
    try {
      const { blob, name } = await prepareImage(file, setStage, compressors);
      const up = await upload(blob, name);
      await send({ imgPath: up.imgPath, thumbPath: up.thumbPath });
    } catch (e) {
      showToast(e instanceof Error ? e.message : '图片发送失败');
    } finally {
      setStage('');
    }
  };
  return { stage, pick: (f: File) => void pick(f) };
}
