/**
 * The opening dialog of an activity envelope: the closed envelope with its 開 button, the coin turning
 * while the claim is on its way (motion only when the system allows it), then the amount got, or the
 * refusal in Chinese. The claim is a money action: its request id is stored before it is sent.
 */
import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMoneyAction } from '../../money/useMoneyAction';
import { currentUser } from '../../state/session';
import { receiveRedEnvelope, type ActivityEnvelopeItem, type ClaimResult } from './api';

type Phase =
  | { at: 'closed' }
  | { at: 'opened'; result: ClaimResult }
  | { at: 'refused'; message: string };

export function OpenEnvelopeDialog({
  envelope,
  onClose,
}: {
  envelope: ActivityEnvelopeItem;
  onClose(): void;
}) {
  useSignals();
  const userId = currentUser.value?.userId ?? 0;
  const action = useMoneyAction<ClaimResult>(userId, 'activityEnvelope');
  const [phase, setPhase] = useState<Phase>({ at: 'closed' });

  const open = async () => {
    const out = await action.run(`activity:${envelope.id}`, (requestId) =>
      receiveRedEnvelope(envelope.id, requestId),
    );
    if (out.ok) setPhase({ at: 'opened', result: out.result });
    else if (out.reason === 'refused')
      setPhase({ at: 'refused', message: out.message || '领取失败' });
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!action.busy) onClose();
      }}
      className="relative z-[70]"
    >
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel className="relative flex w-full max-w-[300px] flex-col items-center rounded-2xl bg-gradient-to-b from-red-600 to-red-700 px-5 pb-6 pt-8 text-center text-amber-100 shadow-2xl">
          <DialogTitle className="w-full truncate text-lg font-semibold">
            {envelope.title}
          </DialogTitle>
          <p className="mt-1 text-sm opacity-90">{envelope.kindName}</p>
          {phase.at === 'closed' && (
            <button
              type="button"
              onClick={() => void open()}
              disabled={action.busy}
              aria-busy={action.busy || undefined}
              aria-label={action.busy ? '正在领取' : '开红包'}
              data-autofocus
              className={`mt-8 mb-4 flex h-24 w-24 items-center justify-center rounded-full bg-amber-300 text-4xl font-bold text-red-700 shadow-lg ring-4 ring-amber-200 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white ${action.busy ? 'motion-safe:animate-spin' : 'motion-safe:hover:scale-105'}`}
            >
              開
            </button>
          )}
          {phase.at === 'opened' && (
            <div
              role="status"
              className="mt-6 mb-2 motion-safe:animate-[envelope-pop_400ms_ease-out]"
            >
              <p className="text-sm">恭喜您获得</p>
              <p className="mt-2 text-4xl font-bold text-amber-300" data-testid="envelope-amount">
                {phase.result.amount}
                <span className="ml-1 text-lg">元</span>
              </p>
              <p className="mt-3 text-xs opacity-90">
                已存入您的账户，当前余额{' '}
                <span data-testid="envelope-balance">{phase.result.balance}</span> 元
              </p>
            </div>
          )}
          {phase.at === 'refused' && (
            <p role="alert" className="mt-8 mb-4 text-base font-medium">
              {phase.message}
            </p>
          )}
          <button
            type="button"
            onClick={onClose}
            disabled={action.busy}
            className="mt-4 min-h-11 w-full rounded-full bg-amber-300 font-semibold text-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
          >
            {phase.at === 'closed' ? '关闭' : '好的'}
          </button>
          <style>
            {
              '@keyframes envelope-pop { from { transform: scale(.6); opacity: 0 } to { transform: scale(1); opacity: 1 } }'
            }
          </style>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
