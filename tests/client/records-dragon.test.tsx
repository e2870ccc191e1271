/**
 * The long-dragon helper against a stubbed network: countdown from server time, 开奖中 with disabled
 * buttons at zero, second tap deselects, the §5 messages, and a dragon bet with a stored requestId
 * that a retry after a dropped connection reuses.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { moneyActionStore, rebateStore, read, wipe } from '../../src/client/storage/stores';
import { OverlayHost } from '../../src/client/ui';
import { setClockOffset } from '../../src/client/features/lottery/clock';
import { queryClient } from '../../src/client/query';
import { LongDragon } from '../../src/client/features/records/LongDragon';
import { loadFamily } from '../../src/domain/lottery/lazyCatalogue';
import {
  dragonOddsText,
  dragonPricing,
  oddsAtGroup,
} from '../../src/client/features/records/dragonBet';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';
import { RefusalReason, refusalData } from '../../src/domain/errors';

const SERVER_AHEAD_MS = 3_600_000;

function dragons(now: number) {
  return [
    {
      lotteryCode: '1008',
      lotteryName: '鸿运分分彩',
      lotteryType: 'SSC',
      playCode: '1008LM',
      name: '万位',
      desc: '大',
      times: 5,
      currIssue: '202611230002',
      endTime: now + SERVER_AHEAD_MS + 4_000,
      options: [
        { label: '万位 大', bettingNumber: '大,-,-,-,-,-', odds: 1.95 },
        { label: '万位 小', bettingNumber: '小,-,-,-,-,-', odds: 1.95 },
      ],
    },
    {
      lotteryCode: '1407',
      lotteryName: '鸿运快三',
      lotteryType: 'K3',
      playCode: '1407HZDXDS',
      name: '和值',
      desc: '单',
      times: 4,
      currIssue: '202611230010',
      endTime: now + SERVER_AHEAD_MS + 90_000,
      options: [
        { label: '和值 单', bettingNumber: '单', odds: 1.95 },
        { label: '和值 双', bettingNumber: '双', odds: 1.95 },
      ],
    },
  ];
}

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  const list = dragons(Date.now());
  return {
    '/v1/lottery/longDragon': () => ok({ list }),
    '/v1/betting/getBetRebate': (c) =>
      ok({ rebate: c.query.get('lotteryType') === 'K3' ? 7.5 : 8, prizeGroup: 1960 }),
    ...extra,
  };
}

const row = (name: RegExp) => screen.getByRole('listitem', { name });
const k3Row = () => row(/鸿运快三 和值单/);
const sscRow = () => row(/鸿运分分彩 万位大/);
const bet = () => fireEvent.click(screen.getByRole('button', { name: '投注' }));
const alertText = async () => (await screen.findByRole('alert')).textContent;

async function renderHelper() {
  render(
    <>
      <LongDragon />
      <OverlayHost />
    </>,
  );
  await screen.findByRole('list', { name: '最新长龙' });
}

beforeEach(async () => {
  currentUser.value = USER;
  setClockOffset(SERVER_AHEAD_MS);
  queryClient.clear();
  await wipe(rebateStore);
  await wipe(moneyActionStore);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('streak rows', () => {
  it('counts down to endTime on server time, then shows 开奖中 with its buttons disabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubNetwork(handlers());
    await renderHelper();
    const timer = within(sscRow()).getByRole('timer');
    expect(timer.textContent).toMatch(/^00:0[34]$/); // server time, not the local clock an hour behind
    expect(within(k3Row()).getByRole('timer').textContent).toMatch(/^01:(29|30)$/);
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(within(sscRow()).getByRole('timer').textContent).toBe('开奖中');
    for (const b of within(sscRow()).getAllByRole('button'))
      expect((b as HTMLButtonElement).disabled).toBe(true);
    for (const b of within(k3Row()).getAllByRole('button'))
      expect((b as HTMLButtonElement).disabled).toBe(false);
  });

  it('selects an option on the first tap and deselects it on the second', async () => {
    stubNetwork(handlers());
    await renderHelper();
    const big = within(k3Row()).getByRole('button', { name: /和值 单/ });
    const small = within(k3Row()).getByRole('button', { name: /和值 双/ });
    fireEvent.click(big);
    expect(big.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(small);
    expect(big.getAttribute('aria-pressed')).toBe('false');
    expect(small.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(small);
    expect(small.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(/已选/).textContent).toContain('0');
  });

  it('shows the odds at the group the bet plays at after the account rebate', async () => {
    stubNetwork(handlers());
    await renderHelper();
    // K3: rebate 7.5 % of group 1960 → bet group 1810 (odds 1.8007); SSC: 8 % → 1800 (1.95 quoted at
    // 1960: 1.7908), each shown as the sheets print odds, two decimals at most, cut downwards
    await waitFor(() =>
      expect(within(k3Row()).getByRole('button', { name: /和值 单/ }).textContent).toBe(
        '和值 单1.8',
      ),
    );
    expect(within(sscRow()).getByRole('button', { name: /万位 大/ }).textContent).toBe(
      '万位 大1.79',
    );
  });

  it('refreshes the list every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubNetwork(handlers());
    await renderHelper();
    const before = callsTo('/v1/lottery/longDragon').length;
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(callsTo('/v1/lottery/longDragon').length).toBe(before + 1));
  });
});

describe('streak bet', () => {
  it('shows the section 5 messages in order and sends nothing', async () => {
    stubNetwork(handlers({ '/v1/betting/getBetRebate': () => refuse('系统繁忙') }));
    await renderHelper();
    bet();
    expect(await alertText()).toBe('请选择一注号码投注');
    fireEvent.click(within(k3Row()).getByRole('button', { name: /和值 单/ }));
    bet();
    expect(await alertText()).toBe('投注金额不能为空');
    const amount = screen.getByLabelText('每注金额（元）') as HTMLInputElement;
    expect(amount.maxLength).toBe(7);
    for (const bad of ['0', '1.5', '-3', 'abc', '12345678']) {
      fireEvent.change(amount, { target: { value: bad } });
      bet();
      expect(await alertText()).toBe('投注金额格式不正确');
    }
    fireEvent.change(amount, { target: { value: '1000001' } });
    bet();
    expect(await alertText()).toBe('投注金额必须在1到1000000之间');
    fireEvent.change(amount, { target: { value: '1000000' } });
    bet();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('返点获取失败，请刷新再试'),
    );
    expect(callsTo('/v1/betting/addFastBetting')).toHaveLength(0);
  });

  it('bets with source dragon and a requestId stored before sending, reused after a dropped connection', async () => {
    const seen: { requestId: string | null; stored: string | undefined }[] = [];
    let drop = true;
    stubNetwork(
      handlers({
        '/v1/betting/addFastBetting': async (c) => {
          const pending = await read<{ requestId: string }>(
            moneyActionStore,
            `${USER.userId}:dragon`,
          );
          seen.push({ requestId: c.body.get('requestId'), stored: pending?.requestId });
          if (drop) {
            drop = false;
            throw new TypeError('network down');
          }
          return ok({
            orders: [
              { id: 1, orderNo: 'A1' },
              { id: 2, orderNo: 'A2' },
            ],
            balance: '980.00',
          });
        },
      }),
    );
    await renderHelper();
    fireEvent.click(within(k3Row()).getByRole('button', { name: /和值 双/ }));
    fireEvent.click(within(sscRow()).getByRole('button', { name: /万位 大/ }));
    fireEvent.change(screen.getByLabelText('每注金额（元）'), { target: { value: '10' } });
    bet();
    fireEvent.click(await screen.findByRole('button', { name: '确认投注' }));
    // the one retry dialog; declined, the form says why and the next tap reuses the stored id
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /操作结果未确认/ })).getByRole('button', {
        name: '取消',
      }),
    );
    expect(await alertText()).toBe('当前网络不可用，请联系客服人员');
    bet();
    fireEvent.click(await screen.findByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(seen[0]!.stored).toBe(seen[0]!.requestId);
    expect(seen[1]!.requestId).toBe(seen[0]!.requestId);
    await waitFor(() => expect(screen.getByText(/已选/).textContent).toContain('0'));
    expect(await read(moneyActionStore, `${USER.userId}:dragon`)).toBeUndefined();
    const [call] = callsTo('/v1/betting/addFastBetting');
    expect(call!.body.get('source')).toBe('dragon');
    const tickets = JSON.parse(call!.body.get('bettingData')!) as Record<string, unknown>[];
    expect(tickets).toEqual([
      {
        lotteryCode: '1008',
        playDetailCode: '1008LM',
        bettingNumber: '大,-,-,-,-,-',
        bettingCount: 1,
        bettingAmount: '10.00',
        bettingPoint: 8,
        bettingUnit: 1,
        bettingIssue: '202611230002',
        graduationCount: 1,
      },
      {
        lotteryCode: '1407',
        playDetailCode: '1407HZDXDS',
        bettingNumber: '双',
        bettingCount: 1,
        bettingAmount: '10.00',
        bettingPoint: 7.5,
        bettingUnit: 1,
        bettingIssue: '202611230010',
        graduationCount: 1,
      },
    ]);
  });

  it('shows a refusal and starts a new requestId for the next slip', async () => {
    const ids: string[] = [];
    stubNetwork(
      handlers({
        '/v1/betting/addFastBetting': (c) => {
          ids.push(c.body.get('requestId')!);
          return refuse('余额不足');
        },
      }),
    );
    await renderHelper();
    fireEvent.click(within(k3Row()).getByRole('button', { name: /和值 单/ }));
    fireEvent.change(screen.getByLabelText('每注金额（元）'), { target: { value: '5' } });
    bet();
    fireEvent.click(await screen.findByRole('button', { name: '确认投注' }));
    expect(await alertText()).toBe('余额不足');
    expect(await read(moneyActionStore, `${USER.userId}:dragon`)).toBeUndefined();
    bet();
    fireEvent.click(await screen.findByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[1]).not.toBe(ids[0]);
  });
});

describe('a stale rebate (issue 25: the typed reason, never the text)', () => {
  /** Bets once against `answer`; then how many rebate asks the next slip makes. */
  async function rebateAsksAfter(answer: () => ReturnType<typeof refuse>): Promise<number> {
    stubNetwork(handlers({ '/v1/betting/addFastBetting': answer }));
    await renderHelper();
    fireEvent.click(within(k3Row()).getByRole('button', { name: /和值 单/ }));
    fireEvent.change(screen.getByLabelText('每注金额（元）'), { target: { value: '5' } });
    bet();
    fireEvent.click(await screen.findByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(callsTo('/v1/betting/addFastBetting')).toHaveLength(1));
    await screen.findByRole('alert', {}, { timeout: 5000 });
    const before = callsTo('/v1/betting/getBetRebate').length;
    bet();
    const confirm = await screen.findByRole('dialog', { name: /确认投注/ });
    const asks = callsTo('/v1/betting/getBetRebate').length - before;
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' })); // the overlay outlives the render
    return asks;
  }

  it('drops the cached rebate on the reason, whatever the text says', async () => {
    expect(
      await rebateAsksAfter(() =>
        refuse('请按最新设置重新下注', -1, refusalData(RefusalReason.REBATE_STALE)),
      ),
    ).toBe(1);
  });

  it('keeps it on a refusal that only mentions 返点 in its text', async () => {
    expect(await rebateAsksAfter(() => refuse('返点有误'))).toBe(0);
  });
});

describe('dragon pricing', () => {
  it('takes the account rebate but never more than the play allows, and scales the quoted odds down to the bet group', async () => {
    await Promise.all([loadFamily('SSC'), loadFamily('FC3D')]); // what rebatesFor loads with the rebates
    expect(
      dragonPricing(
        { lotteryCode: '1008', lotteryType: 'SSC', playCode: '1008LM' },
        { rebate: 7.5, prizeGroup: 1950 },
      ),
    ).toEqual({ bettingPoint: 7.5, betGroup: 1800 });
    // 3D plays carry their own 6.5 % cap (lottery-rules.md §2.2)
    expect(
      dragonPricing(
        { lotteryCode: '1204', lotteryType: 'FC3D', playCode: '1204SX_ZXFS' },
        { rebate: 8, prizeGroup: 1960 },
      ),
    ).toEqual({ bettingPoint: 6.5, betGroup: 1830 });
    expect(oddsAtGroup('1.95', 1950, 1800)).toBe('1.8');
    expect(oddsAtGroup(47.775, 1950, 1950)).toBe('47.775');
    // shown as the sheets print odds: two decimals at most, never the exact 1.8093
    expect(oddsAtGroup('1.9', 1950, 1857)).toBe('1.8093');
    expect(dragonOddsText('1.9', 1950, 1857)).toBe('1.8');
    expect(dragonOddsText(47.775, 1950, 1950)).toBe('47.77');
  });
});
