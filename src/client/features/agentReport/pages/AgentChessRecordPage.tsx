/**
 * /agentChessRecord (团队棋牌记录): the team's card-game rounds, one tab per game kind (对战, 抢庄, 多人,
 * 捕鱼 → frontAgent{Battle,Banker,Multi,Fish}GameRecord), over a Beijing date range. The site has no
 * card games yet, so the server answers an empty list and the page says why.
 */
import { useState } from 'react';
import { Page } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { keys } from '../../../query';
import { formatTime, profitTone, yuan } from '../../records/format';
import { PAGE_SIZE, usePagedList } from '../../records/paging';
import { PagedView } from '../../records/components/PagedView';
import { getTeamChess, type ChessKind, type ChessRow } from '../api';
import { RangeFilter, useRangeValue, type RangeValue } from '../components/RangeFilter';

const KINDS: { value: ChessKind; label: string }[] = [
  { value: 'Battle', label: '对战' },
  { value: 'Banker', label: '抢庄' },
  { value: 'Multi', label: '多人' },
  { value: 'Fish', label: '捕鱼' },
];

export const CHESS_EMPTY = '暂无棋牌记录';

function ChessList({ kind, range }: { kind: ChessKind; range: RangeValue }) {
  const q = { startTime: range.range.startDate, endTime: range.range.endDate };
  const rounds = usePagedList<ChessRow>((pageNum) => getTeamChess(kind, { ...q, pageNum, pageSize: PAGE_SIZE }), keys.agentReports('chess', kind, q));
  const label = KINDS.find((k) => k.value === kind)?.label ?? '';
  return (
    <PagedView list={rounds} empty={CHESS_EMPTY}>
      {(items) => (
        <ul aria-label={`${label}记录`} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          {items.map((r) => (
            <li key={r.id} className="border-b border-gray-100 px-4 py-3 text-sm last:border-0">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-gray-900">{r.gameName ?? label}{r.roomName ? ` · ${r.roomName}` : ''}</span>
                <span className="shrink-0 text-gray-700">{r.userName}</span>
              </div>
              {r.roundNo && <div className="mt-1 truncate text-gray-700">局号 {r.roundNo}</div>}
              <div className="mt-1 flex items-center justify-between gap-2">
                <span>投注 <span className="font-medium text-gray-900">{yuan(r.betAmount)}</span> 元</span>
                {r.profit !== undefined && <span>输赢 <span className={`font-medium ${profitTone(r.profit)}`}>{yuan(r.profit)}</span> 元</span>}
              </div>
              {r.createTime !== undefined && <div className="mt-1 text-xs text-gray-600">{formatTime(r.createTime)}</div>}
            </li>
          ))}
        </ul>
      )}
    </PagedView>
  );
}

export default function AgentChessRecordPage() {
  const [kind, setKind] = useState<ChessKind>('Battle');
  const [range, setRange] = useRangeValue('today');
  return (
    <Page title="团队棋牌记录" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section aria-label="筛选" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
          <RangeFilter value={range} onChange={setRange} />
        </section>
        <Tabs<ChessKind> label="棋牌类型" value={kind} options={KINDS} onChange={setKind} panelClassName="mt-3 space-y-3"
          panel={(k) => <ChessList kind={k} range={range} />} />
        <p className="text-xs leading-relaxed text-gray-600">棋牌游戏暂未开放，开放后团队成员的对局记录将显示在这里（北京时间，金额单位：元）。</p>
      </div>
    </Page>
  );
}
