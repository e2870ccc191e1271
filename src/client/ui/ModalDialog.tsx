/** The alert/confirm dialog (headlessui), loaded on first use. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

export default function ModalDialog({
  text,
  okText,
  cancelText,
  onClose,
}: {
  text: string;
  okText: string;
  cancelText: string | null;
  onClose(ok: boolean): void;
}) {
  return (
    <Dialog open onClose={() => onClose(false)} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel className="w-full max-w-xs rounded-xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-base leading-relaxed text-gray-900">{text}</DialogTitle>
          <div className="mt-5 flex gap-3">
            {cancelText && (
              <button
                type="button"
                onClick={() => onClose(false)}
                className="flex-1 rounded-lg border border-gray-300 py-2 text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
              >
                {cancelText}
              </button>
            )}
            <button
              type="button"
              data-autofocus
              onClick={() => onClose(true)}
              className="flex-1 rounded-lg bg-brand py-2 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {okText}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
