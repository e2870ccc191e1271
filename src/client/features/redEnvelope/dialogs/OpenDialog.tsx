/**
 * The open dialog (spec 001 §2, §4): sender, wish, the 開 button that turns while the open is on its
 * way (still under prefers-reduced-motion), then the result: the amount got, 手慢了，红包派完了, or
 * the 12-hour message. One open at a time; 查看领取详情 leads to the detail list.
 */
import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { openEnvelope, type OpenResult, type Place, type SnatchResult } from '../api';
import { closedText, EnvState, afterSnatch, type EnvelopePayload } from '../payload';
import { Avatar } from '../../chat/components/MessageItem';
import { yuanText } from '../../../../domain/money';

export function OpenDialog({
  p,
  senderName,
  senderAvatar,
  snatch,
  place,
  onOpened,
  onDetail,
  onClose,
}: {
  p: EnvelopePayload;
  senderName: string;
  senderAvatar: string;
  snatch: SnatchResult;
  place: Place;
  onOpened(r: OpenResult): void;
  onDetail(): void;
  onClose(): void;
}) {
  const [opening, setOpening] = useState(false);
  const [result, setResult] = useState<OpenResult | null>(null);
  const [error, setError] = useState('');
  const before = afterSnatch(snatch);
  const open = async () => {
    if (opening) return;
    setOpening(true);
    setError('');
    try {
      const r = await openEnvelope(p.recordId, place);
      setResult(r);
      onOpened(r);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '操作失败');
    } finally {
      setOpening(false);
    }
  };
  // what to show: the open's answer, else the grab's
  const got = result
    ? result.state === 1 || (result.state === 2 && Number(result.amount) > 0)
      ? result.amount
      : ''
    : before?.state === EnvState.RECEIVED
      ? before.amount
      : '';
  const closedMsg = result
    ? got
      ? ''
      : result.state === 0
        ? closedText(EnvState.EXHAUSTED)
        : result.state === -1
          ? closedText(EnvState.EXPIRED, result.msg)
          : result.msg || '操作失败'
    : before && !got
      ? closedText(before.state, snatch.msg)
      : '';
  const canOpen = !result && before === null;
  const name = senderName || '玩家';
  return (
    <Dialog open onClose={onClose} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel className="animate-envelope-pop relative flex w-full max-w-[300px] flex-col items-center overflow-hidden rounded-2xl bg-[#d93a26] px-5 pt-8 pb-6 text-center text-[#fde5b2] shadow-2xl">
          <button
            type="button"
            onClick={onClose}
            aria-label="关闭"
            className="absolute top-2 right-2 flex h-9 w-9 items-center justify-center rounded-full text-[#fde5b2] focus-visible:outline-2 focus-visible:outline-white"
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
          <Avatar src={senderAvatar} name={name} size={52} />
          <DialogTitle className="mt-2 text-base font-medium">{name}的红包</DialogTitle>
          <p className="mt-3 min-h-12 text-xl leading-snug font-semibold break-words text-white">
            {p.wishingRemark}
          </p>
          <div
            className="mt-4 flex min-h-28 w-full flex-col items-center justify-center"
            aria-live="polite"
          >
            {canOpen ? (
              <button
                type="button"
                onClick={() => void open()}
                disabled={opening}
                aria-busy={opening || undefined}
                aria-label={opening ? '正在开红包' : '开红包'}
                className={`flex h-24 w-24 items-center justify-center rounded-full bg-[#f7c873] text-4xl font-bold text-[#b3261e] shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${opening ? 'animate-envelope-flip' : ''}`}
              >
                開
              </button>
            ) : got ? (
              <p className="animate-envelope-pop" data-testid="envelope-got">
                <span className="text-4xl font-bold text-white tabular-nums">{yuanText(got)}</span>
                <span className="ml-1 text-base">元</span>
                <span className="mt-1 block text-sm">
                  {result?.state === 1 ? '已存入余额' : '您已领取过该红包'}
                </span>
              </p>
            ) : (
              <p className="animate-envelope-pop text-base leading-relaxed" role="status">
                {closedMsg}
              </p>
            )}
            {error && (
              <p role="alert" className="mt-2 text-sm text-white">
                {error}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onDetail}
            className="mt-4 text-sm text-[#fde5b2] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-white"
          >
            查看领取详情 ›
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
