/**
 * The agent's team pages against a faked server: /lowerReport drills down a level and back up by the
 * breadcrumb and searches by name; /agentChessRecord asks each game kind and shows its empty state;
 * /agentBetRecord sends its filters and shows whose bet each row is; a refusal shows its message.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import LowerReportPage from '../../src/client/features/agentReport/pages/LowerReportPage';
import AgentChessRecordPage, {
  CHESS_EMPTY,
} from '../../src/client/features/agentReport/pages/AgentChessRecordPage';
import AgentBetRecordPage from '../../src/client/features/agentReport/pages/AgentBetRecordPage';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const F = {
  betAmount: '10.00',
  pendingBetAmount: '0.00',
  validBetAmount: '10.00',
  prizeAmount: '0.00',
  rebateAmount: '0.10',
  activityAmount: '0.00',
  redEnvelopeAmount: '0.00',
  walletIncome: '0.00',
  otherAmount: '0.00',
  rechargeAmount: '0.00',
  withdrawAmount: '0.00',
  profit: '-9.90',
  firstRechargeCount: 0,
  newMemberCount: 0,
  activeMemberCount: 1,
  betMemberCount: 1,
};
const ME = { userId: 7, userName: 'player01' };
const CHILD = '/v1/report/agentReport/childReport';

beforeEach(() => {
  currentUser.value = { ...USER, agent: true };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/lowerReport', () => {
  it('drills down to a member, back up by the breadcrumb, and searches the team by name', async () => {
    stubNetwork({
      [CHILD]: (c) => {
        const id = Number(c.query.get('userId') ?? ME.userId);
        if (c.query.get('userName'))
          return ok({
            self: { ...F, ...ME },
            list: [{ ...F, userId: 31, userName: 'zed31', isAgent: 0, childCount: 0 }],
            total: 1,
            path: [ME],
          });
        if (id === ME.userId)
          return ok({
            self: { ...F, ...ME },
            list: [
              {
                ...F,
                userId: 20,
                userName: 'agentb',
                isAgent: 1,
                childCount: 2,
                betAmount: '77.00',
              },
            ],
            total: 1,
            path: [ME],
          });
        return ok({
          self: { ...F, userId: 20, userName: 'agentb' },
          list: [{ ...F, userId: 30, userName: 'memc', isAgent: 0, childCount: 0 }],
          total: 1,
          path: [ME, { userId: 20, userName: 'agentb' }],
        });
      },
    });
    render(<LowerReportPage />);
    const list = await screen.findByRole('list', { name: '下级列表' });
    expect(list.textContent).toContain('agentb');
    expect(list.textContent).toContain('代理');
    expect(list.textContent).toContain('77.00');
    expect(callsTo(CHILD)[0]!.query.get('userId')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看 agentb 的下级（2人）' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '下级列表' }).textContent).toContain('memc'),
    );
    expect(callsTo(CHILD).at(-1)!.query.get('userId')).toBe('20');
    const crumbs = screen.getByRole('navigation', { name: '层级' });
    expect(within(crumbs).getByText('agentb').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('list', { name: '本级' }).textContent).toContain('agentb（团队合计）');

    fireEvent.click(within(crumbs).getByRole('button', { name: 'player01（我）' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '下级列表' }).textContent).toContain('agentb'),
    );

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: ' zed ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '下级列表' }).textContent).toContain('zed31'),
    );
    expect(callsTo(CHILD).at(-1)!.query.get('userName')).toBe('zed');
    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '下级列表' }).textContent).toContain('agentb'),
    );
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('');
  });

  it('shows the refusal and retries', async () => {
    let refused = true;
    stubNetwork({
      [CHILD]: () =>
        refused
          ? refuse('该用户不是您的下级')
          : ok({ self: { ...F, ...ME }, list: [], total: 0, path: [ME] }),
    });
    render(<LowerReportPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('该用户不是您的下级');
    refused = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('暂无下级');
  });
});

describe('/agentChessRecord', () => {
  it('asks each card-game kind of the team and says when there is nothing', async () => {
    stubNetwork(
      Object.fromEntries(
        ['Battle', 'Banker', 'Multi', 'Fish'].map((k) => [
          `/v1/game/frontAgent${k}GameRecord`,
          () => ok({ list: [], total: 0 }),
        ]),
      ),
    );
    render(<AgentChessRecordPage />);
    await screen.findByText(CHESS_EMPTY);
    for (const [tab, kind] of [
      ['抢庄', 'Banker'],
      ['多人', 'Multi'],
      ['捕鱼', 'Fish'],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(callsTo(`/v1/game/frontAgent${kind}GameRecord`)).toHaveLength(1));
      await screen.findByText(CHESS_EMPTY);
    }
    expect(callsTo('/v1/game/frontAgentBattleGameRecord')[0]!.query.get('pageNum')).toBe('1');
  });
});

describe('/agentBetRecord', () => {
  it('sends the filters and shows whose bet each row is', async () => {
    const row = {
      id: 5,
      orderNo: 'B1',
      lotteryCode: '1008',
      lotteryName: '鸿运分分彩',
      issue: '20261124-0001',
      playDetailCode: '1008DWD',
      playName: '定位胆',
      bettingNumber: '1,-,-,-,-',
      bettingCount: 1,
      bettingAmount: '2.00',
      bettingPoint: 0,
      bettingUnit: 1,
      status: 'PENDING',
      statusText: '等待开奖',
      returnAmount: '等待开奖',
      createdAt: Date.now(),
      userName: 'memc',
    };
    stubNetwork({ '/v1/betting/getAgentBetData': () => ok({ list: [row], total: 1 }) });
    render(<AgentBetRecordPage />);
    const list = await screen.findByRole('list', { name: '团队投注记录' });
    expect(within(list).getByTestId('bet-user').textContent).toBe('memc');
    expect(list.textContent).toContain('第20261124-0001期');
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'WON' } });
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'memc' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(callsTo('/v1/betting/getAgentBetData').at(-1)!.query.get('userName')).toBe('memc'),
    );
    const last = callsTo('/v1/betting/getAgentBetData').at(-1)!.query;
    expect(last.get('status')).toBe('WON');
    expect(last.get('pageNum')).toBe('1');
    expect(last.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
