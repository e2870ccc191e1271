/** The result a results strip shows (lastResultOf) and the next draw's day and time (formatDrawDay). */
import { describe, expect, it } from 'vitest';
import { lastResultOf } from '../../src/client/features/lottery/lastResult';
import { formatDrawDay } from '../../src/client/features/lottery/families';
import type { NextIssueData, OpenRow } from '../../src/client/features/lottery/api';

const issue = (lastIssue: string | null, lastOpenNumber: string | null): NextIssueData => ({
  lotteryCode: '1202',
  issue: '2026328',
  saleOpenTime: 0,
  closeTime: 0,
  openTime: 0,
  seedHash: null,
  serverTime: 0,
  lastIssue,
  lastOpenNumber,
  lastStatus: lastOpenNumber ? 'settled' : 'pending',
});
const row = (i: string, openNumber = '1,2,3,4,5'): OpenRow => ({
  issue: i,
  openNumber,
  openTime: 1_700_000_000_000,
  status: 'settled',
});

describe('lastResultOf', () => {
  it('shows the last drawn issue of the list beside the newer issue still waiting for its official result', () => {
    expect(lastResultOf(issue('2026327', null), row('2026326'))).toEqual({
      drawn: { issue: '2026326', openNumber: '1,2,3,4,5', openTime: 1_700_000_000_000 },
      awaiting: '2026327',
      drawing: null,
    });
  });

  it('takes the newer of the issue answer and the list, by issue number', () => {
    // the list polled after a draw the issue answer has not seen yet
    expect(
      lastResultOf(issue('202611240745', '1,1,1,1,1'), row('202611240746', '2,2,2,2,2')).drawn
        ?.issue,
    ).toBe('202611240746');
    // the issue answer has a draw the list has not caught up with
    expect(lastResultOf(issue('202611240747', '3,3,3,3,3'), row('202611240746')).drawn).toEqual({
      issue: '202611240747',
      openNumber: '3,3,3,3,3',
    });
    // a longer issue number is newer (a counter that gained a digit)
    expect(lastResultOf(issue('20261000', '4,4,4,4,4'), row('2026999')).drawn?.issue).toBe(
      '20261000',
    );
    // the same issue: the list's row, with its draw time
    expect(lastResultOf(issue('2026326', '1,2,3,4,5'), row('2026326')).drawn?.openTime).toBe(
      1_700_000_000_000,
    );
  });

  it('has nothing awaiting once the last issue is drawn, and nothing at all before any draw', () => {
    expect(lastResultOf(issue('2026326', '1,2,3,4,5'), undefined).awaiting).toBeNull();
    expect(lastResultOf(issue(null, null), null)).toEqual({
      drawn: null,
      awaiting: null,
      drawing: null,
    });
    expect(lastResultOf(issue('2026327', null), null)).toEqual({
      drawn: null,
      awaiting: '2026327',
      drawing: null,
    });
  });

  it('says the issue that just closed is 开奖中 until its draw arrives, not only the draw before it', () => {
    // on sale: 2026328 (the issue answer); the last drawn is 2026327
    expect(lastResultOf(issue('2026327', '1,1,1,1,1'), row('2026327')).drawing).toBeNull();
    expect(lastResultOf(issue('2026327', '1,1,1,1,1'), row('2026327'), true).drawing).toBe(
      '2026328',
    );
    // the list has the new draw: nothing is being drawn any more
    expect(lastResultOf(issue('2026327', '1,1,1,1,1'), row('2026328'), true).drawing).toBeNull();
  });
});

describe('formatDrawDay', () => {
  it('reads the draw in Beijing time whatever the device zone', () => {
    // 2026-11-24 13:30 UTC is 21:30 in Beijing; 16:30 UTC is already the 25th there
    expect(formatDrawDay(Date.UTC(2026, 10, 24, 13, 30))).toBe('11月24日 21:30');
    expect(formatDrawDay(Date.UTC(2026, 10, 24, 16, 5))).toBe('11月25日 00:05');
    expect(formatDrawDay(Date.UTC(2026, 0, 3, 1, 0))).toBe('1月3日 09:00');
  });
});
