/**
 * Muting durations (spec 001 §4, docs/chat.md): a new mute goes through addBanFront; changing the
 * duration of a mute in force goes through updateBanFront with its record (the player card's banId,
 * the account search's record, a row of the muted list), never addBanFront; the search finds guests too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MuteButtons } from '../../src/client/features/chat/components/PlayerCard';
import { RoomInfo } from '../../src/client/features/chat/components/RoomInfo';
import type { RoomSetting } from '../../src/client/features/chat/api';
import { BanDuration } from '../../src/domain/chat/access';
import { callsTo, ok, stubNetwork } from './records-net';

const BANS = [
  {
    id: 31,
    target: '12',
    userName: 'alice1',
    nickname: 'al***1',
    durationTypeId: BanDuration.ONE_DAY,
    gmtModified: '2026-11-24 10:00:00',
    isBan: 1,
  },
];

beforeEach(() => {
  stubNetwork({
    '/v1/chat/addBanFront': () => ok(null),
    '/v1/chat/updateBanFront': () => ok(null),
    '/v1/chat/getBanListFront': () => ok({ list: BANS, total: 1 }),
    '/v1/chat/getBanFront': () =>
      ok({
        id: 0,
        target: 'g7',
        userName: '游客0007',
        nickname: '游客***7',
        durationTypeId: 0,
        gmtModified: '',
        isBan: 0,
      }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const body = (path: string) => callsTo(path).map((c) => Object.fromEntries(c.body));

describe('mute durations', () => {
  it('mutes with addBanFront when no mute is in force', async () => {
    render(<MuteButtons roomCode="r1" userId="12" nickName="al***1" />);
    fireEvent.click(screen.getByRole('button', { name: '禁言1小时' }));
    await waitFor(() =>
      expect(body('/v1/chat/addBanFront')).toEqual([
        {
          roomCode: 'r1',
          target: '12',
          durationTypeId: String(BanDuration.ONE_HOUR),
          nickName: 'al***1',
        },
      ]),
    );
    expect(callsTo('/v1/chat/updateBanFront')).toHaveLength(0);
  });

  it('changes a mute in force with updateBanFront and its record', async () => {
    const done = vi.fn();
    render(<MuteButtons roomCode="r1" userId="12" nickName="al***1" banId={31} onDone={done} />);
    fireEvent.click(screen.getByRole('button', { name: '禁言1周' }));
    await waitFor(() =>
      expect(body('/v1/chat/updateBanFront')).toEqual([
        { roomCode: 'r1', id: '31', durationTypeId: String(BanDuration.ONE_WEEK) },
      ]),
    );
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(callsTo('/v1/chat/addBanFront')).toHaveLength(0);
  });

  it('the account search finds a guest by its shown name and mutes it by its g<id>', async () => {
    const room = {
      roomCode: 'r1',
      title: '房间',
      subTitle: '',
      imageUrl: '',
      content: '',
      isManager: 1,
      isMessageBanned: 0,
      gmtCreated: '2026-11-24 10:00:00',
    } as unknown as RoomSetting;
    render(<RoomInfo room={room} open onClose={() => {}} onChanged={() => {}} />);
    fireEvent.change(await screen.findByLabelText('禁言账号'), { target: { value: '游客***7' } });
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    await screen.findByText('游客0007');
    expect(callsTo('/v1/chat/getBanFront').map((c) => Object.fromEntries(c.query))).toEqual([
      { roomCode: 'r1', target: '游客***7' },
    ]);
    const found = screen.getByText('游客0007').parentElement as HTMLElement;
    fireEvent.click(within(found).getByRole('button', { name: '禁言1天' }));
    await waitFor(() =>
      expect(body('/v1/chat/addBanFront')).toEqual([
        {
          roomCode: 'r1',
          target: 'g7',
          durationTypeId: String(BanDuration.ONE_DAY),
          nickName: '游客***7',
        },
      ]),
    );
  });

  it('a row of the muted list changes its duration through updateBanFront', async () => {
    const room = {
      roomCode: 'r1',
      title: '房间',
      subTitle: '',
      imageUrl: '',
      content: '',
      isManager: 1,
      isMessageBanned: 0,
      gmtCreated: '2026-11-24 10:00:00',
    } as unknown as RoomSetting;
    render(<RoomInfo room={room} open onClose={() => {}} onChanged={() => {}} />);
    const list = await screen.findByRole('region', { name: '禁言管理' });
    fireEvent.click(await within(list).findByRole('button', { name: '修改时长' }));
    fireEvent.click(within(list).getByRole('button', { name: '永久禁言' }));
    await waitFor(() =>
      expect(body('/v1/chat/updateBanFront')).toEqual([
        { roomCode: 'r1', id: '31', durationTypeId: String(BanDuration.PERMANENT) },
      ]),
    );
    expect(callsTo('/v1/chat/addBanFront')).toHaveLength(0);
    // the list is read again after the change
    await waitFor(() =>
      expect(callsTo('/v1/chat/getBanListFront').length).toBeGreaterThanOrEqual(2),
    );
  });
});
