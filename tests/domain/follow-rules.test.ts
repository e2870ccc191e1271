/** Spec 001 §5 share edit and push-bet rules (domain/follow), and the rows a follow sends to addBetting. */
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_INPUT_MAX_CHARS,
  FOLLOW_MSG,
  MULTIPLE_INPUT_MAX_CHARS,
  allowsMultipleMode,
  checkFollowInput,
  followModeOf,
  followTotalYuan,
  initialStake,
  issueClosedMessage,
  normaliseAmount,
  normaliseMultiple,
  normaliseUnit,
  stakeTotalFen,
  toBettingRows,
  type FollowStake,
} from '../../src/domain/follow';
import { getPlay, quoteBet } from '../../src/domain/lottery';

describe('share edit normalisation', () => {
  it('keeps the multiple within 1-10000 and resets non-integers, zero and negatives to 1', () => {
    expect(normaliseMultiple(5)).toBe(5);
    expect(normaliseMultiple('12')).toBe(12);
    expect(normaliseMultiple(10_000)).toBe(10_000);
    expect(normaliseMultiple(10_001)).toBe(10_000);
    for (const bad of [0, '0', 2.5, '2.5', -3, '', 'abc', null, undefined, Number.NaN])
      expect(normaliseMultiple(bad)).toBe(1);
  });
  it('keeps the amount within 1-1,000,000 and resets non-integers or zero to 1', () => {
    expect(normaliseAmount('7')).toBe(7);
    expect(normaliseAmount(1_000_000)).toBe(1_000_000);
    expect(normaliseAmount(1_000_001)).toBe(1_000_000);
    for (const bad of [0, '0', '1.5', 0.5, -1, '', 'x']) expect(normaliseAmount(bad)).toBe(1);
  });
  it('reads the unit: yuan 1, jiao 0.1, fen 0.01, anything else yuan', () => {
    expect(normaliseUnit(1)).toBe('yuan');
    expect(normaliseUnit(0.1)).toBe('jiao');
    expect(normaliseUnit('0.1')).toBe('jiao');
    expect(normaliseUnit(0.01)).toBe('fen');
    expect(normaliseUnit('0.01')).toBe('fen');
    expect(normaliseUnit('jiao')).toBe('jiao');
    expect(normaliseUnit(undefined)).toBe('yuan');
    expect(normaliseUnit(7)).toBe('yuan');
  });
});

describe('multiple mode', () => {
  it('applies to FC3D, PK10, SSC, SYX5, PL35, KL8 except the five excluded plays', () => {
    for (const f of ['FC3D', 'PK10', 'SSC', 'SYX5', 'PL35', 'KL8'])
      expect(allowsMultipleMode(f, 'A01')).toBe(true);
    for (const f of ['K3', 'LHC', 'BJ28']) expect(allowsMultipleMode(f, 'A01')).toBe(false);
    expect(allowsMultipleMode('PK10', 'H11')).toBe(false);
    expect(allowsMultipleMode('PK10', 'G11')).toBe(false);
    expect(allowsMultipleMode('SSC', 'K11')).toBe(false);
    expect(allowsMultipleMode('SSC', 'L11')).toBe(false);
    expect(allowsMultipleMode('SSC', 'J11')).toBe(false);
    expect(allowsMultipleMode('SYX5', 'K11')).toBe(true);
  });
  it('stakes prize-group plays by multiple and odds plays by amount', () => {
    expect(followModeOf('prizeGroup')).toBe('multiple');
    expect(followModeOf('odds')).toBe('amount');
  });
});

describe('push-bet input', () => {
  it('says which field is empty', () => {
    expect(checkFollowInput('', 'amount')).toEqual({ ok: false, msg: '请输入单注金额' });
    expect(checkFollowInput('  ', 'multiple')).toEqual({ ok: false, msg: '请输入单注倍数' });
  });
  it('takes a positive integer up to 1,000,000 (amount) or 10,000 (multiple)', () => {
    expect(checkFollowInput('1000000', 'amount')).toEqual({ ok: true, value: 1_000_000 });
    expect(checkFollowInput('1000001', 'amount')).toEqual({
      ok: false,
      msg: FOLLOW_MSG.amountTooLarge,
    });
    expect(checkFollowInput('10000', 'multiple')).toEqual({ ok: true, value: 10_000 });
    expect(checkFollowInput('10001', 'multiple')).toEqual({
      ok: false,
      msg: FOLLOW_MSG.multipleTooLarge,
    });
    expect(checkFollowInput('0', 'amount')).toEqual({
      ok: false,
      msg: FOLLOW_MSG.amountNotInteger,
    });
    expect(checkFollowInput('2.5', 'multiple')).toEqual({
      ok: false,
      msg: FOLLOW_MSG.multipleNotInteger,
    });
    expect(checkFollowInput('-3', 'amount').ok).toBe(false);
  });
  it('limits the field to 7 characters (amount) and 5 (multiple)', () => {
    expect(AMOUNT_INPUT_MAX_CHARS).toBe(String(1_000_000).length);
    expect(MULTIPLE_INPUT_MAX_CHARS).toBe(String(10_000).length);
  });
});

describe('totals', () => {
  it('amount mode: count × amount; multiple mode: count × 2 × unit × multiple', () => {
    expect(stakeTotalFen({ mode: 'amount', bettingCount: 3, unit: 'yuan', value: 5 })).toBe(1500);
    expect(stakeTotalFen({ mode: 'multiple', bettingCount: 3, unit: 'yuan', value: 5 })).toBe(3000);
    expect(stakeTotalFen({ mode: 'multiple', bettingCount: 3, unit: 'jiao', value: 5 })).toBe(300);
    expect(stakeTotalFen({ mode: 'multiple', bettingCount: 1, unit: 'fen', value: 1 })).toBe(2);
  });
  it('sums entries to 2 decimals', () => {
    const stakes: FollowStake[] = [
      { mode: 'multiple', bettingCount: 1, unit: 'fen', value: 3 },
      { mode: 'multiple', bettingCount: 7, unit: 'jiao', value: 1 },
      { mode: 'amount', bettingCount: 2, unit: 'yuan', value: 10 },
    ];
    expect(followTotalYuan(stakes)).toBe('21.46');
    expect(followTotalYuan([])).toBe('0.00');
  });
  it('the multiple-mode total is what the betting rules price (quoteBet)', () => {
    const play = getPlay('SSC', 'WX_ZXFS')!;
    const rows = [[1, 2], [3], [4], [5], [6, 7]];
    const q = quoteBet(
      play,
      { rows },
      { unit: 'jiao', multiple: 9, userGroup: 1950, rebatePermille: 0 },
    );
    if (!q.ok) throw new Error(q.msg);
    expect(stakeTotalFen({ mode: 'multiple', bettingCount: q.lines, unit: 'jiao', value: 9 })).toBe(
      q.amountFen,
    );
  });
});

describe('closed issue', () => {
  it('names the current issue', () => {
    expect(issueClosedMessage('20261124-0001', '20261124-0003')).toBe(
      '第20261124-0001期已截止，当前为第20261124-0003期',
    );
    expect(issueClosedMessage('20261124-0001', null)).toBe('第20261124-0001期已截止，暂停销售');
  });
});

describe('entries to addBetting rows', () => {
  const entry = {
    playDetailCode: '1008WX_ZXFS',
    bettingNumber: '1,2|3|4|5|6',
    bettingCount: 2,
    betDetail: '五星直选复式',
  };
  it('reads the shared stake with the share-edit rules', () => {
    expect(initialStake({ ...entry, bettingUnit: 0.1, graduationCount: 3 }, 'prizeGroup')).toEqual({
      mode: 'multiple',
      bettingCount: 2,
      unit: 'jiao',
      value: 3,
    });
    expect(initialStake({ ...entry, graduationCount: 2.5 }, 'prizeGroup')).toEqual({
      mode: 'multiple',
      bettingCount: 2,
      unit: 'yuan',
      value: 1,
    });
    expect(initialStake({ ...entry, bettingAmount: '20' }, 'odds')).toEqual({
      mode: 'amount',
      bettingCount: 2,
      unit: 'yuan',
      value: 20,
    });
    expect(initialStake({ ...entry, bettingAmount: '0' }, 'odds').value).toBe(1);
  });
  it('builds rows at the given issue with the wire unit, multiple, total and no rebate', () => {
    const r = toBettingRows(
      '1008',
      '20261124-0100',
      [entry, { ...entry, playDetailCode: '1008LM' }],
      [
        { mode: 'multiple', bettingCount: 2, unit: 'jiao', value: 3 },
        { mode: 'amount', bettingCount: 2, unit: 'yuan', value: 15 },
      ],
    );
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          lotteryCode: '1008',
          playDetailCode: '1008WX_ZXFS',
          bettingNumber: '1,2|3|4|5|6',
          bettingCount: 2,
          bettingAmount: '1.20',
          bettingPoint: 0,
          bettingUnit: 0.1,
          bettingIssue: '20261124-0100',
          graduationCount: 3,
        },
        {
          lotteryCode: '1008',
          playDetailCode: '1008LM',
          bettingNumber: '1,2|3|4|5|6',
          bettingCount: 2,
          bettingAmount: '30.00',
          bettingPoint: 0,
          bettingUnit: 1,
          bettingIssue: '20261124-0100',
          graduationCount: 1,
        },
      ],
    });
  });
  it('refuses a row above the largest stake of one bet', () => {
    const r = toBettingRows(
      '1008',
      'x',
      [entry],
      [{ mode: 'amount', bettingCount: 2, unit: 'yuan', value: 1_000_000 }],
    );
    expect(r.ok).toBe(false);
  });
});
