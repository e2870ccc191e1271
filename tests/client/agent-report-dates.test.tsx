/**
 * The date ranges of the team reports: the presets in Beijing dates whatever the device's zone (a
 * UTC evening is already tomorrow in Beijing), month and year edges, leap years, the Monday week, and
 * the custom-range rule (order, not after today, at most 92 days) as the filter applies it: a
 * refused range is explained and never asked for.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  presetRange,
  rangeDays,
  rangeError,
  REPORT_MAX_DAYS,
} from '../../src/domain/agent/reportRange';
import { beijingDate } from '../../src/domain/time';
import { currentUser } from '../../src/client/state/session';
import AgentReportPage from '../../src/client/features/agentReport/pages/AgentReportPage';
import { callsTo, ok, stubNetwork, USER } from './records-net';

/** A UTC instant given as the Beijing wall clock 'YYYY-MM-DDTHH:mm'. */
const bj = (wall: string) => Date.parse(`${wall}:00+08:00`);

describe('report presets', () => {
  it('uses the Beijing date: 01:00 in Beijing on the 1st is still the 30th in UTC', () => {
    const now = bj('2026-12-01T01:00');
    expect(new Date(now).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(presetRange('today', now)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(presetRange('yesterday', now)).toEqual({
      startDate: '2026-11-30',
      endDate: '2026-11-30',
    });
    expect(presetRange('thisMonth', now)).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-01',
    });
    expect(presetRange('lastMonth', now)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
  });

  it('crosses the year and knows leap Februaries', () => {
    const jan = bj('2027-01-01T00:00');
    expect(presetRange('yesterday', jan)).toEqual({
      startDate: '2026-12-31',
      endDate: '2026-12-31',
    });
    expect(presetRange('lastMonth', jan)).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(presetRange('lastMonth', bj('2028-03-15T12:00'))).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
    expect(presetRange('lastMonth', bj('2027-03-31T23:59'))).toEqual({
      startDate: '2027-02-01',
      endDate: '2027-02-28',
    });
    expect(presetRange('thisMonth', bj('2026-11-24T19:00'))).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-24',
    });
  });

  it('starts the week on Monday', () => {
    expect(presetRange('thisWeek', bj('2026-11-24T10:00'))).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-24',
    });
    expect(presetRange('thisWeek', bj('2026-11-29T23:59'))).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-29',
    });
    expect(presetRange('thisWeek', bj('2026-11-30T00:00'))).toEqual({
      startDate: '2026-11-30',
      endDate: '2026-11-30',
    });
    expect(presetRange('thisWeek', bj('2027-01-02T08:00'))).toEqual({
      startDate: '2026-12-28',
      endDate: '2027-01-02',
    });
  });

  it('every preset range is in order, ends by today and passes the custom rule', () => {
    for (let day = 0; day < 800; day += 7) {
      const now = bj('2026-01-01T23:30') + day * 86_400_000;
      for (const p of ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth'] as const) {
        const r = presetRange(p, now);
        expect(rangeError(r, now), `${p} at ${beijingDate(now)}`).toBeNull();
        expect(rangeDays(r)).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe('custom range rule', () => {
  const now = bj('2026-11-24T19:00');
  it('takes exactly 92 days and refuses 93', () => {
    expect(REPORT_MAX_DAYS).toBe(92);
    expect(rangeError({ startDate: '2026-08-25', endDate: '2026-11-24' }, now)).toBeNull();
    expect(rangeDays({ startDate: '2026-08-25', endDate: '2026-11-24' })).toBe(92);
    expect(rangeError({ startDate: '2026-08-24', endDate: '2026-11-24' }, now)).toBe(
      '查询范围不能超过92天',
    );
  });
  it('refuses a reversed range, a future end, impossible and missing dates', () => {
    expect(rangeError({ startDate: '2026-11-20', endDate: '2026-11-19' }, now)).toBe(
      '开始日期不能晚于结束日期',
    );
    expect(rangeError({ startDate: '2026-11-20', endDate: '2026-11-25' }, now)).toBe(
      '结束日期不能晚于今天',
    );
    expect(rangeError({ startDate: '2026-02-30', endDate: '2026-03-01' }, now)).toBe(
      '请选择开始日期和结束日期',
    );
    expect(rangeError({ startDate: '', endDate: '2026-11-24' }, now)).toBe(
      '请选择开始日期和结束日期',
    );
    expect(rangeError({ startDate: '2026-11-24', endDate: '2026-11-24' }, now)).toBeNull();
  });
});

const F = {
  betAmount: '120.00',
  pendingBetAmount: '16.00',
  validBetAmount: '118.00',
  prizeAmount: '50.00',
  rebateAmount: '1.20',
  activityAmount: '0.00',
  redEnvelopeAmount: '0.00',
  walletIncome: '0.00',
  otherAmount: '0.00',
  rechargeAmount: '500.00',
  withdrawAmount: '0.00',
  profit: '-68.80',
  firstRechargeCount: 1,
  newMemberCount: 2,
  activeMemberCount: 3,
  betMemberCount: 2,
};
const TEAM = '/v1/report/agentReport/userAgentReport';
const DAYS = '/v1/report/agentReport/userAgentReport/detail';

describe('the filter on /agentReport', () => {
  beforeEach(() => {
    currentUser.value = { ...USER, agent: true };
    window.history.replaceState(null, '', '/agentReport');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for today, then a preset, then a valid custom range; a refused range is explained and not asked', async () => {
    stubNetwork({
      [TEAM]: (c) =>
        ok({
          ...F,
          startDate: c.query.get('startTime'),
          endDate: c.query.get('endTime'),
          teamBalance: '900.50',
          memberCount: 4,
        }),
      [DAYS]: (c) => ok({ list: [{ ...F, date: c.query.get('endTime') }] }),
    });
    render(<AgentReportPage />);
    const team = await screen.findByRole('region', { name: '团队报表' });
    await waitFor(() => expect(team.textContent).toContain('团队余额900.50'));
    expect(team.textContent).toContain('投注金额120.00');
    expect(team.textContent).toContain('盈亏-68.80');
    // every column of 盈亏 is shown, the pending stakes apart with what is not in 盈亏
    for (const t of [
      '中奖金额50.00',
      '返点金额1.20',
      '活动收入0.00',
      '红包收支0.00',
      '虚拟钱包收益0.00',
      '其他0.00',
      '不计入盈亏待开奖16.00',
    ]) {
      expect(team.textContent).toContain(t);
    }
    expect(team.textContent).toContain('团队人数4');
    const today = beijingDate(Date.now());
    expect(callsTo(TEAM)[0]!.query.get('startTime')).toBe(today);
    expect(callsTo(TEAM)[0]!.query.get('endTime')).toBe(today);
    expect((await screen.findByRole('list', { name: '每日明细' })).textContent).toContain(today);

    fireEvent.click(screen.getByRole('tab', { name: '上月' }));
    const last = presetRange('lastMonth', Date.now());
    await waitFor(() => expect(callsTo(TEAM).at(-1)!.query.get('startTime')).toBe(last.startDate));
    expect(callsTo(TEAM).at(-1)!.query.get('endTime')).toBe(last.endDate);
    expect(callsTo(DAYS).at(-1)!.query.get('startTime')).toBe(last.startDate);

    fireEvent.click(screen.getByRole('tab', { name: '自定义' }));
    const before = callsTo(TEAM).length;
    fireEvent.change(screen.getByLabelText('开始日期'), {
      target: { value: beijingDate(Date.now(), 100) },
    });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: today } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect((await screen.findByRole('alert')).textContent).toBe('查询范围不能超过92天');
    expect(screen.getByLabelText('开始日期').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(TEAM).length).toBe(before);

    fireEvent.change(screen.getByLabelText('开始日期'), {
      target: { value: beijingDate(Date.now(), 91) },
    });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(callsTo(TEAM).at(-1)!.query.get('startTime')).toBe(beijingDate(Date.now(), 91)),
    );
    expect(callsTo(TEAM).at(-1)!.query.get('endTime')).toBe(today);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
