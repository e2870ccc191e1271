/**
 * /rebateDes: how the rebate taken changes the prize, per family. Logged in: the user's own groups
 * (getAllBetRebate); otherwise the group the public play rules are quoted at (the site default).
 */
import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { LotteryFamily } from '../../../../domain/lottery';
import { getPlay, loadFamily } from '../../../../domain/lottery/lazyCatalogue';
import { getHowToPlay } from '../../lottery/api';
import { getAllBetRebate } from '../../lottery/betsApi';
import { currentUser } from '../../../state/session';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { groupFromQuote, mainTier, rebateRows, representativePlays } from '../rebateTable';
import { keys, useQuery } from '../../../query';
import { Tabs } from '../../../ui/Tabs';

const FAMILY_NAMES: Record<LotteryFamily, string> = {
  SSC: '时时彩',
  K3: '快3',
  PK10: 'PK拾',
  SYX5: '11选5',
  FC3D: '福彩3D',
  PL35: '排列3/5',
  KL8: '快乐8',
  LHC: '六合彩',
  BJ28: '28',
};

export default function RebateDesPage() {
  useSignals();
  const loggedIn = Boolean(currentUser.value?.isLogin);
  const lotteries = useLotteries();
  const families = useMemo(
    () => [...new Set((lotteries.list ?? []).map((l) => l.family))],
    [lotteries.list],
  );
  const [picked, setPicked] = useState<LotteryFamily | null>(null);
  const family = picked && families.includes(picked) ? picked : families[0];
  const sample = (lotteries.list ?? []).find((l) => l.family === family);
  // default odds are quoted at the lottery's cap group (the family's highest, as the server's rebate answer)
  const caps = (lotteries.list ?? [])
    .filter((l) => l.family === family)
    .map((l) => l.prizeGroupCap)
    .filter((c): c is number => c !== undefined);
  const capGroup = caps.length > 0 ? Math.max(...caps) : undefined;
  const group = useQuery({
    queryKey: keys.rebateGroup(family, loggedIn),
    enabled: Boolean(family && sample),
    queryFn: async (): Promise<number | null> => {
      if (!family || !sample) return null;
      await loadFamily(family); // the table's plays, and the quote's below
      if (loggedIn)
        return (await getAllBetRebate()).find((r) => r.lotteryType === family)?.prizeGroup ?? null;
      const catalogue = await getHowToPlay(sample.lotteryCode);
      for (const play of catalogue.groups.flatMap((g) => g.plays)) {
        const def = getPlay(family, play.playDetailCode.slice(sample.lotteryCode.length));
        if (!def) continue;
        const t = mainTier(def);
        const quoted = play.tiers.find((x) => x.id === t.id);
        const g = quoted ? groupFromQuote(def, t.id, Number(quoted.prize), capGroup) : null;
        if (g) return g;
      }
      return null;
    },
  });

  return (
    <Page title="返点说明" back>
      <div className="mx-auto max-w-xl space-y-3">
        <p className="text-sm leading-relaxed text-gray-700">
          投注时可选择返点：返点越高，投注金额按比例返还越多，奖金相应降低（投注奖金组 = 账户奖金组
          − 2 × 返点‰）。返点在注单结算后发放，撤单或和局退款的注单不返点。
        </p>
        {lotteries.loading ? (
          <LoadingState />
        ) : lotteries.error ? (
          <ErrorState message={lotteries.error.message} />
        ) : !family ? (
          <EmptyState text="暂无彩种" />
        ) : (
          <>
            <Tabs<LotteryFamily>
              look="chips"
              label="彩种类别"
              value={family}
              options={families.map((f) => ({ value: f, label: FAMILY_NAMES[f] }))}
              onChange={setPicked}
            />
            {group.loading ? (
              <LoadingState />
            ) : group.error ? (
              <ErrorState message={group.error.message} onRetry={group.reload} />
            ) : group.data ? (
              <Table
                family={family}
                userGroup={group.data}
                capGroup={capGroup}
                loggedIn={loggedIn}
              />
            ) : (
              <EmptyState text="暂无该类别的奖金组信息" />
            )}
          </>
        )}
      </div>
    </Page>
  );
}

function Table({
  family,
  userGroup,
  capGroup,
  loggedIn,
}: {
  family: LotteryFamily;
  userGroup: number;
  capGroup: number | undefined;
  loggedIn: boolean;
}) {
  const plays = useMemo(() => representativePlays(family), [family]);
  const rows = useMemo(
    () => rebateRows(userGroup, plays, capGroup ?? userGroup),
    [userGroup, plays, capGroup],
  );
  return (
    <section
      aria-label={`${FAMILY_NAMES[family]}返点奖金表`}
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <p className="px-4 pt-3 text-sm text-gray-800">
        {loggedIn ? '您的' : '默认'}奖金组 <strong>{userGroup}</strong>，最高返点{' '}
        <strong>{rows[rows.length - 1]?.rebatePoint ?? 0}%</strong>
      </p>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">
          返点与奖金对照（奖金为单注 2 元、元模式、1 倍；赔率含本金）
        </caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              返点
            </th>
            {plays.map((p) => (
              <th key={p.code} scope="col" className="px-3 py-2 text-right font-medium">
                {p.group === p.nameZh ? p.nameZh : `${p.group}${p.nameZh}`}
                <span className="block text-xs font-normal text-gray-600">
                  {p.model === 'odds' ? `${mainTier(p).nameZh}赔率` : '奖金(元)'}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.rebatePoint}>
              <th scope="row" className="px-3 py-2 text-left font-normal text-gray-900">
                {r.rebatePoint}%
              </th>
              {r.quotes.map((q, i) => (
                <td
                  key={plays[i]!.code}
                  className="px-3 py-2 text-right tabular-nums text-gray-900"
                >
                  {q ?? '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="px-4 py-3 text-xs text-gray-600">
        奖金按单注 2 元、元模式、1 倍计算；— 表示该玩法不支持此返点。
      </p>
    </section>
  );
}
