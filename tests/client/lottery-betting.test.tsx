/**
 * The betting page against a stubbed network: the picker's count and amount come from the domain, the
 * slip sends the contract's bettingData with a requestId stored before sending (and reused on retry),
 * 余额不足 offers 充值, and the countdown rolls over to the next issue. A refusal is told by its typed
 * reason (data.reason), never by its text: the messages below are reworded on purpose.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getPlay, quoteBet } from '../../src/domain/lottery';
import { formatFen } from '../../src/domain/money';
import { RefusalReason, refusalData } from '../../src/domain/errors';
import { currentUser } from '../../src/client/state/session';
import { moneyActionStore, read } from '../../src/client/storage/stores';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import BettingPage from '../../src/client/features/lottery/pages/BettingPage';
import {
  USER,
  USER_GROUP,
  callsTo,
  lotteryHandlers,
  ok,
  refuse,
  stubNetwork,
  type Handler,
} from './lottery-fixtures';

const ISSUE = '20261123-0002';
/** Hundreds of buttons in jsdom on a shared 2-core machine: generous per-test time. */
const T = 30_000;
const onSale = () => ({ issue: ISSUE, closeTime: Date.now() + 60_000 });

function renderPage() {
  window.history.replaceState(null, '', '/lottery/SSC/1008');
  return render(
    <>
      <BettingPage />
      <OverlayHost />
    </>,
  );
}

const ball = (row: string, n: string) => screen.getByLabelText(`${row} ${n}`);
const quote = () => screen.getByTestId('bet-quote').textContent;

async function pickFiveStar(picks: Record<string, string[]>) {
  await screen.findByLabelText('万位 0');
  for (const [row, ns] of Object.entries(picks)) for (const n of ns) fireEvent.click(ball(row, n));
}

function domainQuote(rows: number[][], unit: 'yuan' | 'jiao' | 'fen', multiple: number) {
  const play = getPlay('SSC', 'WX_ZXFS')!;
  const q = quoteBet(play, { rows }, { unit, multiple, userGroup: USER_GROUP, rebatePermille: 0 });
  if (!q.ok) throw new Error(q.msg);
  return `共${q.lines}注，${formatFen(q.amountFen)}元`;
}

beforeEach(() => {
  currentUser.value = USER;
  setClockOffset(0);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('picker', () => {
  it(
    'shows the bet count and amount of the domain for rows, units and multiples, and for 单式 entries',
    async () => {
      stubNetwork(lotteryHandlers(onSale));
      renderPage();
      await pickFiveStar({
        万位: ['1', '2'],
        千位: ['3'],
        百位: ['4'],
        十位: ['5'],
        个位: ['6', '7', '8'],
      });
      const rows = [[1, 2], [3], [4], [5], [6, 7, 8]];
      expect(quote()).toBe(domainQuote(rows, 'yuan', 1));
      fireEvent.click(screen.getByRole('radio', { name: '角' }));
      fireEvent.change(screen.getByLabelText('倍数'), { target: { value: '3' } });
      expect(quote()).toBe(domainQuote(rows, 'jiao', 3));
      // quick pick 全 on 万位 takes all ten digits
      fireEvent.click(screen.getByLabelText('万位选全'));
      expect(quote()).toBe(
        domainQuote([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [3], [4], [5], [6, 7, 8]], 'jiao', 3),
      );
      // an incomplete selection shows the domain's message, not a count
      fireEvent.click(screen.getByLabelText('千位清除'));
      expect(quote()).toMatch(/千位需选1至10个号码/);

      fireEvent.click(screen.getByRole('button', { name: '直选单式' }));
      fireEvent.change(screen.getByLabelText('单式号码'), {
        target: { value: '12345\n54321;00000' },
      });
      const ds = getPlay('SSC', 'WX_ZXDS')!;
      const q = quoteBet(
        ds,
        {
          rows: [
            [1, 2, 3, 4, 5],
            [5, 4, 3, 2, 1],
            [0, 0, 0, 0, 0],
          ],
        },
        { unit: 'jiao', multiple: 3, userGroup: USER_GROUP, rebatePermille: 0 },
      );
      expect(q.ok && quote()).toBe(q.ok && `共${q.lines}注，${formatFen(q.amountFen)}元`);
    },
    T,
  );
});

describe('bet slip', () => {
  it(
    'sends the bettingData of the slip, with the requestId stored before sending and reused on retry',
    async () => {
      const seen: { requestId: string; stored: string | undefined }[] = [];
      let attempt = 0;
      const addBetting: Handler = (c) => {
        attempt += 1;
        const requestId = c.body.get('requestId')!;
        seen.push({ requestId, stored: undefined });
        if (attempt === 1) throw new TypeError('connection reset');
        return ok({
          orders: [
            { id: 1, orderNo: 'B1' },
            { id: 2, orderNo: 'B2' },
          ],
          balance: '989.00',
        });
      };
      stubNetwork({ ...lotteryHandlers(onSale), '/v1/betting/addBetting': addBetting });
      const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
      const real = fetchMock.getMockImplementation()! as (
        url: string,
        init: RequestInit,
      ) => Promise<Response>;
      // Record what IndexedDB holds at the moment each bet leaves.
      fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
        const body = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
        const pending = await read<{ requestId: string }>(moneyActionStore, `${USER.userId}:bet`);
        const res = real(url, init);
        if (body.get('requestId')) seen[seen.length - 1]!.stored = pending?.requestId;
        return res;
      });
      renderPage();
      await pickFiveStar({ 万位: ['1'], 千位: ['2'], 百位: ['3'], 十位: ['4'], 个位: ['5', '6'] });
      fireEvent.click(screen.getByRole('button', { name: '加入号码篮' }));
      fireEvent.click(screen.getByRole('radio', { name: '角' }));
      await pickFiveStar({ 万位: ['9'], 千位: ['9'], 百位: ['9'], 十位: ['9'], 个位: ['9'] });
      fireEvent.click(screen.getByRole('button', { name: '立即投注' }));

      const confirm = await screen.findByRole('dialog', { name: '确认投注' });
      expect(within(confirm).getByText(/第20261123-0002期/)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: '确认投注' }));

      await waitFor(() => expect(callsTo('/v1/betting/addBetting')).toHaveLength(1));
      fireEvent.click(await screen.findByRole('button', { name: '重试' }));
      expect(await screen.findByRole('dialog', { name: '投注成功' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '继续投注' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '分享' })).toBeTruthy();

      const sent = callsTo('/v1/betting/addBetting');
      expect(sent).toHaveLength(2);
      expect(seen[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(seen[1]!.requestId).toBe(seen[0]!.requestId);
      expect(seen[0]!.stored).toBe(seen[0]!.requestId);
      expect(sent[1]!.body.get('bettingData')).toBe(sent[0]!.body.get('bettingData'));
      expect(JSON.parse(sent[0]!.body.get('bettingData')!)).toEqual([
        {
          lotteryCode: '1008',
          playDetailCode: '1008WX_ZXFS',
          bettingNumber: '1,2,3,4,5 6',
          bettingCount: 2,
          bettingAmount: '4.00',
          bettingPoint: 0,
          bettingUnit: 1,
          bettingIssue: ISSUE,
          graduationCount: 1,
        },
        {
          lotteryCode: '1008',
          playDetailCode: '1008WX_ZXFS',
          bettingNumber: '9,9,9,9,9',
          bettingCount: 1,
          bettingAmount: '0.20',
          bettingPoint: 0,
          bettingUnit: 0.1,
          bettingIssue: ISSUE,
          graduationCount: 1,
        },
      ]);
      await waitFor(() => expect(screen.getByText('989.00元')).toBeTruthy());
      // answered: nothing left pending, the next bet gets a new id
      expect(await read(moneyActionStore, `${USER.userId}:bet`)).toBeUndefined();
    },
    T,
  );

  it(
    'offers 充值 or 取消 on 余额不足 (its reason, whatever the text) and 充值 opens the recharge screen',
    async () => {
      stubNetwork({
        ...lotteryHandlers(onSale),
        '/v1/betting/addBetting': () =>
          refuse('可用金额不够本次投注', -1, refusalData(RefusalReason.INSUFFICIENT_BALANCE)),
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
      renderPage();
      await pickFiveStar({ 万位: ['1'], 千位: ['2'], 百位: ['3'], 十位: ['4'], 个位: ['5'] });
      fireEvent.click(screen.getByRole('button', { name: '立即投注' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '确认投注' })).getByRole('button', {
          name: '确认投注',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: '可用金额不够本次投注' });
      expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: '充值' }));
      // 充值 opens the first channel of PaySort
      await waitFor(() => expect(window.location.pathname).toBe('/recharge/wechat'));
      expect(await read(moneyActionStore, `${USER.userId}:bet`)).toBeUndefined();
    },
    T,
  );

  it(
    'refetches the rebate (not from the cache) after a stale-rebate refusal, whatever its text',
    async () => {
      stubNetwork({
        ...lotteryHandlers(onSale),
        '/v1/betting/addBetting': () =>
          refuse('请按最新设置重新下注', -1, refusalData(RefusalReason.REBATE_STALE)),
      });
      renderPage();
      await pickFiveStar({ 万位: ['1'], 千位: ['2'], 百位: ['3'], 十位: ['4'], 个位: ['5'] });
      const before = callsTo('/v1/betting/getBetRebate').length;
      fireEvent.click(screen.getByRole('button', { name: '立即投注' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '确认投注' })).getByRole('button', {
          name: '确认投注',
        }),
      );
      expect(await screen.findByRole('dialog', { name: '请按最新设置重新下注' })).toBeTruthy();
      await waitFor(() => expect(callsTo('/v1/betting/getBetRebate').length).toBe(before + 1));
    },
    T,
  );

  it(
    'does not act on the words of a refusal without a reason: 余额不足 and 返点 in its text are only shown',
    async () => {
      const text = '余额不足，返点有误';
      stubNetwork({ ...lotteryHandlers(onSale), '/v1/betting/addBetting': () => refuse(text) });
      renderPage();
      await pickFiveStar({ 万位: ['1'], 千位: ['2'], 百位: ['3'], 十位: ['4'], 个位: ['5'] });
      const before = callsTo('/v1/betting/getBetRebate').length;
      fireEvent.click(screen.getByRole('button', { name: '立即投注' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: '确认投注' })).getByRole('button', {
          name: '确认投注',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: text });
      // a plain alert: no 充值, and the rebate is not dropped while it is open
      expect(within(dialog).queryByRole('button', { name: '充值' })).toBeNull();
      expect(callsTo('/v1/betting/getBetRebate').length).toBe(before);
    },
    T,
  );
});

describe('countdown', () => {
  it(
    'fetches the next issue when the synced clock passes the close time and tells the user',
    async () => {
      const closeAt = Date.now() + 1200;
      const issueNow = () =>
        Date.now() < closeAt
          ? { issue: ISSUE, closeTime: closeAt }
          : { issue: '20261123-0003', closeTime: closeAt + 60_000 };
      stubNetwork(lotteryHandlers(issueNow));
      renderPage();
      expect(await screen.findByText('20261123-0002')).toBeTruthy();
      expect(
        await screen.findByText(
          '第20261123-0002期已截止，当前为第20261123-0003期',
          {},
          { timeout: 6000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText('20261123-0003')).toBeTruthy();
      await act(async () => {});
    },
    T,
  );
});
