/**
 * Cancelling a bet (撤单): allowed only while the bet's issue is still the one on sale and before its
 * sale close (lottery-rules.md §2.4); the server checks again, this only decides whether to offer it.
 */
import { useEffect, useState } from 'react';
import { getNextIssue } from '../../lottery/api';
import { cancelBetting, type BetRow } from '../../lottery/betsApi';
import { confirmDialog, showAlert, showToast } from '../../../ui';

interface OnSale {
  issue: string | null;
  closeTime: number | null;
  serverTime: number;
  fetchedAt: number;
}

/** Returns a predicate: may this bet be cancelled now? */
export function useCancellable(
  rows: readonly Pick<BetRow, 'lotteryCode' | 'status'>[],
): (row: Pick<BetRow, 'lotteryCode' | 'issue' | 'status'>) => boolean {
  const codes = [...new Set(rows.filter((r) => r.status === 'PENDING').map((r) => r.lotteryCode))]
    .sort()
    .join(',');
  const [onSale, setOnSale] = useState<Map<string, OnSale>>(new Map());
  useEffect(() => {
    let live = true;
    if (!codes) {
      setOnSale(new Map());
      return;
    }
    void Promise.all(
      codes.split(',').map((code) =>
        getNextIssue(code).then(
          (d) =>
            [
              code,
              {
                issue: d.issue,
                closeTime: d.closeTime,
                serverTime: d.serverTime,
                fetchedAt: Date.now(),
              },
            ] as const,
          () => null,
        ),
      ),
    ).then((pairs) => {
      if (live) setOnSale(new Map(pairs.filter((p): p is NonNullable<typeof p> => p !== null)));
    });
    return () => {
      live = false;
    };
  }, [codes]);
  return (row) => {
    if (row.status !== 'PENDING') return false;
    const s = onSale.get(row.lotteryCode);
    if (!s || s.issue !== row.issue || s.closeTime === null) return false;
    return s.closeTime > s.serverTime + (Date.now() - s.fetchedAt);
  };
}

/** Asks, then cancels; true when the bet was cancelled. */
export async function cancelBetWithConfirm(
  row: Pick<BetRow, 'id' | 'lotteryName' | 'issue'>,
): Promise<boolean> {
  const ok = await confirmDialog(`确定撤销 ${row.lotteryName} 第${row.issue}期的这注投注吗？`, {
    okText: '撤单',
  });
  if (!ok) return false;
  try {
    await cancelBetting(row.id);
    showToast('撤单成功，投注金额已退回');
    return true;
  } catch (e) {
    await showAlert(e instanceof Error ? e.message : '撤单失败');
    return false;
  }
}
