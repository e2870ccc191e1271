/**
 * Avatar picker: the 100 default avatars in a grid, plus upload of an own image. The image is
 * compressed first (JPEG quality 0.7, longest side IMAGE_MAX_SIDE_PX, in the background worker);
 * what is sent must still fit the server's 5 MB limit.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef } from 'react';
import { Button, LoadingState, ErrorState, EmptyState } from '../../../ui';
import { worker } from '../../../worker/client';
import { defaultAvatars, uploadImage } from '../api';
import { FormAlert } from '../../../ui/FormAlert';
import { keys, useQuery } from '../../../query';
import { isImageRefusal } from '../../../worker/imageRefusal';
import { useFormMutation } from '../../../query/useFormMutation';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The image as it is uploaded: compressed in the worker, or on the page when there is none. */
async function compressForUpload(file: Blob): Promise<Blob> {
  try {
    const w = worker();
    if (w) return await w.compressImage(file);
    const { compressImage } = await import('../../../worker/compress');
    return await compressImage(file);
  } catch (e) {
    // ours (图片过大…) are kept; the browser's own decode errors are said in our words
    throw isImageRefusal(e) ? e : new Error('图片无法读取，请选择其他图片');
  }
}

/** `photo.png` → `photo.jpg`: the upload is the compressed JPEG. */
const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'avatar'}.jpg`;

export function AvatarPicker({
  open,
  current,
  onClose,
  onPick,
}: {
  open: boolean;
  current: string;
  onClose(): void;
  onPick(url: string): Promise<void>;
}) {
  const list = useQuery({
    queryKey: keys.account('avatars'),
    queryFn: defaultAvatars,
    enabled: open,
  });
  // choosing a default avatar and uploading one are one send at a time, their refusal in one place
  const send = useFormMutation<void, () => Promise<void>>({ mutationFn: (work) => work() });
  const { message: error, setMessage: setError, isPending: busy } = send;
  const fileRef = useRef<HTMLInputElement>(null);

  async function pick(url: string) {
    await send.submit(async () => {
      await onPick(url);
      onClose();
    });
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setError('仅支持 PNG、JPEG、WebP、GIF 图片');
      return;
    }
    await send.submit(async () => {
      const compressed = await compressForUpload(file);
      if (compressed.size > MAX_UPLOAD_BYTES) throw new Error('图片不能超过5MB');
      const { url } = await uploadImage(compressed, jpegName(file.name));
      await onPick(url);
      onClose();
    });
    if (fileRef.current) fileRef.current.value = '';
  }

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-lg flex-col rounded-t-2xl bg-white p-4 sm:rounded-2xl">
          <DialogTitle className="mb-3 text-center text-lg font-semibold">选择头像</DialogTitle>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.loading ? (
              <LoadingState />
            ) : list.error ? (
              <ErrorState message={list.error.message} onRetry={list.reload} />
            ) : (list.data?.list.length ?? 0) === 0 ? (
              <EmptyState text="暂无默认头像" />
            ) : (
              <ul className="grid grid-cols-5 gap-2 sm:grid-cols-8">
                {list.data!.list.map((url, i) => (
                  <li key={url}>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void pick(url)}
                      aria-label={`默认头像${i + 1}`}
                      aria-pressed={url === current}
                      className={`aspect-square w-full overflow-hidden rounded-full ring-2 focus-visible:outline-2 focus-visible:outline-brand ${url === current ? 'ring-brand' : 'ring-transparent'}`}
                    >
                      <img src={url} alt="" loading="lazy" className="h-full w-full object-cover" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <FormAlert message={error} />
          <div className="mt-3 grid grid-cols-2 gap-2">
            <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg bg-brand px-4 font-medium text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand">
              {busy ? '上传中…' : '上传图片'}
              <input
                ref={fileRef}
                type="file"
                accept={ACCEPTED.join(',')}
                className="sr-only"
                disabled={busy}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
            <Button variant="secondary" onClick={onClose}>
              取消
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
