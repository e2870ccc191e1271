/** The app's modal panel: a bottom sheet on phones, centred on wide screens (Headless UI Dialog). */
import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

export function Sheet({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-6">
        <DialogPanel className="flex max-h-[85dvh] w-full max-w-screen-sm flex-col rounded-t-2xl bg-white shadow-xl sm:max-w-md sm:rounded-2xl">
          <div className="flex items-center border-b border-gray-200 px-4 py-3">
            <DialogTitle className="flex-1 text-base font-semibold text-gray-900">
              {title}
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="关闭"
              className="flex h-9 w-9 items-center justify-center rounded-full text-gray-700 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-3">{children}</div>
          {footer && <div className="flex gap-3 border-t border-gray-200 px-4 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
