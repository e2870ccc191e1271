/**
 * /agentChessRecord (团队棋牌记录): the team's card-game rounds, one tab per game kind (对战, 抢庄, 多人,
 * 捕鱼 → frontAgent{Battle,Banker,Multi,Fish}GameRecord), over a Beijing date range. The site has no
 * card games yet, so the server answers an empty list and the page says why. Rounds are the team's
 * card-game stakes and payouts in the ledger, shown as the bill rows of /billRecord.
 */
import { useState } from 'react';
import { Page } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { keys } from '../../../query';
import { BillList } from '../../records/components/billList';
import { BillDetail } from '../../records/components/billDetail';
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

function ChessList({
  kind,
  range,
  onOpen,
}: {
  kind: ChessKind;
  range: RangeValue;
  onOpen(row: ChessRow): void;
}) {
  const q = { startTime: range.range.startDate, endTime: range.range.endDate };
  const rounds = usePagedList<ChessRow>(
    (pageNum) => getTeamChess(kind, { ...q, pageNum, pageSize: PAGE_SIZE }),
    keys.agentReports('chess', kind, q),
  );
  const label = KINDS.find((k) => k.value === kind)?.label ?? '';
  return (
    <PagedView list={rounds} empty={CHESS_EMPTY}>
      {(items) => (
        <BillList<ChessRow>
          rows={items}
          onOpen={onOpen}
          label={`${label}记录`}
          owner={(r) => r.userName}
        />
      )}
    </PagedView>
  );
}

export default function AgentChessRecordPage() {
  const [kind, setKind] = useState<ChessKind>('Battle');
  const [range, setRange] = useRangeValue('today');
  const [open, setOpen] = useState<ChessRow | null>(null);
  return (
    <Page title="团队棋牌记录" back>
      <div className="mx-auto max-w-xl space-y-3">
        <section
          aria-label="筛选"
          className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
        >
          <RangeFilter value={range} onChange={setRange} />
        </section>
        <Tabs<ChessKind>
          label="棋牌类型"
          value={kind}
          options={KINDS}
          onChange={setKind}
          panelClassName="mt-3 space-y-3"
          panel={(k) => <ChessList kind={k} range={range} onOpen={setOpen} />}
        />
        <p className="text-xs leading-relaxed text-gray-600">
          棋牌游戏暂未开放，开放后团队成员的对局记录将显示在这里（北京时间，金额单位：元）。
        </p>
      </div>
      <BillDetail row={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
