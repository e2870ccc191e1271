/** The figures of a team report as labelled cells (the records' FigureGrid): money in yuan, counts in people. */
import { FigureGrid, type Figure } from '../../records/components/FigureGrid';
import { profitTone, yuan } from '../../records/format';
import type { Figures } from '../api';

const PLAIN = 'text-gray-900';

/** The money figures, in the order the agent reads them. */
export function moneyFigures(f: Figures): Figure[] {
  return [
    ['投注金额', yuan(f.betAmount), PLAIN],
    ['有效投注', yuan(f.validBetAmount), PLAIN],
    ['中奖金额', yuan(f.prizeAmount), PLAIN],
    ['返点金额', yuan(f.rebateAmount), PLAIN],
    ['活动收入', yuan(f.activityAmount), PLAIN],
    ['充值金额', yuan(f.rechargeAmount), PLAIN],
    ['提现金额', yuan(f.withdrawAmount), PLAIN],
    ['盈亏', yuan(f.profit), profitTone(f.profit)],
  ];
}

/** The member counts. */
export function countFigures(f: Figures): Figure[] {
  return [
    ['首充人数', String(f.firstRechargeCount), PLAIN],
    ['新增人数', String(f.newMemberCount), PLAIN],
    ['活跃人数', String(f.activeMemberCount), PLAIN],
    ['投注人数', String(f.betMemberCount), PLAIN],
  ];
}

export function FiguresCard({ title, figures, extra, note }: { title: string; figures: Figures; extra?: Figure[]; note?: string }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>
      <FigureGrid figures={[...moneyFigures(figures), ...countFigures(figures), ...(extra ?? [])]} cols="grid-cols-2 sm:grid-cols-4" />
      {note && <p className="mt-2 text-xs leading-relaxed text-gray-600">{note}</p>}
    </section>
  );
}
