/**
 * A file input that uploads what is chosen: the upload call, then `onUploaded` with its answer and
 * a toast; the server's refusal (a non-image, too big) as `error`. The input is cleared at once so
 * the same file can be chosen again after a failure.
 */
import { useState, type ChangeEvent } from 'react';
import { showToast } from './overlay';

export function useFileUpload<T>(
  upload: (file: File) => Promise<T>,
  onUploaded: (answer: T) => void,
  doneToast: string,
) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      onUploaded(await upload(file));
      showToast(doneToast);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setUploading(false);
    }
  };
  return { uploading, error, onFile };
}
