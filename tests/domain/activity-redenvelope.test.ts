/** Activity red envelopes: the rain split, eligibility windows in Beijing days, the form, the badge. */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  frontStatus,
  ineligibleReason,
  nextRainShareFen,
  parseEnvelopeForm,
  periodWindow,
  type ActivityEnvelope,
  type Eligibility,
} from '../../src/domain/activity';
import { parseBeijingDateTime } from '../../src/domain/time';

const rnd = (min: number, max: number) => randomInt(min, max + 1);

function rain(poolFen: number, shares: number): number[] {
  const out: number[] = [];
  let left = poolFen;
  for (let n = shares; n > 0; n--) {
    const s = nextRainShareFen(left, n, rnd);
    out.push(s);
    left -= s;
  }
  return out;
}

describe('rain split', () => {
  it('sums to the pool, every share at least 1 fen, even at 1 fen each', () => {
    for (const [pool, n] of [
      [1_000, 30],
      [50, 50],
      [100_000, 7],
      [10_001, 10_000],
      [5, 1],
    ] as const) {
      const shares = rain(pool, n);
      expect(shares).toHaveLength(n);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(pool);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
    }
  });

  it('is fair by position: each grab averages the mean (10,000 rains of 10 shares)', () => {
    const sums = new Array(10).fill(0);
    const runs = 10_000;
    for (let i = 0; i < runs; i++)
      rain(1_000, 10).forEach((s, k) => {
        sums[k] += s;
      });
    for (const s of sums) expect(Math.abs(s / runs - 100)).toBeLessThan(5);
  });

  it('refuses an impossible state and an out-of-range random', () => {
    expect(() => nextRainShareFen(3, 4, rnd)).toThrow();
    expect(() => nextRainShareFen(100, 0, rnd)).toThrow();
    expect(() => nextRainShareFen(100, 4, () => 99)).toThrow(/random out of range/);
  });
});

const elig = (over: Partial<Eligibility> = {}): Eligibility => ({
  minGrade: 0,
  maxGrade: 7,
  requirement: 'recharge',
  requiredFen: 10_000,
  periodDays: 1,
  periodStart: null,
  periodEnd: null,
  ...over,
});

describe('eligibility', () => {
  it('the last N days start at a Beijing midnight', () => {
    // 2026-11-24 01:30 Beijing = 2026-11-23 17:30 UTC
    const now = Date.UTC(2026, 10, 23, 17, 30);
    expect(periodWindow(elig({ periodDays: 1 }), now)).toEqual({
      fromMs: Date.UTC(2026, 10, 23, 16),
      toMs: now,
    });
    expect(periodWindow(elig({ periodDays: 7 }), now)!.fromMs).toBe(Date.UTC(2026, 10, 17, 16));
    const range = periodWindow(
      elig({ periodDays: null, periodStart: '2026-11-01', periodEnd: '2026-11-02' }),
      now,
    );
    expect(range).toEqual({ fromMs: Date.UTC(2026, 9, 31, 16), toMs: Date.UTC(2026, 10, 2, 16) });
    expect(periodWindow(elig({ requirement: 'none' }), now)).toBeNull();
  });

  it('gives the reason in Chinese', () => {
    expect(ineligibleReason(elig(), { grade: 0, periodSumFen: 9_999 })).toBe(
      '今天充值满100.00元才可领取（当前99.99元）',
    );
    expect(ineligibleReason(elig(), { grade: 0, periodSumFen: 10_000 })).toBeNull();
    expect(
      ineligibleReason(elig({ minGrade: 3, maxGrade: 3 }), { grade: 2, periodSumFen: 1e6 }),
    ).toBe('您的等级不满足领取条件（需黄金）');
  });

  it('orders the states: claimed, ended, not started, all gone, ineligible', () => {
    const env: ActivityEnvelope = {
      id: 1,
      kind: 'giveaway',
      title: 't',
      startsAtMs: 1_000,
      endsAtMs: 2_000,
      budgetFen: 100,
      paidFen: 0,
      shares: null,
      claimedCount: 0,
      amountFen: 60,
      closed: false,
      eligibility: elig({ requirement: 'none' }),
    };
    const p = { claimedFen: null, grade: 0, periodSumFen: 0 };
    expect(frontStatus(env, p, 1_500).status).toBe('claimable');
    expect(frontStatus(env, { ...p, claimedFen: 60 }, 5_000).status).toBe('claimed');
    expect(frontStatus(env, p, 2_000).status).toBe('ended');
    expect(frontStatus({ ...env, closed: true }, p, 1_500).status).toBe('ended');
    expect(frontStatus(env, p, 999).status).toBe('notStarted');
    expect(frontStatus({ ...env, paidFen: 60 }, p, 1_500).status).toBe('allGone');
    expect(
      frontStatus({ ...env, kind: 'rain', amountFen: null, shares: 2, claimedCount: 2 }, p, 1_500)
        .status,
    ).toBe('allGone');
    expect(frontStatus({ ...env, eligibility: elig({ minGrade: 1 }) }, p, 1_500).status).toBe(
      'ineligible',
    );
  });
});

describe('form and badge', () => {
  it('reads Beijing times', () => {
    expect(parseBeijingDateTime('2026-11-24 08:00')).toBe(Date.UTC(2026, 10, 24, 0));
    expect(parseBeijingDateTime('2026-11-24T08:00:30')).toBe(Date.UTC(2026, 10, 24, 0, 0, 30));
    expect(parseBeijingDateTime('2026-11-24 24:00')).toBeNull();
    expect(parseBeijingDateTime('tomorrow')).toBeNull();
  });

  it('accepts a rain and a giveaway', () => {
    const base = {
      title: '雨',
      startTime: '2026-11-24 08:00',
      endTime: '2026-11-24 09:00',
      budget: '10',
    };
    const r = parseEnvelopeForm({ ...base, kind: 'rain', shares: '100' });
    expect(r).toMatchObject({
      ok: true,
      draft: { budgetFen: 1_000, shares: 100, amountFen: null },
    });
    const g = parseEnvelopeForm({
      ...base,
      kind: 'giveaway',
      amount: '0.5',
      requirement: 'turnover',
      requiredAmount: '50',
      periodDays: '7',
    });
    expect(g).toMatchObject({
      ok: true,
      draft: {
        amountFen: 50,
        eligibility: { requirement: 'turnover', requiredFen: 5_000, periodDays: 7 },
      },
    });
  });
});
