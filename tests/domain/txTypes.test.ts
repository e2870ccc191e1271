import { describe, expect, it } from 'vitest';
import {
  isManualType,
  MANUAL_CREDIT_TYPE,
  MANUAL_DEBIT_TYPE,
  TX_TYPE_GROUPS,
  TxType,
  txTypeGroup,
  txTypeName,
  txTypeNames,
} from '../../src/domain/txTypes.ts';

describe('the transaction type catalogue', () => {
  it('gives every constant a distinct code and every code a Chinese name', () => {
    const codes = Object.values(TxType);
    expect(new Set(codes).size).toBe(codes.length);
    expect(
      Object.keys(txTypeNames)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...codes].sort((a, b) => a - b));
    expect(TxType.BET).toBe(301);
    expect(txTypeName(TxType.LOTTERY_WIN)).toBe('彩票中奖');
    expect(txTypeName(999)).toBe('类型999');
  });

  it('derives the spec groups and their ranges from the codes', () => {
    expect(TX_TYPE_GROUPS.map((g) => [g.key, g.first, g.last, g.codes.length])).toEqual([
      ['recharge', 101, 115, 15],
      ['income', 201, 222, 22],
      ['deduct', 301, 311, 11],
      ['manual', 401, 423, 23],
      ['rebate', 501, 502, 2],
      ['wallet', 611, 616, 6],
    ]);
    expect(TX_TYPE_GROUPS.flatMap((g) => g.codes)).toHaveLength(Object.keys(txTypeNames).length);
    expect(txTypeGroup('wallet').codes).toEqual([611, 612, 613, 614, 615, 616]);
  });

  it('keeps the manual helpers on the manual group', () => {
    expect([MANUAL_CREDIT_TYPE, MANUAL_DEBIT_TYPE]).toEqual([401, 402]);
    expect([400, 401, 423, 424, TxType.BET].map(isManualType)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
