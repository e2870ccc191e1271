/** Avatar picker: the 100 default avatars in a grid, plus upload of an own image (≤ 5 MB). */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef, useState } from 'react';
import { Button, LoadingState, ErrorState, EmptyState, useAsync } from '../../../ui';
import { defaultAvatars, uploadImage } from '../api';
import { FormAlert } from './FormAlert';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export function AvatarPicker({ open, current, onClose, onPick }: {
  open: boolean; current: string; onClose(): void; onPick(url: string): Promise<void>;
}) {
  const list = useAsync(() => (open ? defaultAvatars() : Promise.resolve({ list: [] as string[] })), [open]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  async function pick(url: string) {
    setBusy(true); setError('');
    try { await onPick(url); onClose(); } catch (e) { setError(e instanceof Error ? e.message : String(e)); } finally { setBusy(false); }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) { setError('仅支持 PNG、JPEG、WebP、GIF 图片'); return; }
    if (file.size > MAX_UPLOAD_BYTES) { setError('图片不能超过5MB'); return; }
    setBusy(true); setError('');
    try {
      const { url } = await uploadImage(file, file.name);
      await onPick(url);
      onClose();
    } catch (e) { setError(e instanceof Error ? e.message : String(e)); } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-lg flex-col rounded-t-2xl bg-white p-4 sm:rounded-2xl">
          <DialogTitle className="mb-3 text-center text-lg font-semibold">选择头像</DialogTitle>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.loading ? <LoadingState />
              : list.error ? <ErrorState message={list.error.message} onRetry={list.reload} />
                : (list.data?.list.length ?? 0) === 0 ? <EmptyState text="暂无默认头像" />
                  : (
                    <ul className="grid grid-cols-5 gap-2 sm:grid-cols-8">
                      {list.data!.list.map((url, i) => (
                        <li key={url}>
                          <button type="button" disabled={busy} onClick={() => void pick(url)} aria-label={`默认头像${i + 1}`} aria-pressed={url === current}
                            className={`aspect-square w-full overflow-hidden rounded-full ring-2 focus-visible:outline-2 focus-visible:outline-brand ${url === current ? 'ring-brand' : 'ring-transparent'}`}>
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
              <input ref={fileRef} type="file" accept={ACCEPTED.join(',')} className="sr-only" disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
            </label>
            <Button variant="secondary" onClick={onClose}>取消</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
