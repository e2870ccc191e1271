/**
 * The follow (push-bet, 跟投) dialog, spec 001 §4, §5 and §8: the shared entries at the lottery's
 * current issue (an alert names it when the shared one has closed, and again if it rolls over while
 * open), each entry's stake by the share-edit rules (domain/follow), the total, and the bet through the
 * betting page's one submit path (useBetSubmit: a stored request id via runMoneyAction, so a retry bets
 * once; 余额不足 → 去充值 / 取消; 返点 → rebate cache refreshed; 投注中，请稍候 while waiting).
 * Closing unmounts it: the next open starts from the shared entries again.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useSignals } from '@preact/signals-react/runtime';
import {
  FOLLOW_MSG,
  checkFollowInput,
  followTotalYuan,
  initialStake,
  issueClosedMessage,
  toBettingRows,
  type FollowStake,
} from '../../../domain/follow';
import type { LotteryFamily } from '../../../domain/lottery';
import { currentUser } from '../../state/session';
import { queryClient, keys } from '../../query';
import { ErrorState, LoadingState, showAlert, showToast } from '../../ui';
import { Sheet } from '../../ui/Sheet';
import { addBetting } from '../lottery/betsApi';
import { useIssue, STALE_ISSUE_MSG } from '../lottery/hooks/useIssue';
import { useLotteries } from '../lottery/hooks/useLotteries';
import { useFamilyPlays } from '../lottery/hooks/useFamilyPlays';
import { useBetSubmit } from '../lottery/hooks/useBetSubmit';
import { dropRebate, loadRebate } from '../lottery/storage';
import { domainPlay } from '../lottery/ticket';
import { FollowEntryRow, type EntryEdit } from './FollowEntryRow';
import type { FollowInput } from './openFollow';

const CLOSED_WAIT_MSG = '当前期已封盘，请稍候下一期';

/** The entries' edits from the shared stakes, once the family's plays are loaded; null for an unknown play. */
function initialEdits(family: LotteryFamily, input: FollowInput): EntryEdit[] | null {
  const edits: EntryEdit[] = [];
  for (const e of input.entries) {
    const play = domainPlay(family, e.playDetailCode);
    if (!play || !e.playDetailCode.startsWith(input.lotteryCode)) return null;
    const s = initialStake(e, play.model);
    edits.push({ mode: s.mode, unit: s.unit, text: String(s.value), bettingCount: s.bettingCount });
  }
  return edits;
}

export function FollowDialog({ input, onClose }: { input: FollowInput; onClose(): void }) {
  useSignals();
  const userId = currentUser.value?.userId ?? 0;
  const lotteries = useLotteries();
  const family = lotteries.byCode.get(input.lotteryCode)?.family ?? null;
  const plays = useFamilyPlays(family);
  const issue = useIssue(input.lotteryCode, (from, to) => {
    showToast(issueClosedMessage(from, to));
  });
  const [edits, setEdits] = useState<EntryEdit[] | null>(null);
  const alerted = useRef(false);

  useEffect(() => {
    if (family && plays.ready && edits === null) setEdits(initialEdits(family, input) ?? []);
  }, [family, plays.ready, edits, input]);

  // the shared issue has closed: say so once, naming the issue the entries now go to
  const current = issue.data?.issue ?? null;
  useEffect(() => {
    if (alerted.current || issue.loading || issue.stale || !issue.data) return;
    if (current === input.issue) return;
    alerted.current = true;
    void showAlert(issueClosedMessage(input.issue, current));
  }, [issue.loading, issue.stale, issue.data, current, input.issue]);

  const refreshRebate = async (drop: boolean) => {
    if (!family || !userId) return;
    if (drop) await dropRebate(userId, family);
    const r = await loadRebate(userId, family, true).catch(() => null);
    if (r) queryClient.setQueryData(keys.rebate(userId, family), r);
  };
  const bets = useBetSubmit({
    userId,
    onRebateStale: (drop) => {
      void refreshRebate(drop);
    },
    rechargeText: '去充值',
  });

  const checks = (edits ?? []).map((e) => checkFollowInput(e.text, e.mode));
  const stakes: FollowStake[] | null =
    edits && checks.every((c) => c.ok)
      ? edits.map((e, i) => ({
          mode: e.mode,
          unit: e.unit,
          bettingCount: e.bettingCount,
          value: (checks[i] as { value: number }).value,
        }))
      : null;
  const onSale = Boolean(current) && !issue.stale && (issue.remainingMs ?? 0) > 0;

  const submit = async () => {
    if (!edits) return;
    const bad = checks.find((c) => !c.ok);
    if (bad && !bad.ok) {
      await showAlert(bad.msg);
      return;
    }
    if (!stakes || !current || !onSale) {
      await showAlert(CLOSED_WAIT_MSG);
      return;
    }
    const built = toBettingRows(input.lotteryCode, current, input.entries, stakes);
    if (!built.ok) {
      await showAlert(built.msg);
      return;
    }
    const rows = built.rows;
    const res = await bets.submit('bet', JSON.stringify(rows), (rid) => addBetting(rows, rid));
    if (!res) return;
    onClose();
    await showAlert(FOLLOW_MSG.success);
  };

  const body =
    lotteries.error && !lotteries.list ? (
      <ErrorState message="彩种信息获取失败" onRetry={lotteries.reload} />
    ) : lotteries.list && !family ? (
      <ErrorState message="该彩种暂停销售" />
    ) : plays.error ? (
      <ErrorState message="玩法加载失败" onRetry={plays.retry} />
    ) : edits === null ? (
      <LoadingState />
    ) : edits.length === 0 ? (
      <ErrorState message="跟投内容无效：玩法不存在" />
    ) : (
      <ul className="flex flex-col gap-3" aria-label="跟投内容">
        {input.entries.map((e, i) => (
          <FollowEntryRow
            // biome-ignore lint/suspicious/noArrayIndexKey: the shared entries are fixed while the dialog is open (never reordered)
            key={`${e.playDetailCode}-${i}`}
            entry={e}
            edit={edits[i]!}
            disabled={bets.waiting}
            onChange={(next) =>
              setEdits((all) => (all === null ? null : all.map((x, j) => (j === i ? next : x))))
            }
          />
        ))}
      </ul>
    );

  const issueLine =
    issue.loading && !issue.data
      ? '正在获取当前期号…'
      : issue.error && !issue.data
        ? '当前期号获取失败'
        : current
          ? `当前第${current}期`
          : '暂停销售';

  return (
    <Sheet
      open
      title={`跟投 · ${input.lotteryName}`}
      onClose={() => {
        if (!bets.waiting) onClose();
      }}
      footer={
        <>
          <p className="flex-1 self-center text-sm text-gray-700" aria-live="polite">
            合计{' '}
            <span data-testid="follow-total" className="font-semibold text-red-600">
              {stakes ? followTotalYuan(stakes) : '—'}
            </span>{' '}
            元
          </p>
          <button
            type="button"
            onClick={() => {
              void submit();
            }}
            disabled={bets.waiting || !edits?.length}
            aria-busy={bets.waiting}
            className="min-w-28 rounded-lg bg-brand px-4 py-2 font-medium text-white disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {bets.waiting ? bets.waitingText : '确认跟投'}
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-gray-700" data-testid="follow-issue">
        {issueLine}
        {issue.stale && <span className="ml-2 text-amber-700">{STALE_ISSUE_MSG}</span>}
        {issue.error && !issue.data && (
          <button type="button" className="ml-2 text-brand underline" onClick={issue.reload}>
            重试
          </button>
        )}
      </p>
      {body}
    </Sheet>
  );
}

let open: { root: Root; host: HTMLElement; done(): void } | null = null;

function closeOpen(): void {
  if (!open) return;
  const o = open;
  open = null;
  o.root.unmount();
  o.host.remove();
  o.done();
}

/** Mounts the dialog in its own root (replacing one already open); resolves when it closes. */
export function mountFollowDialog(input: FollowInput): Promise<void> {
  closeOpen();
  return new Promise((resolve) => {
    const host = document.createElement('div');
    host.dataset.follow = '';
    document.body.appendChild(host);
    const root = createRoot(host);
    open = { root, host, done: resolve };
    root.render(<FollowDialog input={input} onClose={closeOpen} />);
  });
}
