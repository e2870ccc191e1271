/** 最新长龙: streaks refreshed every 10 s with server-time countdowns, side selection, amount and 投注. */
import { useEffect, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { STREAK_REFRESH_MS } from '../../../../domain/constants';
import { STREAK_BET_MAX_CHARS } from '../../../../domain/validation';
import { getLongDragon, type LongDragonRow } from '../../lottery/api';
import { addFastBetting } from '../../lottery/betsApi';
import { keys, useQuery } from '../../../query';
import { currentUser } from '../../../state/session';
import { Link } from 'wouter';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  TextField,
  confirmDialog,
  showToast,
} from '../../../ui';
import { useServerNow } from '../../lottery/clock';
import { useMoneyAction } from '../../../money/useMoneyAction';
import type { LotteryFamily } from '../../../../domain/lottery';
import { formatOdds } from '../../../../domain/lottery/formatOdds';
import type { RebateInfo } from '../../lottery/betsApi';
import {
  checkDragonSlip,
  dragonKey,
  dragonPricing,
  dragonOddsText,
  dragonTickets,
  dropRebatesOn,
  rebatesFor,
  streakBetMessages,
  toggleOption,
} from '../dragonBet';
import { DragonRow } from './DragonRow';

/** `popup`: the list grows with the sheet that scrolls it and the form sticks to the sheet's bottom (LongDragon). */
export function DragonLatest({ popup = false }: { popup?: boolean }) {
  useSignals();
  const user = currentUser.value;
  const now = useServerNow();
  const streaks = useQuery({
    queryKey: keys.longDragon(),
    queryFn: () => getLongDragon(1),
    refetchInterval: STREAK_REFRESH_MS,
  });
  const rows: LongDragonRow[] | null = streaks.data ?? null;
  const loadError = streaks.error ? streaks.error.message || '加载失败' : null;
  const [sel, setSel] = useState<Map<string, number>>(new Map());
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const { run, busy } = useMoneyAction(user?.userId ?? 0, 'dragon');
  const [rebates, setRebates] = useState<Map<LotteryFamily, RebateInfo> | null>(null);
  const { reload: refresh } = streaks;

  // The account's rebates of the listed families, so the odds shown are the odds the bet will get.
  const families = [...new Set((rows ?? []).map((r) => r.lotteryType))].sort().join(',');
  const userId = user?.userId;
  useEffect(() => {
    let live = true;
    if (userId === undefined || !families) return;
    void rebatesFor(userId, families.split(',') as LotteryFamily[]).then((r) => {
      if (live && r) setRebates(r);
    });
    return () => {
      live = false;
    };
  }, [userId, families]);

  // A selection lives only while its row is listed and still on sale.
  const liveKeys = (rows ?? [])
    .filter((r) => r.endTime - now > 0)
    .map(dragonKey)
    .join('\n');
  useEffect(() => {
    const keep = new Set(liveKeys.split('\n'));
    setSel((s) =>
      [...s.keys()].every((k) => keep.has(k)) ? s : new Map([...s].filter(([k]) => keep.has(k))),
    );
  }, [liveKeys]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !user || !rows) return;
    const bad = checkDragonSlip(sel.size, amount);
    if (bad) {
      setError(bad);
      return;
    }
    const picked = rows.filter((r) => sel.has(dragonKey(r)));
    const fresh = await rebatesFor(
      user.userId,
      picked.map((r) => r.lotteryType),
    );
    if (!fresh) {
      setError(streakBetMessages.noRebate);
      return;
    }
    setRebates((old) => new Map([...(old ?? []), ...fresh]));
    setError('');
    const tickets = dragonTickets(rows, sel, Number(amount), fresh);
    const total = tickets.length * Number(amount);
    if (
      !(await confirmDialog(`确认投注 ${tickets.length} 注，每注 ${amount} 元，共 ${total} 元？`, {
        okText: '确认投注',
      }))
    )
      return;
    const out = await run(JSON.stringify(tickets), (requestId) =>
      addFastBetting(tickets, requestId, 'dragon'),
    );
    if (!out.ok) {
      if (out.reason === 'refused')
        await dropRebatesOn(
          out.error,
          user.userId,
          picked.map((r) => r.lotteryType),
        );
      setError(out.message);
      return;
    }
    showToast('投注成功');
    setSel(new Map());
  };

  const oddsFor = (r: LongDragonRow) => {
    const info = rebates?.get(r.lotteryType);
    if (!info) return (o: number | string) => formatOdds(Number(o));
    const { betGroup } = dragonPricing(r, info);
    return (o: number | string) => dragonOddsText(o, info.prizeGroup, betGroup);
  };

  if (!rows)
    return loadError ? <ErrorState message={loadError} onRetry={refresh} /> : <LoadingState />;
  return (
    <>
      {loadError && (
        <p role="alert" className="px-3 pt-2 text-sm text-red-700">
          刷新失败：{loadError}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState text="暂无长龙" />
      ) : (
        <ul
          aria-label="最新长龙"
          className={`divide-y divide-gray-100 ${popup ? '' : 'max-h-[55dvh] overflow-y-auto overscroll-contain'}`}
        >
          {rows.map((r) => {
            const key = dragonKey(r);
            return (
              <DragonRow
                key={key}
                row={r}
                remainingMs={r.endTime - now}
                selected={sel.get(key)}
                oddsText={oddsFor(r)}
                onToggle={(i) => {
                  setSel((s) => toggleOption(s, key, i));
                  setError('');
                }}
              />
            );
          })}
        </ul>
      )}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="长龙投注"
        className={`border-t border-gray-200 bg-white px-3 pt-3 pb-2 ${popup ? 'sticky bottom-0 z-10 shadow-[0_-2px_6px_rgba(0,0,0,0.06)]' : ''}`}
      >
        {user ? (
          <>
            <p className="mb-2 text-sm text-gray-700">
              已选 <strong className="text-brand">{sel.size}</strong> 注
              {rows.length > 0 && '（点击已选项可取消）'}
            </p>
            <p className="mb-2 text-xs text-gray-600">
              按账户返点投注，赔率已按返点计算，返点于结算后发放。
            </p>
            <TextField
              label="每注金额（元）"
              name="amount"
              value={amount}
              inputMode="numeric"
              maxLength={STREAK_BET_MAX_CHARS}
              onChange={(v) => {
                setAmount(v);
                setError('');
              }}
              placeholder="请输入正整数金额"
              error={error || undefined}
            />
            <Button type="submit" loading={busy} className="w-full">
              {busy ? '投注中，请稍候' : '投注'}
            </Button>
          </>
        ) : (
          <p className="py-2 text-center text-sm text-gray-700">
            <Link
              href={`/login?redirect=${encodeURIComponent(location.pathname)}`}
              className="text-brand underline"
            >
              登录
            </Link>{' '}
            后即可投注
          </p>
        )}
      </form>
    </>
  );
}
