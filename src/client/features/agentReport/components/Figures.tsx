/**
 * The figures of a team report as labelled cells (the records' FigureGrid): the columns its 盈亏 adds
 * up and 盈亏 (domain/figures.ts, profitColumns.ts), then what is not in 盈亏 (the stakes awaiting
 * their draw, valid bets, recharges, withdrawals), then the member counts.
 */
import { FigureGrid, type Figure } from '../../records/components/FigureGrid';
import { pendingCell, profitCells, profitFormula } from '../../records/components/profitColumns';
import { yuan } from '../../records/format';
import type { Figures } from '../api';

const PLAIN = 'text-gray-900';

/** The columns of 盈亏 and 盈亏 itself, in the order every screen shows them. */
export function profitFigures(f: Figures, short = false): Figure[] {
  return profitCells('teamReport', f, short);
}

/** The money figures outside 盈亏. */
export function outsideFigures(f: Figures): Figure[] {
  return [
    pendingCell(f),
    ['有效投注', yuan(f.validBetAmount), PLAIN],
    ['充值金额', yuan(f.rechargeAmount), PLAIN],
    ['提现金额', yuan(f.withdrawAmount), PLAIN],
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

export const PROFIT_NOTE = `${profitFormula('teamReport')}；待开奖、有效投注、充值与提现不计入盈亏。`;

export function FiguresCard({
  title,
  figures,
  extra,
  note,
}: {
  title: string;
  figures: Figures;
  extra?: Figure[];
  note?: string;
}) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>
      <FigureGrid figures={profitFigures(figures)} cols="grid-cols-2 sm:grid-cols-4" />
      <p className="mt-2 text-xs leading-relaxed text-gray-600">{PROFIT_NOTE}</p>
      <h3 className="mb-2 mt-3 text-sm font-semibold text-gray-900">不计入盈亏</h3>
      <FigureGrid
        figures={[...outsideFigures(figures), ...countFigures(figures), ...(extra ?? [])]}
        cols="grid-cols-2 sm:grid-cols-4"
      />
      {note && <p className="mt-2 text-xs leading-relaxed text-gray-600">{note}</p>}
    </section>
  );
}
