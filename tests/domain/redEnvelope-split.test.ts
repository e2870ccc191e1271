/**
 * The random split (src/domain/redEnvelope/split.ts) with a fixed seeded source: shares sum to the
 * total, each at least 1 fen; every composition equally likely (chi-square); each position's mean
 * is total / num (exchangeable shares); and the send form's messages of spec 001 section 5.
 */
import { describe, expect, it } from 'vitest';
import { splitShares, type RandomInt } from '../../src/domain/redEnvelope/split.ts';
import {
  checkLimits,
  DEFAULT_WISH,
  MSG,
  parseSendForm,
  validateSend,
  viewerState,
} from '../../src/domain/redEnvelope/rules.ts';
import {
  envelopeBody,
  envelopePreview,
  parseEnvelopeMessage,
} from '../../src/domain/redEnvelope/message.ts';
import { chiSquareFit } from './chiSquare.ts';

/** mulberry32: a small seeded generator, the tests' fixed source (never used outside tests). */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (min, max) => min + Math.floor(next() * (max - min));
}

describe('splitShares', () => {
  it('sums exactly, never below 1 fen, at every size', () => {
    const r = seeded(1);
    for (const [num, total] of [
      [1, 100],
      [2, 200],
      [10, 1000],
      [1000, 100_000],
      [1000, 1000],
      [7, 99_999_999_99],
      [100, 10_000],
    ] as const) {
      const s = splitShares(2, num, total, r);
      expect(s).toHaveLength(num);
      expect(s.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.min(...s)).toBeGreaterThanOrEqual(1);
    }
    expect(splitShares(1, 5, 500, r)).toEqual([100, 100, 100, 100, 100]);
    expect(() => splitShares(2, 5, 4, r)).toThrow();
  });

  it('makes every composition equally likely (chi-square, 6 fen into 3 shares: 10 compositions)', () => {
    const r = seeded(42);
    const keys = new Map<string, number>();
    const trials = 20_000;
    for (let i = 0; i < trials; i++) {
      const k = splitShares(2, 3, 6, r).join(',');
      keys.set(k, (keys.get(k) ?? 0) + 1);
    }
    expect(keys.size).toBe(10);
    const fit = chiSquareFit([...keys.values()]);
    expect(fit.pValue).toBeGreaterThan(0.001);
  });

  it('gives every position the same mean (total / num) and a spread that is not degenerate', () => {
    const r = seeded(7);
    const num = 10;
    const total = 10_000;
    const trials = 5000;
    const sums = new Array<number>(num).fill(0);
    const sq = new Array<number>(num).fill(0);
    for (let i = 0; i < trials; i++) {
      splitShares(2, num, total, r).forEach((s, j) => {
        sums[j]! += s;
        sq[j]! += s * s;
      });
    }
    // a uniform composition: each share's variance ≈ (T²(n-1)) / (n²(n+1)) for large T
    const expectedVar = (total * total * (num - 1)) / (num * num * (num + 1));
    for (let j = 0; j < num; j++) {
      const mean = sums[j]! / trials;
      const variance = sq[j]! / trials - mean * mean;
      // standard error of the mean ≈ sqrt(var / trials) ≈ 13 fen; allow 5 of them
      expect(Math.abs(mean - total / num)).toBeLessThan(5 * Math.sqrt(expectedVar / trials));
      expect(variance / expectedVar).toBeGreaterThan(0.85);
      expect(variance / expectedVar).toBeLessThan(1.15);
    }
  });
});

describe('the send form (spec 001 section 5)', () => {
  const limits = {
    maxPerPersonFen: 1_000_000,
    remainingFen: 100_000_00,
    dayLimitCount: 3,
    sentToday: 0,
    direct: false,
  };
  const form = (over: Record<string, unknown> = {}) => ({
    num: 10,
    type: 2,
    amount: '100.00',
    wishingRemark: '',
    ...over,
  });
  const msgOf = (f: Record<string, unknown>, l = limits) => {
    const r = validateSend(f as never, l);
    return r.ok ? null : r.msg;
  };
  it('answers every message of the spec', () => {
    expect(msgOf(form({ num: '1.5' }))).toBe(MSG.numInteger);
    expect(msgOf(form({ num: 'abc' }))).toBe(MSG.numInteger);
    expect(msgOf(form({ num: 0 }))).toBe('红包个数必须为正整数');
    expect(msgOf(form({ num: -3 }))).toBe('红包个数必须为正整数');
    expect(msgOf(form({ num: 1001 }))).toBe('红包个数不能超过1000个');
    expect(msgOf(form({ num: 10, amount: '9.99' }))).toBe('人均单个红包金额不能小于1元');
    expect(msgOf(form({ type: 1, num: 2, amount: '0.99' }))).toBe('人均单个红包金额不能小于1元');
    expect(msgOf(form({ type: 1, num: 1, amount: '10000.01' }))).toBe(
      '人均单个红包金额不能大于10000元',
    );
    expect(
      msgOf(form({ type: 1, num: 2, amount: '100' }), { ...limits, remainingFen: 19_999 }),
    ).toBe('您的红包额度不足');
    expect(msgOf(form(), { ...limits, sentToday: 3 })).toBe('您每日可发红包次数为3次，已超限制');
    expect(msgOf(form({ num: 2 }), { ...limits, direct: true })).toBe(MSG.directOne);
    expect(msgOf(form({ amount: '1.234' }))).toBe(MSG.amountFormat);
    expect(msgOf(form({ amount: '1234567' }))).toBe(MSG.amountFormat);
    expect(msgOf(form({ amount: '-5' }))).toBe(MSG.amountFormat);
    expect(msgOf(form({ wishingRemark: '一二三四五六七八九十一二三四五六七八九十一' }))).toBe(
      MSG.remarkLong,
    );
    expect(msgOf(form({ type: 3 }))).toBe(MSG.typeBad);
    expect(msgOf(form())).toBeNull();
  });
  it('defaults the wish and totals by type', () => {
    const r = parseSendForm(form({ type: 1, num: 3, amount: '2.50' }), false);
    expect(r.ok && r.plan).toMatchObject({
      totalFen: 750,
      amountFen: 250,
      wishingRemark: DEFAULT_WISH,
    });
    expect(
      checkLimits({ num: 1, type: 2, amountFen: 100, totalFen: 100, wishingRemark: 'x' }, limits),
    ).toBeNull();
  });
  it('derives the viewer state', () => {
    const f = {
      expired: false,
      refunded: false,
      allTaken: false,
      receivedFen: null,
      viewerIsSender: false,
    };
    expect(viewerState(f)).toBe(0);
    expect(viewerState({ ...f, receivedFen: 5, allTaken: true })).toBe(2);
    expect(viewerState({ ...f, allTaken: true })).toBe(3);
    expect(viewerState({ ...f, allTaken: true, viewerIsSender: true })).toBe(5);
    expect(viewerState({ ...f, expired: true })).toBe(1);
    expect(viewerState({ ...f, expired: true, refunded: true })).toBe(4);
  });
});

describe('the envelope message (type 3)', () => {
  it('parses the sent form into the plan and refuses junk', () => {
    expect(
      parseEnvelopeMessage('{"num":2,"type":1,"amount":"1.5","wishingRemark":"好运"}'),
    ).toEqual({
      ok: true,
      body: JSON.stringify({
        num: 2,
        type: 1,
        amountFen: 150,
        totalFen: 300,
        wishingRemark: '好运',
      }),
    });
    for (const junk of ['x', '[]', 'null', '{"num":1}', '{"num":1,"type":2,"amount":{}}'])
      expect(parseEnvelopeMessage(junk).ok).toBe(false);
  });
  it('stores the record id, type, wish and count; previews as [红包] and the wish', () => {
    const body = envelopeBody('HB000000000000000001', { type: 2, wishingRemark: '恭喜', num: 3 });
    expect(JSON.parse(body)).toEqual({
      recordId: 'HB000000000000000001',
      type: 2,
      wishingRemark: '恭喜',
      num: 3,
    });
    expect(envelopePreview(body)).toBe('[红包]恭喜');
    expect(envelopePreview('junk')).toBe('[红包]');
  });
});
