/**
 * SSC 组合 (lottery-rules.md §3.4c): 五星 / 四星 / 三星 直选 on one ticket. Each number of the window's 直选复式
 * buys one line per level — the whole window, then its last n−1, …, its last digit — so a ticket of N numbers
 * is n·N lines. The level-k line wins when the window's last k digits match it: p = 10^−k, prize G/(1000·p)
 * (五星组合 12345 on 12345 wins all five levels; on 02345 四星, 三星, 二星 and 一星).
 */
import type { PlayDef, Selection, WinCounts } from './types.ts';
import { row, tier, type PlayHead } from './builders.ts';
import { withHelp } from './buildersPlaces.ts';
import { DIGITS } from './digitStar.ts';
import { product, range } from './math.ts';
import { SSC_POSITIONS } from './ssc.ts';

const LEVEL_NAMES = ['', '一星', '二星', '三星', '四星', '五星'];
const id = (k: number): string => `l${k}`;

function comboPlay(h: PlayHead & { window: readonly number[] }): PlayDef {
  const n = h.window.length;
  const levels = range(1, n).reverse();
  const sizes = (sel: Selection): number[] => sel.rows.map((r) => r.length);
  return {
    family: h.family,
    code: h.code,
    nameZh: h.nameZh,
    group: h.group,
    model: 'prizeGroup',
    input: 'rows',
    rows: h.window.map((i) => row(SSC_POSITIONS[i]!, DIGITS)),
    tiers: levels.map((k) => tier(id(k), LEVEL_NAMES[k]!, 1, 10 ** k)),
    countBets: (sel) => n * product(sizes(sel)),
    checkWin: (sel, draw) => {
      const wins: Record<string, number> = {};
      for (const k of levels) {
        // numbers whose last k digits are the draw's: every choice on the first n−k rows
        const tail = range(n - k, n - 1).every((j) => sel.rows[j]!.includes(draw[h.window[j]!]!));
        if (tail) wins[id(k)] = product(sizes(sel).slice(0, n - k));
      }
      return { wins, refunds: 0 } satisfies WinCounts;
    },
    line: {
      // a line: its level k, then the ticket number it belongs to
      size: 1 + n,
      order: 'ordered',
      domain: (sel) => [levels, ...sel.rows],
      inSelection: (sel, l) => l.slice(1).every((v, j) => sel.rows[j]!.includes(v)),
      outcome: (l, draw) => {
        const k = l[0]!;
        return range(n - k, n - 1).every((j) => l[1 + j] === draw[h.window[j]!])
          ? { tier: id(k) }
          : null;
      },
    },
  };
}

const WINDOWS: [string, string, string, number[]][] = [
  ['WX_ZH', '五星', '五星组合', [0, 1, 2, 3, 4]],
  ['SX_ZH', '四星', '四星组合', [1, 2, 3, 4]],
  ['Q4_ZH', '前四', '前四组合', [0, 1, 2, 3]],
  ['Q3_ZH', '前三', '前三组合', [0, 1, 2]],
  ['Z3_ZH', '中三', '中三组合', [1, 2, 3]],
  ['H3_ZH', '后三', '后三组合', [2, 3, 4]],
];

export function sscComboPlays(): PlayDef[] {
  return WINDOWS.map(([code, group, nameZh, window]) => {
    const n = window.length;
    const names = window.map((i) => SSC_POSITIONS[i]![0]).join('');
    const levels = range(1, n)
      .reverse()
      .map((k) => `${LEVEL_NAMES[k]}（${names.slice(n - k)}）`)
      .join('、');
    return withHelp(
      comboPlay({ family: 'SSC', code, nameZh, group, window }),
      `${names}各选至少1个号码，每个号码组合同时购买${n}注：${levels}，注数为${n}倍；每注按位与开奖号码相同即中该级奖金，各级可同时中奖。`,
    );
  });
}
