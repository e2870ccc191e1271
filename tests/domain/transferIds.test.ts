import { describe, expect, it } from 'vitest';
import {
  parseTransferId,
  storedTransferId,
  TRANSFER_KINDS,
  transferIdAround,
  transferIds,
  type TransferId,
  type TransferKind,
} from '../../src/domain/transferIds.ts';

/**
 * Today's formats, written out by hand as the databases hold them (the code that wrote each before the
 * registry is named): the ledger's exactly-once rule matches new transfers against these rows, so a
 * builder must produce exactly these bytes.
 */
const FORMATS: readonly (readonly [kind: TransferKind, built: TransferId, expected: string])[] = [
  ['betStake', transferIds.betStake(9001), 'bet:9001'], // betting/store.ts `bet:${o.id}`
  ['betCancelRefund', transferIds.betCancelRefund(9001), 'cancel:9001'], // betting/cancel.ts
  ['chaseRefund', transferIds.chaseRefund(9001), 'chase:9001'], // betting/cancel.ts, settlement/chase.ts
  ['systemRefund', transferIds.systemRefund(9001), 'sys:9001'], // settlement/cancel.ts, compute.ts
  ['prize', transferIds.prize(9001, 2), 'win:9001:v2'], // settlement/compute.ts `win:${bet.id}:v${v}`
  ['tieRefund', transferIds.tieRefund(9001, 1), 'tie:9001:v1'],
  [
    'rebate',
    transferIds.rebate('cqssc', '20261128-042', 77, 9001, 14000, 1),
    'rb:cqssc:20261128-042:77:9001-14000:v1',
  ],
  [
    'uplineRebate',
    transferIds.uplineRebate('jsk3', '20261128042', 5, 1, 1, 3),
    'urb:jsk3:20261128042:5:1-1:v3',
  ],
  ['reversal', transferIds.reversal(transferIds.prize(9001, 1)), 'rev:win:9001:v1'], // settlement/reverse.ts `rev:${id}`
  ['reversal', transferIds.reversal(storedTransferId('rb:9001:v1')), 'rev:rb:9001:v1'],
  ['recharge', transferIds.recharge(31), 'recharge:31'], // payments/orders.ts
  ['withdrawHold', transferIds.withdrawHold(12), 'withdraw:hold:12'], // withdraw/orders.ts
  ['withdrawPay', transferIds.withdrawPay(12), 'withdraw:pay:12'], // withdraw/decide.ts
  ['withdrawFee', transferIds.withdrawFee(12), 'withdraw:fee:12'],
  ['withdrawReject', transferIds.withdrawReject(12), 'withdraw:reject:12'],
  ['envelopeSend', transferIds.envelopeSend('R8k2Hq'), 'rs:R8k2Hq'], // redEnvelope/send.ts
  ['envelopeOpen', transferIds.envelopeOpen('R8k2Hq', 44), 'rp:R8k2Hq:44'], // redEnvelope/open.ts
  ['envelopeRefund', transferIds.envelopeRefund('R8k2Hq'), 'rr:R8k2Hq'], // redEnvelope/refund.ts
  ['activityEnvelopeClaim', transferIds.activityEnvelopeClaim(3, 44), 'ar:3:44'], // activity/claim.ts
  ['activityPayout', transferIds.activityPayout(6, 44, 'D2026-11-28'), 'act:6:44:D2026-11-28'], // domain/activity
  ['activityPayout', transferIds.activityPayout(6, 44, 'ONCE'), 'act:6:44:ONCE'],
  ['pledgeBuy', transferIds.pledgeBuy(8), 'pledge-buy:8'], // wallet/pledge.ts
  ['pledgeRedeem', transferIds.pledgeRedeem(8, 2), 'pledge-redeem:8:2'],
  ['pledgePenalty', transferIds.pledgePenalty(8, 1), 'pledge-penalty:8:1'],
  ['pledgeProfit', transferIds.pledgeProfit(8, 3), 'pledge-profit:8:3'],
  ['virtualWalletIn', transferIds.virtualWalletIn(44, 'a1b2c3d4e5'), 'vw-in:44:a1b2c3d4e5'], // wallet/service.ts
  ['virtualWalletOut', transferIds.virtualWalletOut(44, 'req_Z-9'), 'vw-out:44:req_Z-9'],
  [
    'virtualWalletInterest',
    transferIds.virtualWalletInterest(44, '2026-11-27'),
    'vw-interest:44:2026-11-27',
  ], // wallet/jobs.ts
  ['adminAdjust', transferIds.adminAdjust('0f3c9a7e'), 'admin-adjust:0f3c9a7e'], // ledger/adjust.ts
  ['seed', transferIds.seed('demo'), 'seed:demo'], // seed.ts
  ['fixture', transferIds.fixture('test-fund:1'), 'fixture:test-fund:1'],
];

/** Ids older code wrote: still in databases, parsed (a reversal finds their bet and version). */
const LEGACY: readonly (readonly [
  kind: TransferKind,
  id: string,
  parts: Record<string, number>,
])[] = [
  ['rebatePerBet', 'rb:9001:v2', { betId: 9001, version: 2 }],
  ['uplineRebatePerBet', 'urb:9001:55:v1', { betId: 9001, uplineId: 55, version: 1 }],
];

const live = Object.entries(TRANSFER_KINDS).filter(([, s]) => !('legacy' in s));

describe('the transfer-id registry', () => {
  it('builds every format byte for byte as the databases hold it', () => {
    for (const [, built, expected] of FORMATS) expect(built).toBe(expected);
    const covered = new Set(FORMATS.map(([k]) => k));
    expect(live.map(([k]) => k).filter((k) => !covered.has(k as TransferKind))).toEqual([]);
  });

  it('parses every id back into its kind and the parts it was built from', () => {
    for (const [kind, built] of FORMATS) {
      const parsed = parseTransferId(built);
      expect(parsed?.kind).toBe(kind);
      const spec = TRANSFER_KINDS[kind];
      const again = (transferIds as unknown as Record<string, (...a: unknown[]) => string>)[kind]!(
        ...spec.parts.map(([name]) => (parsed!.parts as Record<string, unknown>)[name]),
      );
      expect(again).toBe(built);
    }
    expect(parseTransferId('rb:cqssc:20261128-042:77:9001-14000:v1')).toEqual({
      kind: 'rebate',
      parts: {
        lotteryCode: 'cqssc',
        issue: '20261128-042',
        userId: 77,
        firstBetId: 9001,
        lastBetId: 14000,
        version: 1,
      },
    });
    expect(parseTransferId('rev:win:9001:v1')).toEqual({
      kind: 'reversal',
      parts: { original: 'win:9001:v1' },
    });
    for (const [kind, id, parts] of LEGACY) expect(parseTransferId(id)).toEqual({ kind, parts });
  });

  it('gives every live kind a prefix no other kind starts with', () => {
    const prefixes = live.map(([, s]) => `${s.prefix}:`);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const a of prefixes)
      for (const b of prefixes)
        if (a !== b) expect(b.startsWith(a), `${a} starts ${b}`).toBe(false);
  });

  it('lets a legacy kind share only its successor prefix, with a shape neither can match for the other', () => {
    const fixedCount = (parts: readonly (readonly string[])[]) => {
      expect(parts.every(([, type]) => type !== 'rest' && type !== 'transferId')).toBe(true);
      return parts.length;
    };
    for (const [kind, spec] of Object.entries(TRANSFER_KINDS).filter(([, s]) => 'legacy' in s)) {
      const same = live.filter(
        ([, s]) =>
          s.prefix === spec.prefix ||
          `${s.prefix}:`.startsWith(`${spec.prefix}:`) ||
          `${spec.prefix}:`.startsWith(`${s.prefix}:`),
      );
      expect(same, kind).toHaveLength(1);
      expect(fixedCount(same[0]![1].parts)).not.toBe(fixedCount(spec.parts));
    }
  });

  it('keeps only the last part of a kind free to hold a colon', () => {
    for (const [kind, spec] of Object.entries(TRANSFER_KINDS)) {
      for (const [name, type] of spec.parts.slice(0, -1))
        expect(['rest', 'transferId'], `${kind}.${name}`).not.toContain(type);
    }
  });

  it('refuses a part the format cannot hold instead of writing an ambiguous id', () => {
    expect(() => transferIds.betStake(-1)).toThrow(/betId/);
    expect(() => transferIds.betStake(1.5)).toThrow(/betId/);
    expect(() => transferIds.prize(Number.NaN, 1)).toThrow(/betId/);
    expect(() => transferIds.envelopeOpen('a:b', 1)).toThrow(/recordCode/);
    expect(() => transferIds.envelopeSend('')).toThrow(/recordCode/);
    expect(() => transferIds.virtualWalletInterest(1, '2026-1-2')).toThrow(/day/);
    expect(() => transferIds.rebate('cqssc', 'a:b', 1, 1, 2, 1)).toThrow(/issue/);
  });

  it('answers null for ids no kind describes', () => {
    for (const id of [
      '',
      'bet:',
      'bet:01',
      'bet:1:2',
      'win:1',
      'win:1:2',
      'xyz:1',
      'withdraw:1',
      'vw-interest:1:today',
      'rb:1-2:v1',
    ]) {
      expect(parseTransferId(id), id).toBeNull();
    }
  });

  it('gives SQL the same bytes around a part the query fills from a column', () => {
    expect(transferIdAround('virtualWalletInterest', 'userId', { day: '2026-11-27' })).toEqual({
      before: 'vw-interest:',
      after: ':2026-11-27',
    });
    expect(transferIdAround('reversal', 'original', {})).toEqual({ before: 'rev:', after: '' });
    expect(transferIdAround('virtualWalletInterest', 'day', { userId: 44 })).toEqual({
      before: 'vw-interest:44:',
      after: '',
    });
    expect(transferIdAround('prize', 'version', { betId: 7 })).toEqual({
      before: 'win:7:v',
      after: '',
    });
    expect(
      transferIdAround('rebate', 'lastBetId', {
        lotteryCode: 'c',
        issue: 'i',
        userId: 1,
        firstBetId: 2,
        version: 3,
      }),
    ).toEqual({ before: 'rb:c:i:1:2-', after: ':v3' });
  });
});
