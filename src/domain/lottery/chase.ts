/** Chase (追号) multiple plans, §2.5. Money in fen; the profit rate is an exact fraction. */
import { MULTIPLE_MAX } from '../constants.ts';

/** 同倍: the same multiple every issue. */
export function sameMultiplePlan(m0: number, issues: number): number[] {
  return Array.from({ length: issues }, () => m0);
}

/** 翻倍: every `every` issues multiply by `factor` (capped plans stop at MULTIPLE_MAX). */
export function doublingPlan(m0: number, issues: number, every: number, factor: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < issues; i++) {
    const m = m0 * factor ** Math.floor(i / every);
    if (m > MULTIPLE_MAX) break;
    out.push(m);
  }
  return out;
}

/**
 * 利润率: the smallest m_i ≥ m_{i−1} with (m·P − (T + m·c)) / (T + m·c) ≥ R, i.e.
 * m_i = max(m_{i−1}, ceil(T·(1+R) / (P − c·(1+R)))), R = rateNum/rateDen. Returns null when infeasible
 * (P ≤ c·(1+R)); stops before a multiple above MULTIPLE_MAX. P, c = prize and cost at multiple 1 (fen).
 */
export function profitRatePlan(o: {
  prizeFen: number;
  costFen: number;
  rateNum: number;
  rateDen: number;
  m0: number;
  issues: number;
}): number[] | null {
  const margin = o.prizeFen * o.rateDen - o.costFen * (o.rateDen + o.rateNum);
  if (margin <= 0) return null;
  const out: number[] = [];
  let spent = 0;
  let m = o.m0;
  for (let i = 0; i < o.issues; i++) {
    const scaled = spent * (o.rateDen + o.rateNum);
    const need = Math.floor((scaled + margin - 1) / margin); // integer ceil
    m = Math.max(m, need);
    if (m > MULTIPLE_MAX) break;
    out.push(m);
    spent += m * o.costFen;
  }
  return out;
}
