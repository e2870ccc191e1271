/** The 代理 and VIP等级 admin panels and /personalLevel against a stubbed network. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { REBATE_FAMILIES } from '../../src/domain/agent/points';
import { DEFAULT_GRADE_LEVELS, gradeData, levelsToWire } from '../../src/domain/grades';
import { OverlayHost } from '../../src/client/ui';
import { queryClient } from '../../src/client/query';
import { AgentsPanel } from '../../src/client/features/admin/agents/AgentsPanel';
import { GradesPanel } from '../../src/client/features/admin/agents/GradesPanel';
import PersonalLevelPage from '../../src/client/features/account/pages/PersonalLevelPage';
import { callsTo, ok, refuse, stubNetwork } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const rebate = (p: string) => Object.fromEntries(REBATE_FAMILIES.map((f) => [f, p]));
const row = (userId: number, userName: string, childCount: number) => ({
  userId,
  userName,
  isAgent: 1,
  childCount,
  teamCount: childCount + 1,
  rebate: rebate('7'),
  balance: '1.00',
});

beforeEach(() => {
  queryClient.clear();
  quietDispatch('/admin');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AgentsPanel', () => {
  it('opens a level on demand and moves a member under an agent picked by name', async () => {
    stubNetwork({
      '/v1/admin/agents/tree': (c) =>
        ok(
          c.query.get('parentId') === '0'
            ? { list: [row(1, 'boss_a', 1), row(2, 'boss_b', 0)], total: 2, path: [] }
            : { list: [row(3, 'kid_c', 0)], total: 1, path: [{ userId: 1, userName: 'boss_a' }] },
        ),
      '/v1/admin/agents/search': () =>
        ok({ list: [{ ...row(2, 'boss_b', 0), path: [] }], total: 1 }),
      '/v1/admin/agents/move': (c) =>
        c.body.get('parentId') === '2' ? ok(null) : refuse('新上级不是代理，不能接收下级'),
    });
    render(
      <>
        <AgentsPanel />
        <OverlayHost />
      </>,
    );
    const a = (await screen.findByText('boss_a（代理）')).closest('li')!;
    expect(callsTo('/v1/admin/agents/tree')).toHaveLength(1);
    fireEvent.click(within(a).getByRole('button', { name: '展开下级' }));
    const kid = (await screen.findByText('kid_c（代理）')).closest('li')!;
    expect(callsTo('/v1/admin/agents/tree')[1]!.query.get('parentId')).toBe('1');
    fireEvent.click(within(kid).getByRole('button', { name: '转移' }));
    fireEvent.change(within(kid).getByLabelText('新上级用户名'), { target: { value: 'boss' } });
    fireEvent.click(within(kid).getByRole('button', { name: '查找' }));
    fireEvent.click(await within(kid).findByRole('button', { name: '移到此代理' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('/v1/admin/agents/move')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/v1/admin/agents/move')[0]!.body)).toEqual({
      userId: '3',
      parentId: '2',
    });
  });

  it('checks the default points before sending and sends one point per family', async () => {
    stubNetwork({
      '/v1/admin/agents/defaultRebate': (c) =>
        ok({ rebate: c.method === 'POST' ? JSON.parse(c.body.get('rebate')!) : rebate('7.5') }),
    });
    render(
      <>
        <AgentsPanel />
        <OverlayHost />
      </>,
    );
    fireEvent.click(screen.getByRole('tab', { name: '默认返点' }));
    const ssc = (await screen.findByLabelText('时时彩')) as HTMLInputElement;
    expect(ssc.value).toBe('7.5');
    fireEvent.change(ssc, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '保存默认返点' }));
    expect(
      await screen.findByText('时时彩 返点格式错误，须为 0 到 10 之间、最多一位小数'),
    ).toBeTruthy();
    fireEvent.change(ssc, { target: { value: '6.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存默认返点' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(
        callsTo('/v1/admin/agents/defaultRebate').filter((c) => c.method === 'POST'),
      ).toHaveLength(1),
    );
    const sent = JSON.parse(
      callsTo('/v1/admin/agents/defaultRebate')
        .find((c) => c.method === 'POST')!
        .body.get('rebate')!,
    );
    expect(sent).toEqual({ ...rebate('7.5'), SSC: '6.5' });
  });
});

describe('GradesPanel', () => {
  it('refuses a ladder that does not rise, then saves the ten tiers', async () => {
    stubNetwork({
      '/v1/admin/grades/levels': () => ok({ list: levelsToWire(DEFAULT_GRADE_LEVELS) }),
    });
    render(
      <>
        <GradesPanel />
        <OverlayHost />
      </>,
    );
    const vip4 = (await screen.findByText('VIP4 铂金')).closest('fieldset')!;
    fireEvent.change(within(vip4).getByLabelText('累计充值（元）'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存等级设置' }));
    expect(await screen.findByText('VIP4铂金的累计充值须高于上一级')).toBeTruthy();
    fireEvent.change(within(vip4).getByLabelText('累计充值（元）'), { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存等级设置' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(callsTo('/v1/admin/grades/levels').filter((c) => c.method === 'POST')).toHaveLength(1),
    );
    const sent = JSON.parse(
      callsTo('/v1/admin/grades/levels')
        .find((c) => c.method === 'POST')!
        .body.get('levels')!,
    );
    expect(sent).toHaveLength(10);
    expect(sent[3]).toMatchObject({ grade: 4, rechargeAmount: '25000' });
  });
});

describe('PersonalLevelPage', () => {
  it('shows the held grade, the way to the next and every tier with its thresholds and benefits', async () => {
    stubNetwork({
      '/v1/users/userExperienceData': () =>
        ok(gradeData(2, { rechargeFen: 150_000, validBetFen: 0 }, DEFAULT_GRADE_LEVELS)),
    });
    render(<PersonalLevelPage />);
    expect((await screen.findByText('当前等级')).nextElementSibling!.textContent).toBe(
      'VIP2 · 白银',
    );
    expect(
      screen.getByText('再充值 3500.00 元或再有效投注 50000.00 元即可升级到 VIP3 黄金'),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    const tiers = screen.getAllByRole('listitem');
    expect(tiers).toHaveLength(10);
    expect(tiers[9]!.textContent).toContain('VIP10 · 彩神');
    expect(tiers[9]!.textContent).toContain(
      '累计充值 10000000.00 元 或 累计有效投注 100000000.00 元',
    );
    expect(tiers[1]!.getAttribute('aria-current')).toBe('true');
  });
});

describe('the site report', () => {
  it('shows every column its 盈亏 adds up (红包 and 钱包 too), and 待开奖 apart', async () => {
    const figures = {
      betAmount: '100.00',
      prizeAmount: '80.00',
      rebateAmount: '2.00',
      activityAmount: '5.00',
      redEnvelopeAmount: '-3.00',
      walletIncome: '1.00',
      otherAmount: '0.50',
      profit: '-14.50',
      pendingBetAmount: '20.00',
      validBetAmount: '100.00',
      rechargeAmount: '500.00',
      withdrawAmount: '0.00',
      firstRechargeCount: 1,
      newMemberCount: 2,
      activeMemberCount: 3,
      betMemberCount: 1,
    };
    stubNetwork({ '/v1/admin/agents/report': () => ok({ ...figures, list: [] }) });
    render(<AgentsPanel />);
    fireEvent.click(screen.getByRole('tab', { name: '全站报表' }));
    const report = await screen.findByRole('region', { name: '全站代理报表' });
    const value = async (label: string) =>
      (await within(report).findByText(label)).nextElementSibling?.textContent;
    const shown = [
      '投注金额',
      '中奖金额',
      '返点金额',
      '活动收入',
      '红包收支',
      '虚拟钱包收益',
      '其他',
    ];
    const [bet, ...gains] = await Promise.all(shown.map(value));
    const sum = gains.reduce((s, v) => s + Number(v), 0) - Number(bet);
    expect(sum.toFixed(2)).toBe(await value('团队盈亏'));
    expect(await value('待开奖')).toBe('20.00');
  });
});
