import { describe, expect, it } from 'vitest';
import { getPlay, playsOf } from '../../src/domain/lottery/catalogue.ts';
import { bytesFrom } from '../../src/domain/lottery/draws.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { parseSelection } from '../../src/domain/lottery/selection.ts';
import {
  pickSelection,
  planPlayRefusal,
  selectionWins,
  winRate,
} from '../../src/domain/plans/pick.ts';

const HZ = getPlay('K3', 'HZ')!;
const GJ = getPlay('PK10', 'GJ')!;
const bytes = (seed: number) =>
  bytesFrom(new Uint8Array(Array.from({ length: 256 }, (_, i) => (i * 37 + seed) % 256)));
const base = { flags: DEFAULT_RULE_FLAGS, bytes: bytes(1) };
// sums: 6, 6, 6, 10, 10, 3
const draws = [
  [1, 2, 3],
  [2, 2, 2],
  [1, 1, 4],
  [3, 3, 4],
  [2, 4, 4],
  [1, 1, 1],
];

describe('plan picks', () => {
  it('hot takes the sums drawn most often, ties to the smaller', () => {
    expect(
      pickSelection({ ...base, rule: 'hot', play: HZ, pickCount: 2, draws }).selection.rows[0],
    ).toEqual([6, 10]);
    expect(
      pickSelection({ ...base, rule: 'hot', play: HZ, pickCount: 3, draws }).selection.rows[0],
    ).toEqual([3, 6, 10]);
  });
  it('cold takes the sums drawn least often', () => {
    const cold = pickSelection({ ...base, rule: 'cold', play: HZ, pickCount: 2, draws }).selection
      .rows[0];
    expect(cold).toEqual([4, 5]);
  });
  it("repeat takes the last draw's winning value", () => {
    const p = pickSelection({
      ...base,
      rule: 'repeat',
      play: GJ,
      pickCount: 1,
      draws: [[7, 1, 2, 3, 4, 5, 6, 8, 9, 10]],
    });
    expect(p.selection.rows[0]).toEqual([7]);
    expect(p.betCount).toBe(1);
  });
  it('seeded picks distinct valid values from the byte source, deterministic per source', () => {
    const a = pickSelection({
      ...base,
      rule: 'seeded',
      play: HZ,
      pickCount: 4,
      draws,
      bytes: bytes(9),
    });
    const b = pickSelection({
      ...base,
      rule: 'seeded',
      play: HZ,
      pickCount: 4,
      draws,
      bytes: bytes(9),
    });
    expect(a.bettingNumber).toBe(b.bettingNumber);
    expect(new Set(a.selection.rows[0]).size).toBe(4);
    expect(parseSelection(HZ, a.bettingNumber)).toEqual(a.selection);
  });
  it('a pick wins exactly when settlement would pay it', () => {
    const sel = parseSelection(
      HZ,
      pickSelection({ ...base, rule: 'hot', play: HZ, pickCount: 1, draws }).bettingNumber,
    )!;
    expect(selectionWins(HZ, sel, [1, 2, 3], DEFAULT_RULE_FLAGS)).toBe(true);
    expect(selectionWins(HZ, sel, [1, 2, 4], DEFAULT_RULE_FLAGS)).toBe(false);
  });
  it('refuses plays a plan cannot pick for', () => {
    expect(planPlayRefusal(undefined, 1)).toBe('玩法不存在');
    expect(planPlayRefusal(HZ, 16)).toBe('选号个数需在1至15之间');
    expect(planPlayRefusal(HZ, 3)).toBeNull();
    const multiRow = playsOf('SSC').find((p) => p.input === 'rows' && p.rows.length === 5)!;
    expect(planPlayRefusal(multiRow, 1)).toBe('该玩法不支持计划，请选择单行选号的玩法');
  });
  it('win rate counts resolved rows only', () => {
    expect(winRate([])).toBe('0.00%');
    expect(
      winRate([{ isPrize: 1 }, { isPrize: 0 }, { isPrize: 2 }, { isPrize: 3 }, { isPrize: 1 }]),
    ).toBe('66.67%');
  });
});
