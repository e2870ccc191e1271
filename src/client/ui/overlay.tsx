/** Toasts and modal dialogs driven by signals, so any module can call them. */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';

// headlessui stays out of the first-screen bundle: it loads with the first dialog.
const ModalDialog = lazy(() => import('./ModalDialog'));

interface DialogState {
  text: string;
  okText: string;
  cancelText: string | null;
  resolve(ok: boolean): void;
}
const dialogs = signal<DialogState[]>([]);
const toasts = signal<{ id: number; text: string }[]>([]);
let toastId = 0;

export function showToast(text: string): void {
  const id = ++toastId;
  toasts.value = [...toasts.value, { id, text }];
  setTimeout(() => {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  }, 2500);
}

function openDialog(text: string, okText: string, cancelText: string | null): Promise<boolean> {
  return new Promise((resolve) => {
    dialogs.value = [...dialogs.value, { text, okText, cancelText, resolve }];
  });
}

export async function showAlert(text: string): Promise<void> {
  await openDialog(text, '确定', null);
}

export function confirmDialog(
  text: string,
  opts: { okText?: string; cancelText?: string } = {},
): Promise<boolean> {
  return openDialog(text, opts.okText ?? '确定', opts.cancelText ?? '取消');
}

function close(d: DialogState, ok: boolean): void {
  dialogs.value = dialogs.value.filter((x) => x !== d);
  d.resolve(ok);
}

/**
 * Closes every open and waiting dialog as if cancelled (each caller's promise settles): for a fresh
 * start, such as a test that must not meet the dialogs an earlier one left open.
 */
export function closeAllDialogs(): void {
  const open = dialogs.value;
  dialogs.value = [];
  for (const d of open) d.resolve(false);
}

/** Mounted once by the shell. */
export function OverlayHost() {
  useSignals();
  const d = dialogs.value[0];
  return (
    <>
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 px-4"
      >
        {toasts.value.map((t) => (
          <div key={t.id} className="rounded-lg bg-gray-900/90 px-4 py-2 text-sm text-white shadow">
            {t.text}
          </div>
        ))}
      </div>
      {d && (
        <Suspense fallback={null}>
          <ModalDialog
            text={d.text}
            okText={d.okText}
            cancelText={d.cancelText}
            onClose={(ok) => close(d, ok)}
          />
        </Suspense>
      )}
    </>
  );
}
