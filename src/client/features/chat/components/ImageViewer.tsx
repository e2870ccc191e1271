/** The large picture of an image message, with 收藏 for members (spec 001 §2) and the 'from the internet' note. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { addSavedImage } from '../api';
import { showToast } from '../../../ui';

export function ImageViewer({
  path,
  canSave,
  onClose,
}: {
  path: string | null;
  canSave: boolean;
  onClose(): void;
}) {
  const save = async () => {
    if (!path) return;
    try {
      await addSavedImage(path);
      showToast('已收藏');
    } catch (e) {
      showToast(e instanceof Error ? e.message : '收藏失败');
    }
  };
  return (
    <Dialog open={path !== null} onClose={onClose} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/90" aria-hidden="true" />
      <div className="fixed inset-0 flex flex-col items-center justify-center p-3">
        <DialogPanel className="flex max-h-full w-full max-w-screen-sm flex-col items-center gap-3">
          <DialogTitle className="sr-only">查看图片</DialogTitle>
          {path && (
            <img
              src={path}
              alt="聊天图片大图"
              className="max-h-[75dvh] max-w-full object-contain"
            />
          )}
          <p className="text-xs text-gray-300">图片来自网络，请注意甄别</p>
          <div className="flex gap-3">
            {canSave && (
              <button
                type="button"
                onClick={() => void save()}
                className="rounded-full bg-white/15 px-5 py-2 text-sm text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                收藏
              </button>
            )}
            <button
              type="button"
              onClick={onClose}
              className="rounded-full bg-white px-5 py-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-white"
            >
              关闭
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
