/** 号码篮: the tickets waiting to be sent, with the confirm and success dialogs of the bet flow. */
import { ShareButton } from '../../share/ShareDialog';
import { MAX_SHARED_ORDERS } from '../../../../domain/share/message';
import type { ReactNode } from 'react';
import { UNIT_NAMES } from '../../../../domain/lottery';
import { formatFen } from '../../../../domain/money';
import { Button, showToast } from '../../../ui';
import { slipLines, slipTotalFen, type Ticket } from '../ticket';
import { Sheet } from '../../../ui/Sheet';

function TicketLine({ t, onRemove }: { t: Ticket; onRemove?(): void }) {
  return (
    <li className="flex items-start gap-2 border-b border-gray-100 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900">{t.playName}</p>
        <p className="break-all text-gray-800">{t.bettingNumber}</p>
        <p className="text-xs text-gray-600">
          {t.lines}注 · {t.model === 'odds' ? '' : `${t.multiple}倍 · ${UNIT_NAMES[t.unit]}模式 · `}
          返点{(t.rebatePermille / 10).toFixed(1)}% · {formatFen(t.amountFen)}元
        </p>
      </div>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`删除 ${t.playName} ${t.bettingNumber}`}
          className="rounded px-2 py-1 text-sm text-red-700 focus-visible:outline-2 focus-visible:outline-brand"
        >
          删除
        </button>
      )}
    </li>
  );
}

/**
 * `note`: shown under the total (the payout caps, CapNote). `chaseBlocked`: why 追号 is off
 * (chaseBlockReason), shown under the list and tied to the button, or null when it is on.
 */
export function SlipSheet({
  tickets,
  onRemove,
  onClear,
  onClose,
  onSubmit,
  onChase,
  chaseBlocked,
  note,
}: {
  tickets: Ticket[];
  onRemove(key: string): void;
  onClear(): void;
  onClose(): void;
  onSubmit(): void;
  onChase(): void;
  chaseBlocked: string | null;
  note?: ReactNode;
}) {
  const showWhy = chaseBlocked !== null && tickets.length > 0;
  return (
    <Sheet
      open
      title={`号码篮（${tickets.length}）`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClear} disabled={!tickets.length}>
            清空
          </Button>
          <Button
            variant="secondary"
            onClick={onChase}
            disabled={chaseBlocked !== null}
            aria-describedby={showWhy ? 'chase-blocked' : undefined}
          >
            追号
          </Button>
          <Button className="flex-1" onClick={onSubmit} disabled={!tickets.length}>
            确认投注
          </Button>
        </>
      }
    >
      {tickets.length === 0 ? (
        <p className="py-8 text-center text-gray-600">号码篮是空的，请先选号</p>
      ) : (
        <>
          <ul>
            {tickets.map((t) => (
              <TicketLine key={t.key} t={t} onRemove={() => onRemove(t.key)} />
            ))}
          </ul>
          <p className="mt-2 text-right text-sm text-gray-800">
            共{slipLines(tickets)}注，合计
            <strong className="text-brand">{formatFen(slipTotalFen(tickets))}</strong>元
          </p>
          {note}
          {showWhy && (
            <p id="chase-blocked" className="mt-2 text-sm text-gray-700">
              {chaseBlocked}
            </p>
          )}
        </>
      )}
    </Sheet>
  );
}

export function ConfirmSheet({
  lotteryName,
  issue,
  tickets,
  onCancel,
  onConfirm,
  note,
}: {
  lotteryName: string;
  issue: string;
  tickets: Ticket[];
  onCancel(): void;
  onConfirm(): void;
  note?: ReactNode;
}) {
  return (
    <Sheet
      open
      title="确认投注"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            取消
          </Button>
          <Button className="flex-1" onClick={onConfirm}>
            确认投注
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-800">
        {lotteryName} 第{issue}期
      </p>
      <ul>
        {tickets.map((t) => (
          <TicketLine key={t.key} t={t} />
        ))}
      </ul>
      <p className="mt-2 text-right text-sm text-gray-800">
        共{slipLines(tickets)}注，合计
        <strong className="text-brand">{formatFen(slipTotalFen(tickets))}</strong>元
      </p>
      {note}
    </Sheet>
  );
}

/**
 * 投注成功 with 继续投注 / 分享 (navigator.share when present, else the text is copied) and, for the
 * bets just placed, 分享到聊天室 (the share dialog: type 7 built by the server from these orders).
 */
export function SuccessSheet({
  shareText,
  orderIds,
  onClose,
}: {
  shareText: string;
  orderIds?: number[];
  onClose(): void;
}) {
  const share = async () => {
    try {
      if (typeof navigator.share === 'function')
        await navigator.share({ title: '投注分享', text: shareText });
      else {
        await navigator.clipboard.writeText(shareText);
        showToast('分享内容已复制');
      }
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError'))
        showToast('分享失败，请手动复制');
    }
  };
  return (
    <Sheet
      open
      title="投注成功"
      onClose={onClose}
      footer={
        <>
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => {
              void share();
            }}
          >
            分享
          </Button>
          <Button className="flex-1" onClick={onClose}>
            继续投注
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-800">{shareText}</p>
      {orderIds && orderIds.length > 0 && (
        <div className="mt-3 flex justify-end">
          <ShareButton
            what={{ kind: 'bets', orderIds: orderIds.slice(0, MAX_SHARED_ORDERS) }}
            title="分享注单"
            label="分享到聊天室"
          />
        </div>
      )}
    </Sheet>
  );
}
