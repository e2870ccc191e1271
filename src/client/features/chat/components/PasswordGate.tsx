/** The room password gate: 4 digits; the fourth one checks at once (spec 001 §4). */
import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

export function PasswordGate({
  title,
  error,
  checking,
  onSubmit,
  onCancel,
}: {
  title: string;
  error: string;
  checking: boolean;
  onSubmit(digits: string): void;
  onCancel(): void;
}) {
  const [digits, setDigits] = useState('');
  const change = (v: string) => {
    const d = v.replace(/\D/g, '').slice(0, 4);
    setDigits(d);
    if (d.length === 4) {
      onSubmit(d);
      setDigits('');
    }
  };
  return (
    <Dialog open onClose={onCancel} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel className="w-full max-w-xs rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-center text-base font-semibold text-gray-900">
            请输入房间密码
          </DialogTitle>
          <p className="mt-1 truncate text-center text-sm text-gray-600">{title}</p>
          <label className="mt-4 block">
            <input
              autoFocus
              inputMode="numeric"
              autoComplete="off"
              pattern="\d{4}"
              maxLength={4}
              value={digits}
              disabled={checking}
              aria-label="房间密码"
              aria-invalid={Boolean(error)}
              aria-describedby="room-pw-error"
              onChange={(e) => change(e.target.value)}
              className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-center text-2xl tracking-[0.6em] focus:border-brand focus:outline-none"
            />
          </label>
          <p
            id="room-pw-error"
            role="alert"
            className="mt-2 min-h-5 text-center text-sm text-red-700"
          >
            {error}
          </p>
          <button
            type="button"
            onClick={onCancel}
            className="mt-3 w-full rounded-lg border border-gray-300 py-2 text-gray-800 focus-visible:outline-2 focus-visible:outline-brand"
          >
            取消
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
