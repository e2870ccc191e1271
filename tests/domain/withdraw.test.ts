import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  checkWithdrawAmount,
  DEFAULT_WITHDRAW_SETTINGS as D,
  isOpenAt,
  maskAccountNo,
  parsePercentToBp,
  parseWithdrawAmount,
  settingsFromWire,
  settingsToWire,
  withdrawFee,
} from '../../src/domain/withdraw';

describe('withdraw amount (wMoney: whole yuan)', () => {
  it('parses positive whole yuan only', () => {
    expect(parseWithdrawAmount('100')).toBe(10_000);
    expect(parseWithdrawAmount('9999999999')).toBe(999_999_999_900);
    for (const bad of ['0', '-1', '1.5', '100.00', '1e3', ' 1', '01', '', 'abc', '12345678901'])
      expect(parseWithdrawAmount(bad)).toBeNull();
  });
  it('checks the limits', () => {
    expect(checkWithdrawAmount(null, D)).toBe('提现金额须为正整数（元）');
    expect(checkWithdrawAmount(9_900, D)).toBe('单笔最低提现100.00元');
    expect(checkWithdrawAmount(5_000_100, D)).toBe('单笔最高提现50000.00元');
    expect(checkWithdrawAmount(10_000, D)).toBeNull();
  });
});

describe('fee', () => {
  it('is free for the first freeCount of the day, then a percent within min and max, rounded half up', () => {
    expect(withdrawFee(10_000, D, 0)).toBe(0);
    expect(withdrawFee(10_000, D, 1)).toBe(100); // 1 % = 1.00, the minimum
    expect(withdrawFee(25_000, D, 1)).toBe(250);
    expect(withdrawFee(10_000_000, D, 3)).toBe(5_000); // capped at 50
    expect(withdrawFee(12_345, { ...D, feeBp: 150, feeMinFen: 0 }, 1)).toBe(185); // 185.175 → 185
    expect(withdrawFee(12_300, { ...D, feeBp: 50, feeMinFen: 0 }, 1)).toBe(62); // 61.5 → 62
    expect(withdrawFee(10_000_000, { ...D, feeMaxFen: 0 }, 1)).toBe(100_000); // no cap
    expect(withdrawFee(10_000, { ...D, feeBp: 0 }, 5)).toBe(0);
    expect(() => withdrawFee(0, D, 0)).toThrow();
  });
});

describe('open hours (Beijing time)', () => {
  const at = (hh: number, mm = 0) =>
    Date.UTC(2026, 0, 1, hh - 8 < 0 ? hh + 16 : hh - 8, mm) - (hh - 8 < 0 ? 86_400_000 : 0);
  it('handles all day, a daytime window and one across midnight', () => {
    expect(isOpenAt({ openStart: '00:00', openEnd: '00:00' }, at(3))).toBe(true);
    expect(isOpenAt({ openStart: '09:00', openEnd: '18:00' }, at(9))).toBe(true);
    expect(isOpenAt({ openStart: '09:00', openEnd: '18:00' }, at(18))).toBe(false);
    expect(isOpenAt({ openStart: '09:00', openEnd: '18:00' }, at(8, 59))).toBe(false);
    expect(isOpenAt({ openStart: '22:00', openEnd: '02:00' }, at(23))).toBe(true);
    expect(isOpenAt({ openStart: '22:00', openEnd: '02:00' }, at(1))).toBe(true);
    expect(isOpenAt({ openStart: '22:00', openEnd: '02:00' }, at(12))).toBe(false);
  });
});

describe('settings', () => {
  it('round-trip through the wire form', () => {
    expect(settingsToWire(D)).toMatchObject({
      minAmount: '100.00',
      feePercent: '1.00',
      feeMax: '50.00',
    });
    expect(settingsFromWire(settingsToWire(D))).toEqual(D);
    expect(settingsFromWire({ ...settingsToWire(D), minAmount: 'x' })).toBeNull();
  });
  it('percent to basis points, 0 to 100', () => {
    expect(parsePercentToBp('1.5')).toBe(150);
    expect(parsePercentToBp('100')).toBe(10_000);
    expect(parsePercentToBp('100.01')).toBeNull();
    expect(parsePercentToBp('-1')).toBeNull();
  });
  it('refuses inconsistent settings', () => {
    expect(checkSettings(D)).toBeNull();
    expect(checkSettings({ ...D, maxFen: 100 })).toBe('最高提现金额不能低于最低提现金额');
    expect(checkSettings({ ...D, minFen: 150 })).toBe('最低提现金额须为不少于1元的整数元');
    expect(checkSettings({ ...D, freeCount: 9 })).toBe('免费次数不能多于每日次数');
    expect(checkSettings({ ...D, feeMinFen: 9_000 })).toBe('手续费上限不能低于下限');
  });
  it('masks account numbers to the last four', () => {
    expect(maskAccountNo('6225880012345678')).toBe('**** 5678');
    expect(maskAccountNo('123')).toBe('123');
  });
});
