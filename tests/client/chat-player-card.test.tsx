/** The player card names the liked lotteries (not their codes) and opens each game. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { PlayerCard } from '../../src/client/features/chat/components/PlayerCard';
import { queryClient } from '../../src/client/query';
import { LOTTERIES, ok, stubNetwork } from './lottery-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('player card', () => {
  it('shows liked lotteries by name, each opening its game; an unknown code stays a hall search', async () => {
    stubNetwork({
      '/v1/management/content/lotteryConfig': () => ok({ lotteryList: LOTTERIES }),
      '/v1/chat/playerInfo': () =>
        ok({
          userId: 12,
          userName: 'alice1',
          nickName: '爱丽丝',
          avatar: '',
          sex: 0,
          totalBonus: '0.00',
          playedLottery: '1008,1102,9999',
        }),
    });
    render(
      <PlayerCard userId="12" roomCode={null} myId={1} iAmManager={false} onClose={() => {}} />,
    );
    const liked = await screen.findByRole('heading', { name: '喜欢的彩种' });
    const list = within(liked.parentElement!);
    expect((await list.findByRole('link', { name: '鸿运分分彩' })).getAttribute('href')).toBe(
      '/lottery/SSC/1008',
    );
    expect(list.getByRole('link', { name: '极速快三' }).getAttribute('href')).toBe(
      '/lottery/K3/1102',
    );
    expect(list.getByRole('link', { name: '9999' }).getAttribute('href')).toBe(
      '/lotteryHall?key=9999',
    );
    expect(list.queryByRole('link', { name: '1008' })).toBeNull();
  });
});
