/**
 * The draw check page against a stubbed network: a self-run draw is verified (and says it cannot be
 * corrected); an official draw lists its corrections with operator, Beijing time, before and after;
 * a correction chain that does not end at the open number is flagged.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import type { LotteryItem } from '../../src/client/features/lottery/api';
import { queryClient } from '../../src/client/query';
import VerifyDrawPage from '../../src/client/features/records/pages/VerifyDrawPage';
import { correctionsChainOk } from '../../src/client/features/records/verifyLocal';
import { callsTo, LOTTERIES, ok, stubNetwork, USER } from './records-net';

const OFFICIAL: LotteryItem = {
  lotteryCode: '1201',
  lotteryName: '福彩3D',
  family: 'FC3D',
  source: 'official',
  intervalSec: 86_400,
  closeLeadSec: 600,
  enabled: true,
  sort: 9,
};
const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const SEED_HASH = '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef';
// 2026-11-23 13:05:09 UTC = 21:05:09 in Beijing
const CORRECTED_AT = Date.UTC(2026, 10, 23, 13, 5, 9);

function official(corrections: unknown[], openNumber = '3,2,1') {
  return ok({
    lotteryCode: '1201',
    issue: '2026321',
    source: 'official',
    openNumber,
    seedHash: null,
    seed: null,
    recomputed: null,
    hashMatches: null,
    resultMatches: null,
    algorithm: '官方彩种的开奖号码照录官方开奖结果，不能由种子复算。',
    corrections,
  });
}

function stub(verify: () => ReturnType<typeof ok>) {
  stubNetwork({
    '/v1/management/content/lotteryConfig': () => ok({ lotteryList: [...LOTTERIES, OFFICIAL] }),
    '/v1/lottery/verifyDraw': verify,
  });
}

beforeEach(() => {
  currentUser.value = USER;
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VerifyDrawPage corrections', () => {
  it("lists an official draw's corrections: who (masked), when in Beijing time, before and after, the reason", async () => {
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1201&issue=2026321');
    stub(() =>
      official([
        {
          operator: 'op***1',
          correctedAt: CORRECTED_AT,
          before: '1,2,3',
          after: '4,5,6',
          reason: null,
        },
        {
          operator: 'ad***n',
          correctedAt: CORRECTED_AT + 60_000,
          before: '4,5,6',
          after: '3,2,1',
          reason: '官方更正公告',
        },
      ]),
    );
    render(<VerifyDrawPage />);
    const records = await screen.findByRole('region', { name: '开奖更正记录' });
    const items = within(records).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('2026-11-23 21:05:09（北京时间）');
    expect(items[0]!.textContent).toContain('操作员 op***1');
    expect(items[0]!.textContent).toContain('1,2,3 → 4,5,6');
    expect(items[1]!.textContent).toContain('2026-11-23 21:06:09');
    expect(items[1]!.textContent).toContain('4,5,6 → 3,2,1');
    expect(items[1]!.textContent).toContain('原因：官方更正公告');
    expect(records.textContent).toContain('更正过 2 次');
    const result = screen.getByRole('region', { name: '验证结果' });
    expect(within(result).getByRole('status').textContent).toContain('官方');
    expect(result.textContent).toContain('3,2,1');
    // no seed check for an official game
    expect(result.textContent).not.toContain('种子哈希');
    expect(screen.queryByText(/验证未通过/)).toBeNull();
  });

  it('flags a correction list that does not end at the open number', async () => {
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1201&issue=2026321');
    stub(() =>
      official([
        {
          operator: 'ad***n',
          correctedAt: CORRECTED_AT,
          before: '1,2,3',
          after: '4,5,6',
          reason: null,
        },
      ]),
    );
    render(<VerifyDrawPage />);
    const records = await screen.findByRole('region', { name: '开奖更正记录' });
    expect(records.textContent).toContain('更正记录与当前开奖号码不一致');
  });

  it('says an uncorrected official draw was never corrected, and offers official games in the picker', async () => {
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1201&issue=2026321');
    stub(() => official([]));
    render(<VerifyDrawPage />);
    const records = await screen.findByRole('region', { name: '开奖更正记录' });
    expect(records.textContent).toContain('没有被更正过');
    expect(within(records).queryAllByRole('listitem')).toHaveLength(0);
    const picker = screen.getByLabelText('彩种') as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toContain('福彩3D（官方开奖）'),
    );
  });

  it('verifies a self-run draw and says it cannot be corrected', async () => {
    window.history.replaceState(null, '', '/verifyDraw?lotteryCode=1008&issue=202611230001');
    stub(() =>
      ok({
        lotteryCode: '1008',
        issue: '202611230001',
        source: 'self',
        seedHash: SEED_HASH,
        seed: SEED,
        openNumber: '1,3,7,7,6',
        recomputed: '1,3,7,7,6',
        hashMatches: true,
        resultMatches: true,
        algorithm: '…',
        corrections: [],
      }),
    );
    render(<VerifyDrawPage />);
    expect((await screen.findByText(/验证通过/)).getAttribute('role')).toBe('status');
    const local = await screen.findByText(/本机浏览器复算/);
    await waitFor(() => expect(local.parentElement!.textContent).toContain('1,3,7,7,6 一致'));
    expect(screen.getByRole('region', { name: '开奖更正记录' }).textContent).toContain(
      '由种子决定，不能更正',
    );
    fireEvent.change(screen.getByLabelText('期号'), { target: { value: '202611230002' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() =>
      expect(callsTo('/v1/lottery/verifyDraw').at(-1)!.query.get('issue')).toBe('202611230002'),
    );
  });
});

describe('correctionsChainOk', () => {
  it('needs each correction to start where the previous ended, the last at the open number', () => {
    expect(correctionsChainOk('1,2,3', [])).toBe(true);
    expect(
      correctionsChainOk('3', [
        { before: '1', after: '2' },
        { before: '2', after: '3' },
      ]),
    ).toBe(true);
    expect(
      correctionsChainOk('3', [
        { before: '1', after: '2' },
        { before: '9', after: '3' },
      ]),
    ).toBe(false);
    expect(correctionsChainOk('2', [{ before: '1', after: '3' }])).toBe(false);
  });
});
