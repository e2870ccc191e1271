/** 任选单式 on the betting page: typed entries plus the checked positions make one domain selection. */
import { describe, expect, it } from 'vitest';
import { formatSelection, getPlay, quoteBet } from '../../src/domain/lottery';
import { entriesSelection } from '../../src/client/features/lottery/ticket';

describe('entriesSelection with a position row', () => {
  const play = getPlay('SSC', 'RX2_ZXDS')!;
  const q = { unit: 'yuan' as const, multiple: 1, userGroup: 1950, rebatePermille: 0 };

  it('appends the checked positions and prices entries × C(positions, 2)', () => {
    const sel = entriesSelection(play, '12, 34', [0, 1, 4])!;
    expect(sel.rows.at(-1)).toEqual([0, 1, 4]);
    expect(formatSelection(play, sel)).toBe('1 2,3 4|万 千 个');
    const quote = quoteBet(play, sel, q);
    expect(quote).toMatchObject({ ok: true, lines: 6, amountFen: 1200 });
  });

  it('refuses too few positions with the domain message', () => {
    const quote = quoteBet(play, entriesSelection(play, '12', [0])!, q);
    expect(quote.ok).toBe(false);
    expect(!quote.ok && quote.msg).toMatch(/位置/);
  });
});
