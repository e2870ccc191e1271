import { describe, expect, it } from 'vitest';
import {
  parseTransferRef,
  storedTransferRef,
  TRANSFER_REF_KINDS,
  transferRefPrefix,
  transferRefs,
  type TransferRef,
  type TransferRefKind,
} from '../../src/domain/transferRefs.ts';

/**
 * Today's refs, written out by hand as the databases hold them (the code that wrote each before the
 * registry is named): settlement and the pledge statement find transfers by these bytes, so a builder
 * must produce exactly them.
 */
const FORMATS: readonly (readonly [kind: TransferRefKind, built: TransferRef, expected: string])[] =
  [
    ['bet', transferRefs.bet(9001), 'bet:9001'], // betting/store.ts, settlement/common.ts `bet:${betId}`
    ['issue', transferRefs.issue('1001', '20261128-042'), 'issue:1001:20261128-042'], // settlement/common.ts
    ['activity', transferRefs.activity(6), 'activity:6'], // activity/promotionClaim.ts, activity/claim.ts
    ['pledgeOrder', transferRefs.pledgeOrder(8), 'pledge-order:8'], // wallet/pledge.ts
    [
      'withdrawOrder',
      transferRefs.withdrawOrder('W2026112800000012'),
      'withdraw:W2026112800000012',
    ], // withdraw/
    ['code', transferRefs.code('R20261128093000123456'), 'R20261128093000123456'], // payments/orders.ts
    ['code', transferRefs.code('HB123456789012345678'), 'HB123456789012345678'], // redEnvelope/
  ];

describe('transfer refs', () => {
  it('builds every kind byte for byte as the databases hold it, and reads it back', () => {
    expect(new Set(FORMATS.map(([k]) => k))).toEqual(new Set(Object.keys(TRANSFER_REF_KINDS)));
    for (const [kind, built, expected] of FORMATS) {
      expect(built, kind).toBe(expected);
      expect(parseTransferRef(expected)?.kind, expected).toBe(kind);
    }
    expect(parseTransferRef('issue:1001:20261128-042')).toEqual({
      kind: 'issue',
      parts: { lotteryCode: '1001', issue: '20261128-042' },
    });
    expect(parseTransferRef('bet:9001')).toEqual({ kind: 'bet', parts: { betId: 9001 } });
    expect(parseTransferRef('R2026')).toEqual({ kind: 'code', parts: { code: 'R2026' } });
  });

  it('gives every kind a prefix no other kind starts with', () => {
    const prefixes = Object.values(TRANSFER_REF_KINDS).flatMap((s) =>
      s.prefix === null ? [] : [`${s.prefix}:`],
    );
    expect(prefixes.length).toBe(Object.keys(TRANSFER_REF_KINDS).length - 1);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const a of prefixes)
      for (const b of prefixes)
        if (a !== b) expect(b.startsWith(a), `${a} starts ${b}`).toBe(false);
  });

  it('refuses a part that would make a ref read back as another', () => {
    expect(() => transferRefs.code('bet:1')).toThrow(/bad code/);
    expect(() => transferRefs.issue('1001', 'a:b')).toThrow(/bad issue/);
    expect(() => transferRefs.withdrawOrder('')).toThrow(/bad orderNo/);
    expect(() => transferRefs.bet(-1)).toThrow(/bad betId/);
    expect(() => transferRefs.bet(1.5)).toThrow(/bad betId/);
    expect(() => transferRefs.pledgeOrder(Number.NaN)).toThrow(/bad orderId/);
  });

  it('reads back nothing it does not describe', () => {
    for (const ref of [
      '',
      'bet:',
      'bet:01',
      'bet:1:2',
      'bet:x',
      'issue:1001',
      'pledge-order:',
      'a:b',
    ])
      expect(parseTransferRef(ref), ref).toBeNull();
  });

  it('gives SQL the prefix a kind writes', () => {
    expect(transferRefPrefix('bet')).toBe('bet:');
    expect(transferRefs.bet(7).startsWith(transferRefPrefix('bet'))).toBe(true);
    expect(transferRefPrefix('pledgeOrder')).toBe('pledge-order:');
    expect(storedTransferRef('bet:7')).toBe(transferRefs.bet(7));
  });
});
