/**
 * Test harness for the lottery domain: a seeded PRNG (tests only; src never uses Math.random), a byte
 * source over it, random valid selections, and the generic enumerator that expands a selection into its
 * elementary lines from the play's line definition — independent of the closed forms it checks.
 */
import { expect } from 'vitest';
import type { Draw, LotteryFamily, PlayDef, Selection } from '../../src/domain/lottery/types.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { drawFromRandomBytes } from '../../src/domain/lottery/draws.ts';
import { validateSelection } from '../../src/domain/lottery/selection.ts';

/** mulberry32: tiny deterministic PRNG, returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function byteSource(seed: number): (n: number) => Uint8Array {
  const rnd = seededRandom(seed);
  return (n) => Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
}

const shuffle = <T>(xs: readonly T[], rnd: () => number): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

/** Expands a selection into its elementary lines by enumerating the play's line space. */
export function enumerateLines(play: PlayDef, sel: Selection): number[][] {
  const { line } = play;
  const domain = line.domain(sel);
  const out: number[][] = [];
  const t: number[] = [];
  const walk = (i: number): void => {
    if (i === line.size) {
      if (line.inSelection(sel, t)) out.push([...t]);
      return;
    }
    for (const v of domain[i]!) {
      if (i > 0 && line.order === 'set' && v <= t[i - 1]!) continue;
      if (i > 0 && line.order === 'multiset' && v < t[i - 1]!) continue;
      t.push(v);
      walk(i + 1);
      t.pop();
    }
  };
  walk(0);
  return out;
}

/** A random structurally valid selection with small rows (so enumeration stays fast). */
export function randomSelection(play: PlayDef, rnd: () => number, extra = 3): Selection {
  for (let attempt = 0; attempt < 200; attempt++) {
    let rows: number[][];
    if (play.input === 'entries') {
      const values = play.rows[0]!.values;
      const n = 1 + Math.floor(rnd() * 4);
      // Every other attempt types entries of distinct numbers (11x5 任选七/八 单式 accept nothing else).
      const entry = (): number[] =>
        attempt % 2 === 1 && values.length >= play.entryLength!
          ? shuffle(values, rnd).slice(0, play.entryLength!)
          : Array.from(
              { length: play.entryLength! },
              () => values[Math.floor(rnd() * values.length)]!,
            );
      rows = Array.from({ length: n }, entry);
      const pos = play.positionRow;
      if (pos)
        rows.push(
          shuffle(pos.values, rnd).slice(0, pos.min + Math.floor(rnd() * (pos.max - pos.min + 1))),
        );
    } else {
      rows = play.rows.map((spec) => {
        const hi = Math.min(
          spec.max,
          spec.values.length,
          Math.max(spec.min, 1) + extra + Math.floor(attempt / 20) * 2,
        );
        const n = spec.min + Math.floor(rnd() * (hi - spec.min + 1));
        return shuffle(spec.values, rnd).slice(0, n);
      });
    }
    const sel = { rows };
    if (!validateSelection(play, sel)) return sel;
  }
  throw new Error(`no valid random selection for ${play.family}/${play.code}`);
}

export function randomDraw(family: LotteryFamily, next: (n: number) => Uint8Array): Draw {
  return drawFromRandomBytes(family, next);
}

/** Σ of single-line outcomes over the expanded lines, in WinCounts shape. */
export function settleByLines(
  play: PlayDef,
  lines: number[][],
  draw: Draw,
  flags = DEFAULT_RULE_FLAGS,
) {
  const wins: Record<string, number> = {};
  let refunds = 0;
  for (const l of lines) {
    const o = play.line.outcome(l, draw, flags);
    if (o === 'refund') refunds++;
    else if (o && 'legs' in o)
      for (const [t, n] of Object.entries(o.legs)) wins[t] = (wins[t] ?? 0) + n;
    else if (o) wins[o.tier] = (wins[o.tier] ?? 0) + (o.count ?? 1);
  }
  return { wins, refunds };
}

/** Closed forms vs enumeration for one play: counts on random selections, wins on random draws. */
export function checkPlayAgainstEnumeration(
  play: PlayDef,
  seed: number,
  opts: {
    selections?: number;
    draws?: number;
    flags?: typeof DEFAULT_RULE_FLAGS;
    extra?: number;
    drawOf?: (next: (n: number) => Uint8Array) => Draw;
  } = {},
): void {
  const rnd = seededRandom(seed);
  const next = byteSource(seed + 1);
  const flags = opts.flags ?? DEFAULT_RULE_FLAGS;
  for (let s = 0; s < (opts.selections ?? 6); s++) {
    const sel = randomSelection(play, rnd, opts.extra);
    const lines = enumerateLines(play, sel);
    expect(play.countBets(sel), `${play.code} count of ${JSON.stringify(sel.rows)}`).toBe(
      lines.length,
    );
    for (let d = 0; d < (opts.draws ?? 40); d++) {
      const draw = opts.drawOf ? opts.drawOf(next) : randomDraw(play.family, next);
      const closed = play.checkWin(sel, draw, flags);
      expect(closed, `${play.code} ${JSON.stringify(sel.rows)} on ${draw.join(',')}`).toEqual(
        settleByLines(play, lines, draw, flags),
      );
    }
  }
}

/** The play's count of a valid selection, checked against enumeration of its lines. */
export const countChecked = (p: PlayDef, sel: Selection): number => {
  expect(validateSelection(p, sel), JSON.stringify(sel.rows)).toBeNull();
  const n = p.countBets(sel);
  expect(n, `${p.code} count`).toBe(enumerateLines(p, sel).length);
  return n;
};
/** Every tier: p = the share of `draws` on which one line wins it (lines given by the caller). */
export function expectTierFrequencies(
  p: PlayDef,
  lines: readonly number[][],
  draws: readonly Draw[],
): void {
  for (const l of lines) {
    const hits: Record<string, number> = {};
    for (const d of draws) {
      const o = p.line.outcome(l, d, DEFAULT_RULE_FLAGS);
      if (o && o !== 'refund' && 'tier' in o) hits[o.tier] = (hits[o.tier] ?? 0) + 1;
    }
    expect(Object.keys(hits).length, `${p.code} line ${l.join(',')} never wins`).toBeGreaterThan(0);
    for (const [id, n] of Object.entries(hits)) {
      const t = p.tiers.find((x) => x.id === id)!;
      expect(n * t.pDen, `${p.code} line ${l.join(',')} tier ${id}`).toBe(t.pNum * draws.length);
    }
  }
}
export function expectTicketsMatchLines(
  p: PlayDef,
  sels: readonly Selection[],
  draws: readonly Draw[],
): void {
  for (const sel of sels) {
    const lines = enumerateLines(p, sel);
    for (const d of draws)
      expect(p.checkWin(sel, d, DEFAULT_RULE_FLAGS), `${p.code} on ${d.join(',')}`).toEqual(
        settleByLines(p, lines, d),
      );
  }
}
