/**
 * The recharge screen against a stubbed network: channel strip in PaySort order and switching, the
 * receiving account, amount checks with the domain words, the confirm step, the order with its number,
 * the requestId stored before sending and repeated after a dropped connection, and my recent orders.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { readPendingAction } from '../../src/client/money/moneyAction';
import { firstRechargePath } from '../../src/client/features/payments/firstChannel';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';
import { open, order, rechargeHandlers, SUBMIT, T } from './payments-fixtures';

beforeEach(() => {
  currentUser.value = USER;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RechargePage', () => {
  it(
    'shows the channels in PaySort order, the receiving account, the limits and my recent orders',
    async () => {
      stubNetwork(
        rechargeHandlers({}, [
          order({
            id: 3,
            orderNo: 'R3',
            status: 'rejected',
            statusName: '已驳回',
            remark: '未收到款项',
          }),
          order({ id: 2, orderNo: 'R2', status: 'approved', statusName: '已到账' }),
          order({ id: 1, orderNo: 'R1' }),
        ]),
      );
      open('/recharge/banktransfer');
      const strip = await screen.findByRole('navigation', { name: '充值渠道' });
      const links = within(strip).getAllByRole('link');
      expect(links.map((a) => a.textContent)).toEqual([
        '微信支付',
        '银行转账',
        '数字货币',
        '抖音支付',
      ]);
      expect(links[1]!.getAttribute('aria-current')).toBe('page');
      expect(links[0]!.getAttribute('href')).toBe('/recharge/wechat');
      const account = await screen.findByRole('region', { name: '收款信息' });
      expect(account.textContent).toContain('6222021234567890123');
      expect(within(account).getByRole('button', { name: '复制收款账号' })).toBeTruthy();
      expect(screen.getByText('单笔限额：100.00 - 50000.00 元')).toBeTruthy();
      expect(screen.getByText('充值成功后请耐心等待审核')).toBeTruthy();
      const list = await screen.findByRole('list', { name: '充值记录' });
      const items = within(list).getAllByRole('listitem');
      expect(
        items.map((li) =>
          li.textContent?.includes('已驳回')
            ? 'rejected'
            : li.textContent?.includes('已到账')
              ? 'approved'
              : 'pending',
        ),
      ).toEqual(['rejected', 'approved', 'pending']);
      expect(items[0]!.textContent).toContain('驳回原因：未收到款项');
      // the PaySort list also tells every 充值 link where to go
      expect(firstRechargePath.value).toBe('/recharge/wechat');
    },
    T,
  );

  it(
    'checks the amount with the money rule and the limits before sending anything',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/banktransfer');
      const amount = await screen.findByLabelText('充值金额（元）');
      const next = screen.getByRole('button', { name: '下一步' });
      const expectError = async (value: string, msg: string) => {
        fireEvent.change(amount, { target: { value } });
        fireEvent.click(next);
        expect((await screen.findByRole('alert')).textContent).toBe(msg);
      };
      await expectError('', '充值金额不能为空');
      await expectError('12.345', '充值金额格式不正确，最多两位小数');
      await expectError('-5', '充值金额格式不正确，最多两位小数');
      await expectError('1e3', '充值金额格式不正确，最多两位小数');
      await expectError('99.99', '充值金额不能低于100.00元');
      await expectError('50000.01', '充值金额不能高于50000.00元');
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(screen.getByLabelText('付款人姓名（选填）'), { target: { value: 'a1' } });
      fireEvent.change(amount, { target: { value: '100' } });
      fireEvent.click(next);
      expect((await screen.findByRole('alert')).textContent).toBe('付款人姓名格式不正确');
      expect(callsTo(SUBMIT)).toHaveLength(0);
    },
    T,
  );

  it(
    'confirms, sends one order with a stored requestId and shows its number and status',
    async () => {
      const seen: { requestId: string; stored?: string }[] = [];
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: async (c) => {
            seen.push({
              requestId: c.body.get('requestId')!,
              stored: (await readPendingAction(USER.userId, 'recharge'))?.requestId,
            });
            return ok({
              order: order({
                id: 9,
                orderNo: 'R202611230009',
                amount: '300.50',
                payerName: '张三',
              }),
              created: true,
            });
          },
        }),
      );
      open('/recharge/banktransfer');
      fireEvent.click(await screen.findByRole('radio', { name: '500元' }));
      fireEvent.change(screen.getByLabelText('充值金额（元）'), { target: { value: '300.50' } });
      fireEvent.change(screen.getByLabelText('付款人姓名（选填）'), { target: { value: '张三' } });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      const confirm = await screen.findByRole('region', { name: '确认充值' });
      expect(confirm.textContent).toContain('¥300.50');
      expect(confirm.textContent).toContain('工商银行');
      expect(callsTo(SUBMIT)).toHaveLength(0);
      const before = callsTo('/v1/transaction/rechargeRecordList').length;
      fireEvent.click(within(confirm).getByRole('button', { name: '确认提交' }));
      const result = await screen.findByRole('region', { name: '充值订单' });
      expect(result.textContent).toContain('R202611230009');
      expect(result.textContent).toContain('待审核');
      expect(result.textContent).toContain('¥300.50');
      const sent = callsTo(SUBMIT);
      expect(sent).toHaveLength(1);
      expect(Object.fromEntries(sent[0]!.body)).toEqual({
        channel: 'banktransfer',
        configId: '1',
        amount: '300.50',
        payerName: '张三',
        requestId: seen[0]!.requestId,
      });
      expect(seen[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(seen[0]!.stored).toBe(seen[0]!.requestId);
      expect(await readPendingAction(USER.userId, 'recharge')).toBeUndefined();
      await waitFor(() =>
        expect(callsTo('/v1/transaction/rechargeRecordList').length).toBe(before + 1),
      );
    },
    T,
  );

  it(
    'repeats the same requestId after a dropped connection, and shows a refusal in place',
    async () => {
      let n = 0;
      const ids: string[] = [];
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: (c) => {
            ids.push(c.body.get('requestId')!);
            n++;
            if (n === 1) throw new TypeError('Failed to fetch');
            if (n === 2) return ok({ order: order({ orderNo: 'R-RETRY' }), created: false });
            return refuse('您有5笔待审核的充值订单，请等待处理后再提交');
          },
        }),
      );
      open('/recharge/banktransfer');
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), {
        target: { value: '300' },
      });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      fireEvent.click(await screen.findByRole('button', { name: '重试' }));
      expect((await screen.findByRole('region', { name: '充值订单' })).textContent).toContain(
        'R-RETRY',
      );
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBe(ids[0]);

      // the next order gets a new id; a refusal is read out and nothing is left pending
      fireEvent.click(screen.getByRole('button', { name: '继续充值' }));
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), {
        target: { value: '300' },
      });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '您有5笔待审核的充值订单，请等待处理后再提交',
      );
      expect(ids[2]).not.toBe(ids[0]);
      expect(await readPendingAction(USER.userId, 'recharge')).toBeUndefined();
    },
    T,
  );

  it(
    'switches channels: fixed amounts, the digital-currency rate and credit, the online gateway',
    async () => {
      stubNetwork(
        rechargeHandlers({
          [SUBMIT]: () =>
            ok({
              order: order({
                channel: 'douyin',
                channelName: '抖音支付',
                payUrl: 'https://pay.example.com/gateway?order=R7&amount=88.00',
                orderNo: 'R7',
              }),
              created: true,
            }),
        }),
      );
      open('/recharge/banktransfer');
      const strip = await screen.findByRole('navigation', { name: '充值渠道' });

      fireEvent.click(within(strip).getByRole('link', { name: '微信支付' }));
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
      const fixed = await screen.findByRole('radiogroup', { name: '充值金额' });
      expect(
        within(fixed)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['100元', '200元', '500元']);
      expect(screen.queryByLabelText('充值金额（元）')).toBeNull();
      expect(screen.getByRole('img', { name: '微信转账收款二维码' }).getAttribute('src')).toBe(
        '/uploads/qr.png',
      );
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe('请选择充值金额');

      fireEvent.click(within(strip).getByRole('link', { name: '数字货币' }));
      const coins = await screen.findByLabelText('充值数量（USDT-TRC20）');
      expect(screen.getByText(/TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE/)).toBeTruthy();
      fireEvent.change(coins, { target: { value: '12.12345678' } });
      expect(screen.getByText(/汇率：1 USDT-TRC20 = 7.2 元/).textContent).toContain(
        '预计到账：¥87.28',
      );
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe('充值金额不能低于100.00元');
      fireEvent.change(coins, { target: { value: '1.123456789' } });
      expect(screen.getByText(/汇率：/).textContent).toContain('预计到账：--');
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '数字货币数量格式不正确，最多八位小数',
      );

      fireEvent.click(within(strip).getByRole('link', { name: '抖音支付' }));
      fireEvent.change(await screen.findByLabelText('充值金额（元）'), { target: { value: '88' } });
      fireEvent.click(screen.getByRole('button', { name: '下一步' }));
      fireEvent.click(await screen.findByRole('button', { name: '确认提交' }));
      const pay = await screen.findByRole('link', { name: '前往支付' });
      expect(pay.getAttribute('href')).toBe(
        'https://pay.example.com/gateway?order=R7&amount=88.00',
      );
      expect(pay.getAttribute('target')).toBe('_blank');
      expect(callsTo(SUBMIT)[0]!.body.get('channel')).toBe('douyin');
    },
    T,
  );

  it(
    'moves from a channel that is switched off to the first of PaySort',
    async () => {
      stubNetwork(rechargeHandlers());
      open('/recharge/alipay');
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
      expect(await screen.findByRole('radiogroup', { name: '充值金额' })).toBeTruthy();
    },
    T,
  );

  it(
    'says so when no channel is open, and shows the orders error with a retry',
    async () => {
      let fail = true;
      stubNetwork(
        rechargeHandlers({
          '/v1/transaction/frontPaySort': () => ok({ list: [] }),
          '/v1/transaction/rechargeRecordList': () =>
            fail ? refuse('查询失败') : ok({ list: [], total: 0 }),
        }),
      );
      open('/recharge/banktransfer');
      expect(await screen.findByText('暂无可用的充值渠道，请联系客服')).toBeTruthy();
      expect((await screen.findByRole('alert')).textContent).toBe('查询失败');
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
      expect(await screen.findByText('暂无充值记录')).toBeTruthy();
    },
    T,
  );
});
