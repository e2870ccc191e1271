/**
 * LHC plays added for issue 11 (生肖不中, 连肖不中, 连尾不中, 七色波, 合肖复式): bet counts against brute-force
 * enumeration of the lines, win checks against an independent brute-force settlement written here over
 * thousands of draws from node:crypto, and exact tier probabilities against counts made another way
 * (inclusion–exclusion over allSetsAppear; every regular 6-set for 七色波; every special for 合肖).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { allSetsAppear, LHC_DRAWS_6_1, LHC_DRAWS_7 } from '../../src/domain/lottery/lhcOdds.ts';
import { combinations, range } from '../../src/domain/lottery/math.ts';
import {
  formatSelection,
  parseSelection,
  validateSelection,
} from '../../src/domain/lottery/selection.ts';
import type {
  Draw,
  PlayDef,
  RuleFlags,
  Selection,
  WinCounts,
} from '../../src/domain/lottery/types.ts';
import {
  checkPlayAgainstEnumeration,
  countChecked,
  expectTicketsMatchLines,
} from './lotteryHarness.ts';

const F = DEFAULT_RULE_FLAGS;
const play = (code: string): PlayDef => {
  const p = getPlay('LHC', code);
  if (!p) throw new Error(`no LHC play ${code}`);
  return p;
};

// ---- an independent model of the draw: the zodiac by counting back from 01 (the year animal), colours by table
const zodiacByCountingBack = (n: number, year: number): number => {
  let z = year;
  for (let i = 1; i < n; i++) z = (z + 11) % 12;
  return z;
};
const RED = new Set([1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46]);
const GREEN = new Set([5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49]);
const colour = (n: number): number => (RED.has(n) ? 0 : GREEN.has(n) ? 2 : 1);

/** A fair draw from node:crypto: six regulars then the special. */
const cryptoDraw = (): Draw => {
  const balls = range(1, 49);
  for (let i = 0; i < 7; i++) {
    const j = i + randomInt(49 - i);
    [balls[i], balls[j]] = [balls[j]!, balls[i]!];
  }
  return balls.slice(0, 7);
};

const add = (wins: Record<string, number>, id: string): void => {
  wins[id] = (wins[id] ?? 0) + 1;
};

/** Brute-force settlement of each play, line by line, from the rules as lottery-rules.md §10.6 words them. */
function bruteForce(code: string, sel: Selection, d: Draw, f: RuleFlags): WinCounts {
  const wins: Record<string, number> = {};
  let refunds = 0;
  const Y = f.lhcZodiacYear;
  const zodiacsDrawn = new Set(d.map((n) => zodiacByCountingBack(n, Y)));
  const tailsDrawn = new Set(d.map((n) => n % 10));
  if (code === 'SXBZ') {
    for (const z of sel.rows[0]!)
      if (!zodiacsDrawn.has(z)) add(wins, z === Y ? 'yearAnimal' : 'zodiac');
  } else if (code.startsWith('LXBZ') || code.startsWith('LWBZ')) {
    const k = Number(code.slice(4));
    const drawn = code.startsWith('LX') ? zodiacsDrawn : tailsDrawn;
    const odd = code.startsWith('LX') ? Y : 0;
    for (const line of combinations(sel.rows[0]!, k)) {
      if (line.every((v) => !drawn.has(v))) add(wins, line.includes(odd) ? 'odd' : 'normal');
    }
  } else if (code === 'QSB') {
    const weight = [0, 0, 0];
    d.forEach((n, i) => {
      weight[colour(n)]! += i === 6 ? 1.5 : 1;
    });
    const top = Math.max(...weight);
    const tie = weight.filter((w) => w === top).length > 1;
    for (const v of sel.rows[0]!) {
      if (v === 3) {
        if (tie) add(wins, 'tie');
      } else if (tie) refunds++;
      else if (weight[v] === top) add(wins, `c${v}`);
    }
  } else if (code === 'HXFS') {
    const k = sel.rows[0]![0]!;
    for (const line of combinations(sel.rows[1]!, k)) {
      if (d[6] === 49) refunds++;
      else if (line.includes(zodiacByCountingBack(d[6]!, Y))) add(wins, `k${k}`);
    }
  }
  return { wins, refunds };
}

const NEW_CODES = [
  'SXBZ',
  ...range(2, 5).map((k) => `LXBZ${k}`),
  ...range(2, 5).map((k) => `LWBZ${k}`),
  'QSB',
  'HXFS',
];

describe('LHC plays of issue 11: counts and win checks', () => {
  it.each(NEW_CODES)(
    '%s: count = enumerated lines; closed form = sum over lines on random draws',
    (code) => {
      const p = play(code);
      checkPlayAgainstEnumeration(p, 4242, { selections: 8, draws: 60 });
      checkPlayAgainstEnumeration(p, 99, {
        selections: 4,
        draws: 30,
        flags: { ...F, lhcZodiacYear: 0 },
      });
      expect(p.helpZh, code).toMatch(/中奖/);
      expect(p.model).toBe('odds');
    },
  );

  it.each(NEW_CODES)(
    '%s: settles like an independent brute force over 3,000 draws from node:crypto (two zodiac years)',
    (code) => {
      const p = play(code);
      const sels: Selection[] = {
        SXBZ: [{ rows: [[6]] }, { rows: [range(0, 11)] }],
        QSB: [{ rows: [[0, 1, 2, 3]] }, { rows: [[3]] }],
        HXFS: [
          { rows: [[2], range(0, 11)] },
          { rows: [[5], [0, 3, 6, 7, 9, 11]] },
          { rows: [[11], range(0, 11)] },
        ],
      }[code] ?? [
        { rows: [code.startsWith('LW') ? range(0, 9) : range(0, 11)] },
        { rows: [range(0, Number(code.slice(4)))] },
      ];
      let wonSomething = 0;
      for (const year of [6, 0]) {
        const flags = { ...F, lhcZodiacYear: year };
        for (let i = 0; i < 1500; i++) {
          const d = cryptoDraw();
          for (const sel of sels) {
            const want = bruteForce(code, sel, d, flags);
            expect(
              p.checkWin(sel, d, flags),
              `${code} ${JSON.stringify(sel.rows)} on ${d.join(',')} (year ${year})`,
            ).toEqual(want);
            if (Object.keys(want.wins).length) wonSomething++;
          }
        }
      }
      expect(wonSomething).toBeGreaterThan(0);
    },
  );
});

describe('LHC 生肖不中 / 连肖不中 / 连尾不中: rules and exact probabilities', () => {
  /** P(all of `sizes` absent) by inclusion–exclusion over P(all of a subfamily appear): an independent route. */
  const allAbsent = (sizes: number[]): number => {
    let p = 0;
    for (let r = 0; r <= sizes.length; r++) {
      for (const sub of combinations(sizes, r)) {
        const [num, den] = allSetsAppear(sub);
        p += (r % 2 ? -1 : 1) * (num / den);
      }
    }
    return p;
  };
  const pOf = (code: string, id: string): number => {
    const t = play(code).tiers.find((x) => x.id === id)!;
    expect(t.pDen).toBe(LHC_DRAWS_7);
    return t.pNum / t.pDen;
  };
  it('tier p equals inclusion–exclusion over allSetsAppear (4-number zodiacs, the 5-number year animal, 0尾 of 4)', () => {
    expect(pOf('SXBZ', 'zodiac')).toBeCloseTo(allAbsent([4]), 14);
    expect(pOf('SXBZ', 'yearAnimal')).toBeCloseTo(allAbsent([5]), 14);
    for (const k of range(2, 5)) {
      expect(pOf(`LXBZ${k}`, 'normal')).toBeCloseTo(allAbsent(Array(k).fill(4)), 14);
      expect(pOf(`LXBZ${k}`, 'odd')).toBeCloseTo(allAbsent([5, ...Array(k - 1).fill(4)]), 14);
      expect(pOf(`LWBZ${k}`, 'normal')).toBeCloseTo(allAbsent(Array(k).fill(5)), 14);
      expect(pOf(`LWBZ${k}`, 'odd')).toBeCloseTo(allAbsent([4, ...Array(k - 1).fill(5)]), 14);
    }
    // §10.4's 五…八不中 figures are the same events on numbers: 二连尾不中 is 十不中 on 10 numbers.
    expect(pOf('LWBZ2', 'normal')).toBeCloseTo(0.17906, 5);
  });
  it('49 counts like any number (no 和); the year animal and 0尾 lines take their own tier', () => {
    // 马 year: 马 = 01 13 25 37 49, 鼠 = 07 19 31 43, 牛 = 06 18 30 42; the draw: 猪 狗 鸡 猴 羊 猪 + 49 (马).
    const d = [8, 9, 10, 11, 12, 20, 49];
    expect(play('SXBZ').checkWin({ rows: [[0, 1, 6]] }, d, F)).toEqual({
      wins: { zodiac: 2 },
      refunds: 0,
    });
    expect(play('SXBZ').checkWin({ rows: [[6]] }, [2, 3, 4, 5, 6, 7, 8], F)).toEqual({
      wins: { yearAnimal: 1 },
      refunds: 0,
    });
    expect(play('LXBZ2').checkWin({ rows: [[0, 1, 6]] }, d, F)).toEqual({
      wins: { normal: 1 },
      refunds: 0,
    });
    // tails 1–7 drawn: of 0 1 8 9 only {0, 8, 9} is absent, a line with 0尾
    expect(
      play('LWBZ3').checkWin({ rows: [[0, 1, 8, 9]] }, [11, 22, 33, 34, 45, 46, 47], F),
    ).toEqual({ wins: { odd: 1 }, refunds: 0 });
    expect(countChecked(play('LXBZ4'), { rows: [[0, 1, 2, 3, 4, 5]] })).toBe(15);
    expect(validateSelection(play('LWBZ5'), { rows: [[0, 1, 2, 3]] })).toBe('尾数需选5至10个号码');
    expect(formatSelection(play('LWBZ2'), { rows: [[0, 5]] })).toBe('0尾 5尾');
    expect(parseSelection(play('LXBZ2'), '鼠 马')).toEqual({ rows: [[0, 6]] });
  });
});

describe('LHC 七色波', () => {
  const p = play('QSB');
  it('counts the special as 1.5: 3 红 + 3 蓝 with a 绿 special is 和局; a 1.5 special breaks 3 : 3 otherwise', () => {
    const tie = [1, 2, 7, 3, 4, 9, 5]; // 红 红 红 蓝 蓝 蓝 + 绿
    expect(p.checkWin({ rows: [[0, 1, 2, 3]] }, tie, F)).toEqual({ wins: { tie: 1 }, refunds: 3 });
    expect(p.checkWin({ rows: [[0, 1, 2, 3]] }, [1, 2, 7, 3, 4, 9, 10], F)).toEqual({
      wins: { c1: 1 },
      refunds: 0,
    });
    expect(p.checkWin({ rows: [[0]] }, [1, 2, 7, 3, 4, 5, 6], F)).toEqual({
      wins: { c0: 1 },
      refunds: 0,
    }); // 3 : 2 : 2.5
    expect(p.checkWin({ rows: [[0]] }, [1, 2, 7, 3, 4, 5, 9], F)).toEqual({ wins: {}, refunds: 0 }); // 3 : 3.5 : 1
    expect(p.checkWin({ rows: [[2]] }, [1, 2, 3, 4, 5, 6, 11], F)).toEqual({
      wins: { c2: 1 },
      refunds: 0,
    }); // 2 : 2 : 3.5
    expect(countChecked(p, { rows: [[0, 1, 2, 3]] })).toBe(4);
    expect(formatSelection(p, { rows: [[0, 3]] })).toBe('红波 和局');
  });
  it('tiers are exact: every one of the 13,983,816 regular sets, with each possible special', () => {
    const wins = [0, 0, 0];
    let tie = 0;
    const sizes = [17, 16, 16];
    const c = range(1, 49).map(colour);
    const n = [0, 0, 0];
    const walk = (from: number, left: number): void => {
      if (left === 0) {
        for (let s = 0; s < 3; s++) {
          const specials = sizes[s]! - n[s]!;
          const w = n.map((x, i) => 2 * x + (i === s ? 3 : 0));
          const top = Math.max(...w);
          const leaders = w.filter((x) => x === top).length;
          if (leaders > 1) tie += specials;
          else wins[w.indexOf(top)]! += specials;
        }
        return;
      }
      for (let i = from; i <= 49 - left; i++) {
        n[c[i]!]!++;
        walk(i + 1, left - 1);
        n[c[i]!]!--;
      }
    };
    walk(0, 6);
    expect(wins[0]! + wins[1]! + wins[2]! + tie).toBe(LHC_DRAWS_6_1);
    const t = Object.fromEntries(p.tiers.map((x) => [x.id, x]));
    for (const i of [0, 1, 2])
      expect(t[`c${i}`]!.pNum * (LHC_DRAWS_6_1 - tie)).toBe(wins[i]! * t[`c${i}`]!.pDen);
    expect(t.tie!.pNum * LHC_DRAWS_6_1).toBe(tie * t.tie!.pDen);
    expect(tie).toBe(17 * 560 * 560 + 2 * 16 * 680 * 560); // 3 + 3 regulars of the other two colours
  }, 60_000);
});

describe('LHC 合肖复式 (several 合肖 lines on one ticket)', () => {
  const p = play('HXFS');
  it('C(n, k) lines of k zodiacs; each wins like 合肖; 49 refunds every line', () => {
    expect(countChecked(p, { rows: [[3], [0, 1, 2, 3, 4]] })).toBe(10);
    expect(countChecked(p, { rows: [[11], range(0, 11)] })).toBe(12);
    expect(validateSelection(p, { rows: [[4], [0, 1, 2]] })).toBe('四肖合肖至少选择4个生肖');
    const text = formatSelection(p, { rows: [[3], [0, 1, 2, 3, 4]] });
    expect(text).toBe('三肖,鼠 牛 虎 兔 龙');
    expect(parseSelection(p, text)).toEqual({ rows: [[3], [0, 1, 2, 3, 4]] });
    // 马 year: 43 is 鼠. Lines holding 鼠: C(4, 2) = 6 of the 10.
    expect(p.checkWin({ rows: [[3], [0, 1, 2, 3, 4]] }, [1, 2, 3, 4, 5, 6, 43], F)).toEqual({
      wins: { k3: 6 },
      refunds: 0,
    });
    expect(p.checkWin({ rows: [[3], [0, 1, 2, 3, 4]] }, [1, 2, 3, 4, 5, 6, 49], F)).toEqual({
      wins: {},
      refunds: 10,
    });
    // the same line as one 合肖 ticket
    const hx = play('HX');
    for (const s of range(1, 49)) {
      const d = [
        ...range(1, 49)
          .filter((x) => x !== s)
          .slice(0, 6),
        s,
      ];
      const one = hx.checkWin({ rows: [[2, 5, 9]] }, d, F);
      expect(p.checkWin({ rows: [[3], [2, 5, 9]] }, d, F)).toEqual(one);
    }
  });
  it('tier p = 4k / 48 exactly over the 48 specials that do not refund, and the ticket equals its lines', () => {
    const draws = range(1, 48).map((s) => [
      ...range(1, 49)
        .filter((x) => x !== s)
        .slice(0, 6),
      s,
    ]);
    for (const k of range(2, 11)) {
      const sel = { rows: [[k], range(0, 11)] };
      const t = p.tiers.find((x) => x.id === `k${k}`)!;
      // one line: the first k zodiacs
      const mask = range(0, k - 1).reduce((m, z) => m | (1 << z), 0);
      const hits = draws.filter((d) => p.line.outcome([mask], d, F) !== null).length;
      expect(hits * t.pDen).toBe(t.pNum * draws.length);
      if (k <= 4 || k >= 10)
        expectTicketsMatchLines(
          p,
          [sel],
          draws.filter((_d, i) => i % 7 === 0),
        );
    }
  });
});
