/**
 * The follow (跟投) dialog against a stubbed network: the guest notice, the alert when the shared issue
 * has closed and the bet at the current one (addBetting with a stored request id), the push-bet limits
 * and messages, 余额不足 with 去充值 / 取消, a 返点 refusal refreshing the rebate, and 投注成功.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import { openFollowDialog, type FollowInput } from '../../src/client/features/follow/openFollow';
import {
  USER,
  callsTo,
  lotteryHandlers,
  ok,
  refuse,
  stubNetwork,
  type Handler,
} from './lottery-fixtures';
import { RefusalReason, refusalData } from '../../src/domain/errors';

const SHARED = '20261123-0001';
const CURRENT = '20261123-0002';
const T = 30_000;
const onSale = () => ({ issue: CURRENT, closeTime: Date.now() + 60_000 });

const input = (issue = CURRENT): FollowInput => ({
  source: 'share',
  lotteryCode: '1008',
  lotteryName: '鸿运分分彩',
  issue,
  entries: [
    {
      playDetailCode: '1008WX_ZXFS',
      bettingNumber: '1,2|3|4|5|6',
      bettingCount: 2,
      betDetail: '五星直选复式',
      betDetailContent: '12,3,4,5,6',
      bettingUnit: 0.1,
      graduationCount: 3,
    },
    {
      playDetailCode: '1008LM',
      bettingNumber: '大 小,-,-,-,-,-',
      bettingCount: 2,
      betDetail: '两面',
      bettingAmount: '5',
    },
  ],
});

let closed: Promise<void> | null = null;
function open(i: FollowInput, handlers: Record<string, Handler> = {}) {
  stubNetwork({ ...lotteryHandlers(onSale), ...handlers });
  render(<OverlayHost />);
  act(() => {
    closed = openFollowDialog(i);
  });
}
const sheet = () => screen.findByRole('dialog', { name: '跟投 · 鸿运分分彩' });
const total = () => screen.getByTestId('follow-total').textContent;

beforeEach(() => {
  currentUser.value = USER;
  setClockOffset(0);
  queryClient.clear();
  window.history.replaceState(null, '', '/chat');
});
afterEach(async () => {
  for (const b of screen.queryAllByRole('button', { name: '关闭' })) fireEvent.click(b);
  cleanup();
  document.querySelectorAll('[data-follow]').forEach((n) => {
    n.remove();
  });
  vi.unstubAllGlobals();
  closed = null;
});

describe('follow dialog', () => {
  it(
    'asks a guest to register (注册 / 取消) and opens no dialog',
    async () => {
      currentUser.value = null;
      open(input());
      const notice = await screen.findByRole('dialog', { name: '游客不能跟投，请先注册' });
      expect(within(notice).getByRole('button', { name: '取消' })).toBeTruthy();
      fireEvent.click(within(notice).getByRole('button', { name: '注册' }));
      await waitFor(() => expect(window.location.pathname).toBe('/register'));
      await closed;
      expect(screen.queryByRole('dialog', { name: '跟投 · 鸿运分分彩' })).toBeNull();
    },
    T,
  );

  it(
    'says the shared issue has closed naming the current one, and bets the entries there once',
    async () => {
      open(input(SHARED), {
        '/v1/betting/addBetting': () =>
          ok({
            orders: [
              { id: 1, orderNo: '1' },
              { id: 2, orderNo: '2' },
            ],
            balance: '988.80',
          }),
      });
      const alert = await screen.findByRole('dialog', {
        name: `第${SHARED}期已截止，当前为第${CURRENT}期`,
      });
      fireEvent.click(within(alert).getByRole('button', { name: '确定' }));
      const d = await sheet();
      expect(within(d).getByTestId('follow-issue').textContent).toContain(`当前第${CURRENT}期`);
      // 2 × 2 元 × 角 × 3 = 1.20, and 2 × 5 = 10.00
      await waitFor(() => expect(total()).toBe('11.20'));
      expect(within(d).getByText('五星直选复式')).toBeTruthy();
      expect(within(d).getByText('12,3,4,5,6')).toBeTruthy();
      fireEvent.click(within(d).getByRole('button', { name: '确认跟投' }));
      const done = await screen.findByRole('dialog', { name: '投注成功' });
      const [call] = callsTo('/v1/betting/addBetting');
      expect(callsTo('/v1/betting/addBetting')).toHaveLength(1);
      expect(call!.body.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(call!.body.get('bettingData')!)).toEqual([
        {
          lotteryCode: '1008',
          playDetailCode: '1008WX_ZXFS',
          bettingNumber: '1,2|3|4|5|6',
          bettingCount: 2,
          bettingAmount: '1.20',
          bettingPoint: 0,
          bettingUnit: 0.1,
          bettingIssue: CURRENT,
          graduationCount: 3,
        },
        {
          lotteryCode: '1008',
          playDetailCode: '1008LM',
          bettingNumber: '大 小,-,-,-,-,-',
          bettingCount: 2,
          bettingAmount: '10.00',
          bettingPoint: 0,
          bettingUnit: 1,
          bettingIssue: CURRENT,
          graduationCount: 1,
        },
      ]);
      fireEvent.click(within(done).getByRole('button', { name: '确定' }));
      await closed;
      expect(screen.queryByRole('dialog', { name: '跟投 · 鸿运分分彩' })).toBeNull();
    },
    T,
  );

  it(
    'applies the push-bet limits: empty input messages, caps by length, zero back to 1, the total',
    async () => {
      open(input());
      const d = await sheet();
      const multiple = await within(d).findByLabelText('单注倍数');
      const amount = within(d).getByLabelText('单注金额（元）');
      expect(multiple.getAttribute('maxlength')).toBe('5');
      expect(amount.getAttribute('maxlength')).toBe('7');
      fireEvent.change(multiple, { target: { value: '' } });
      expect(within(d).getByText('请输入单注倍数')).toBeTruthy();
      expect(total()).toBe('—');
      fireEvent.click(within(d).getByRole('button', { name: '确认跟投' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '请输入单注倍数' })).getByRole('button', {
          name: '确定',
        }),
      );
      fireEvent.change(amount, { target: { value: '' } });
      expect(within(d).getByText('请输入单注金额')).toBeTruthy();
      fireEvent.change(multiple, { target: { value: '0' } });
      fireEvent.blur(multiple);
      expect((multiple as HTMLInputElement).value).toBe('1');
      fireEvent.change(amount, { target: { value: '1000000' } });
      fireEvent.click(within(d).getByRole('radio', { name: '元' }));
      // 2 × 2 元 × 1 + 2 × 1,000,000
      expect(total()).toBe('2000004.00');
      fireEvent.change(multiple, { target: { value: '10000' } });
      expect(total()).toBe('2040000.00');
      expect(callsTo('/v1/betting/addBetting')).toHaveLength(0);
    },
    T,
  );

  it(
    'offers 去充值 or 取消 on 余额不足, and 去充值 opens the first recharge channel',
    async () => {
      open(input(), {
        '/v1/betting/addBetting': () =>
          refuse('余额不足', -1, refusalData(RefusalReason.INSUFFICIENT_BALANCE)),
        '/v1/transaction/frontPaySort': () =>
          ok({
            list: [
              {
                code: 'wechat',
                name: '微信支付',
                url: '/recharge/wechat',
                typeCode: 104,
                online: false,
              },
            ],
          }),
      });
      const d = await sheet();
      await waitFor(() => expect(total()).toBe('11.20'));
      fireEvent.click(within(d).getByRole('button', { name: '确认跟投' }));
      const confirm = await screen.findByRole('dialog', { name: '余额不足' });
      expect(within(confirm).getByRole('button', { name: '取消' })).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: '去充值' }));
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
    },
    T,
  );

  it(
    'refreshes the rebate on a 返点 refusal and shows the message',
    async () => {
      open(input(), {
        '/v1/betting/addBetting': () =>
          refuse('返点已变更，请重新投注', -1, refusalData(RefusalReason.REBATE_STALE)),
      });
      const d = await sheet();
      await waitFor(() => expect(total()).toBe('11.20'));
      const before = callsTo('/v1/betting/getBetRebate').length;
      fireEvent.click(within(d).getByRole('button', { name: '确认跟投' }));
      await screen.findByRole('dialog', { name: '返点已变更，请重新投注' });
      await waitFor(() => expect(callsTo('/v1/betting/getBetRebate').length).toBe(before + 1));
    },
    T,
  );
});
