/**
 * The cells of a screen's 盈亏 (domain/figures.ts): the columns it is the sum of, in the screen's
 * order, then 盈亏, and the stakes awaiting their draw apart. /betRecord, /PLstatement and the agent
 * reports all build their figures here, so every screen shows exactly what its 盈亏 adds up.
 */
import { COLUMNS, PENDING, PROFIT, SCREEN_COLUMNS, type Screen } from '../../../../domain/figures';
import { profitTone, yuan } from '../format';
import type { Figure } from './FigureGrid';

const PLAIN = 'text-gray-900';
/** A wire answer holding the screen's yuan fields (domain/figures.ts `field`). */
type Wire = object;
const raw = (data: Wire, field: string) => String((data as Record<string, unknown>)[field] ?? '0');
const text = (data: Wire, field: string) => yuan(raw(data, field));

/** The columns the screen's 盈亏 adds up, in order; `short` labels for the narrow list rows. */
export function columnCells(screen: Screen, data: Wire, short = false): Figure[] {
  return SCREEN_COLUMNS[screen].map(
    (c): Figure => [
      short ? COLUMNS[c].short : COLUMNS[c].label,
      text(data, COLUMNS[c].field),
      PLAIN,
    ],
  );
}

export function profitCell(data: Wire): Figure {
  return [PROFIT.label, text(data, PROFIT.field), profitTone(raw(data, PROFIT.field))];
}

/** The screen's columns then 盈亏. */
export function profitCells(screen: Screen, data: Wire, short = false): Figure[] {
  return [...columnCells(screen, data, short), profitCell(data)];
}

/** The stakes awaiting their draw (待开奖), never part of 盈亏. */
export function pendingCell(data: Wire): Figure {
  return [PENDING.label, text(data, PENDING.field), PLAIN];
}

/** '盈亏 = 中奖金额 + 返点金额 − 投注金额': how the screen's 盈亏 is made. */
export function profitFormula(screen: Screen): string {
  const cols = SCREEN_COLUMNS[screen];
  const plus = cols.filter((c) => COLUMNS[c].sign > 0).map((c) => COLUMNS[c].label);
  const minus = cols.filter((c) => COLUMNS[c].sign < 0).map((c) => COLUMNS[c].label);
  return `${PROFIT.label} = ${plus.join(' + ')}${minus.map((m) => ` − ${m}`).join('')}`;
}
