/** Payout caps (单注/单期最高派奖): the cut of a player's prizes of one issue, the defaults, the operator's text. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYOUT_CAPS,
  capPrizes,
  formatCapYuan,
  payoutCapFromText,
  payoutCapsOf,
  payoutCapsProblem,
  ticketTopPrizeFen,
} from '../../src/domain/lottery/caps.ts';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import { LOTTERY_FAMILIES } from '../../src/domain/lottery/types.ts';

const caps = { perBetFen: 1000, perIssueFen: 2500 };

describe('capPrizes', () => {
  it('leaves prizes under both caps alone', () => {
    expect(capPrizes([100, 0, 900], caps)).toEqual([
      { prizeFen: 100, uncappedFen: 100, cutBy: null },
      { prizeFen: 0, uncappedFen: 0, cutBy: null },
      { prizeFen: 900, uncappedFen: 900, cutBy: null },
    ]);
  });

  it('cuts one bet to the per-bet cap', () => {
    expect(capPrizes([5000], caps)).toEqual([{ prizeFen: 1000, uncappedFen: 5000, cutBy: 'bet' }]);
  });

  it('consumes the per-issue cap in bet order: the later bets get what is left, then nothing', () => {
    const out = capPrizes([800, 5000, 900, 700, 300], caps);
    expect(out.map((c) => c.prizeFen)).toEqual([800, 1000, 700, 0, 0]);
    expect(out.map((c) => c.cutBy)).toEqual([null, 'bet', 'issue', 'issue', 'issue']);
    expect(out.reduce((s, c) => s + c.prizeFen, 0)).toBe(caps.perIssueFen);
  });

  it('counts what was already paid in the issue first', () => {
    expect(capPrizes([900, 900], caps, 2000).map((c) => c.prizeFen)).toEqual([500, 0]);
    expect(capPrizes([900], caps, 9999).map((c) => c.prizeFen)).toEqual([0]);
  });

  it('never pays more than either cap, whatever the prizes (deterministic)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 500; round++) {
      const prizes = Array.from({ length: 1 + (next() % 8) }, () => next() % 3000);
      const out = capPrizes(prizes, caps);
      expect(capPrizes(prizes, caps)).toEqual(out);
      const total = out.reduce((s, c) => s + c.prizeFen, 0);
      expect(total).toBeLessThanOrEqual(caps.perIssueFen);
      expect(total).toBe(
        Math.min(
          caps.perIssueFen,
          prizes.reduce((s, p) => s + Math.min(p, caps.perBetFen), 0),
        ),
      );
      out.forEach((c, i) => {
        expect(c.prizeFen).toBeLessThanOrEqual(Math.min(prizes[i]!, caps.perBetFen));
        expect(c.cutBy === null).toBe(c.prizeFen === prizes[i]);
      });
    }
  });

  it('refuses a non-integer prize and non-positive caps', () => {
    expect(() => capPrizes([1.5], caps)).toThrow();
    expect(() => capPrizes([1], { perBetFen: 0, perIssueFen: 1 })).toThrow();
  });
});

describe('defaults and operator text', () => {
  it('KL8 pays at most its official 500万元 per bet; every family has positive caps, per issue ≥ per bet', () => {
    expect(DEFAULT_PAYOUT_CAPS.KL8.perBetFen).toBe(5_000_000 * 100);
    for (const f of LOTTERY_FAMILIES) {
      const c = DEFAULT_PAYOUT_CAPS[f];
      expect(c.perBetFen).toBeGreaterThan(0);
      expect(payoutCapsProblem(c)).toBeNull();
    }
  });

  it('a lottery’s own cap replaces the default, null keeps it', () => {
    expect(payoutCapsOf('SSC', { perBetFen: 5000, perIssueFen: null })).toEqual({
      perBetFen: 5000,
      perIssueFen: DEFAULT_PAYOUT_CAPS.SSC.perIssueFen,
    });
  });

  it('reads whole yuan, refuses the rest in Chinese', () => {
    expect(payoutCapFromText(' 500000 ', '单注最高派奖')).toEqual({ ok: true, fen: 50_000_000 });
    expect(payoutCapFromText('', '单注最高派奖')).toEqual({ ok: true, fen: null });
    for (const bad of ['0', '-1', '1.5', 'abc', '1e6']) {
      const r = payoutCapFromText(bad, '单注最高派奖');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.msg).toBe('单注最高派奖须为正整数（元）');
    }
    expect(payoutCapFromText('100000001', '单期最高派奖')).toEqual({
      ok: false,
      msg: '单期最高派奖不能超过10000万元',
    });
    expect(payoutCapsProblem({ perBetFen: 200, perIssueFen: 100 })).toBe(
      '单期最高派奖不能低于单注最高派奖',
    );
  });

  it('formats caps the way players read them', () => {
    expect(formatCapYuan(5_000_000 * 100)).toBe('500万元');
    expect(formatCapYuan(12_345 * 100)).toBe('12345元');
    expect(formatCapYuan(150)).toBe('1.50元');
  });
});

describe('ticketTopPrizeFen', () => {
  it('KL8 选十 at unit 元 ×1 can win far above 500万元 at the cap group', () => {
    const play = getPlay('KL8', 'RX10')!;
    const top = ticketTopPrizeFen(play, {
      unit: 'yuan',
      multiple: 1,
      lines: 1,
      amountFen: 200,
      betGroup: 1960,
      odds: null,
    })!;
    expect(top).toBeGreaterThan(DEFAULT_PAYOUT_CAPS.KL8.perBetFen);
    const jiao = ticketTopPrizeFen(play, {
      unit: 'jiao',
      multiple: 1,
      lines: 1,
      amountFen: 20,
      betGroup: 1960,
      odds: null,
    })!;
    expect(jiao).toBe(Math.floor(top / 10));
  });

  it('an odds play: stake per line × the best odds', () => {
    const play = getPlay('LHC', 'TM')!;
    const top = ticketTopPrizeFen(play, {
      unit: 'yuan',
      multiple: 1,
      lines: 4,
      amountFen: 4000,
      betGroup: 1960,
      odds: { number: 485_000 },
    });
    expect(top).toBe(48_500);
  });
});
