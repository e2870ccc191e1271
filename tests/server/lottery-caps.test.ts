/** Payout caps on the wire: the operator sets them (checked, Chinese messages), the betting page's catalogue carries them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let op: Awaited<ReturnType<TestContext['userClient']>>;
beforeAll(async () => {
  ctx = await setupTestApp();
  op = await ctx.userClient({ isOperator: true });
});

describe('payout caps', () => {
  it('the catalogue shows the family defaults: KL8 500万 per bet, others 100万', async () => {
    const kl8 = await ctx.client().get('/v1/lottery/lotteryPlays', { lotteryCode: '1308' });
    expect(kl8.data.payoutCaps).toEqual({
      maxPayoutPerBet: '5000000.00',
      maxPayoutPerIssue: '5000000.00',
    });
    const how = await ctx.client().get('/v1/lottery/howToPlay', { lotteryCode: '1008' });
    expect(how.data.payoutCaps).toEqual({
      maxPayoutPerBet: '1000000.00',
      maxPayoutPerIssue: '1000000.00',
    });
  });

  it('an operator sets the caps of a lottery; the catalogue version changes; empty text goes back to the default', async () => {
    const before = await ctx.client().get('/v1/lottery/lotteryPlays', { lotteryCode: '1412' });
    const res = await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1412',
      maxPayoutPerBet: '200000',
      maxPayoutPerIssue: '500000',
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      maxPayoutPerBet: '200000.00',
      maxPayoutPerIssue: '500000.00',
      ownMaxPayoutPerBet: '200000.00',
      ownMaxPayoutPerIssue: '500000.00',
      defaultMaxPayoutPerBet: '1000000.00',
    });
    const after = await ctx
      .client()
      .get('/v1/lottery/lotteryPlays', { lotteryCode: '1412', version: before.data.version });
    expect(after.data.unchanged).toBeUndefined();
    expect(after.data.version).not.toBe(before.data.version);
    expect(after.data.payoutCaps).toEqual({
      maxPayoutPerBet: '200000.00',
      maxPayoutPerIssue: '500000.00',
    });
    // another setting leaves the caps as they are
    const lead = await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1412',
      closeLeadSec: 30,
    });
    expect(lead.data).toMatchObject({ maxPayoutPerBet: '200000.00' });
    const reset = await op.post('/v1/admin/lottery/update', {
      lotteryCode: '1412',
      maxPayoutPerBet: '',
      maxPayoutPerIssue: '',
    });
    expect(reset.data).toMatchObject({
      maxPayoutPerBet: '1000000.00',
      ownMaxPayoutPerBet: null,
      ownMaxPayoutPerIssue: null,
    });
    const list = await op.get('/v1/admin/lottery/list');
    expect(
      list.data.list.find((l: { lotteryCode: string }) => l.lotteryCode === '1412'),
    ).toMatchObject({ maxPayoutPerIssue: '1000000.00' });
  });

  it('refuses bad caps with a Chinese message and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ maxPayoutPerBet: '0' }, '单注最高派奖须为正整数（元）'],
      [{ maxPayoutPerBet: '12.5' }, '单注最高派奖须为正整数（元）'],
      [{ maxPayoutPerIssue: '-3' }, '单期最高派奖须为正整数（元）'],
      [{ maxPayoutPerIssue: '999999999' }, '单期最高派奖不能超过10000万元'],
      [
        { maxPayoutPerBet: '300000', maxPayoutPerIssue: '200000' },
        '单期最高派奖不能低于单注最高派奖',
      ],
      // per bet above the default per-issue cap while that stays the default
      [{ maxPayoutPerBet: '2000000' }, '单期最高派奖不能低于单注最高派奖'],
    ];
    for (const [form, msg] of cases) {
      const res = await op.post('/v1/admin/lottery/update', { lotteryCode: '1008', ...form });
      expect(res.code, JSON.stringify(form)).toBe(-1);
      expect(res.msg).toBe(msg);
    }
    const plays = await ctx.client().get('/v1/lottery/lotteryPlays', { lotteryCode: '1008' });
    expect(plays.data.payoutCaps).toEqual({
      maxPayoutPerBet: '1000000.00',
      maxPayoutPerIssue: '1000000.00',
    });
  });
});
