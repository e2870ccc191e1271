/**
 * Presence pushes (spec 001 §4: 11 member online, 12 member offline) through a fake socket: the open
 * online list adds and drops members live (once each, a search left alone), and the header count is
 * the server's total, read when the socket opens and again after pushes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMemo } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useChatStream, type StreamSource } from '../../src/client/features/chat/useChatStream';
import { applyPresence, usePresence } from '../../src/client/features/chat/presence';
import { MemberSheet } from '../../src/client/features/chat/components/MemberSheet';
import type { OnlineMember } from '../../src/client/features/chat/api';
import { callsTo, ok, stubNetwork } from './records-net';
import { FakeSocket } from './chat-fixtures';
import { passTime, useFakeClock } from './clock-fixtures';

const member = (id: number, name: string, isManager = 0): OnlineMember => ({
  userId: String(id),
  roleUserName: name,
  avatar: '',
  isManager,
});

function Room({ listOpen = true }: { listOpen?: boolean }) {
  const source = useMemo<StreamSource>(
    () => ({ page: async () => [], socket: { type: 1, roomId: 'r1', password: 'p' } }),
    [],
  );
  // the page's wiring: the stream's events go to usePresence first
  const stream = useChatStream(source, (f) => {
    presence.take(f);
  });
  const presence = usePresence('r1', listOpen, stream.status === 'open');
  return (
    <>
      <p data-testid="count">{presence.count ?? '-'}</p>
      <MemberSheet
        open
        roomCode="r1"
        manager={false}
        myId={7}
        presence={presence.push}
        onPick={() => {}}
        onCard={() => {}}
        onClose={() => {}}
      />
    </>
  );
}

let online: OnlineMember[];
// presence.ts asks for the count again this long after the last push
const RECOUNT_DELAY_MS = 1000;

beforeEach(() => {
  // the recount waits RECOUNT_DELAY_MS after a push: the test moves the clock over it
  useFakeClock();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  online = [member(1, 'ma***1', 1), member(2, 'pl***2')];
  stubNetwork({
    '/v1/broadCast/generateKey': () => ok('k'.repeat(43)),
    '/v1/chat/getOnlineMemberList': (c) => {
      const q = c.query.get('userName') ?? '';
      const list = online.filter((m) => m.roleUserName.includes(q));
      return ok({ list: list.slice(0, Number(c.query.get('pageSize'))), total: list.length });
    },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const names = (g: string) =>
  within(screen.getByRole('region', { name: g }))
    .queryAllByRole('button', { name: /^@/ })
    .map((b) => b.getAttribute('aria-label')?.slice(1));

describe('presence pushes', () => {
  it('update the open online list and the header count live', async () => {
    render(<Room />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const s = FakeSocket.all[0]!;
    // no count before the socket is open
    expect(screen.getByTestId('count').textContent).toBe('-');
    act(() => s.frame({ code: 2, success: true, msg: '连接成功', body: {} }));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(names('在线玩家')).toEqual(['pl***2']);
    expect(screen.getByRole('dialog', { name: /在线成员（2）/ })).toBeTruthy();

    online.push(member(3, 'ne***3'));
    const newcomer = { userId: '3', roleUserName: 'ne***3', avatar: '', isManager: false };
    act(() => {
      s.frame({ code: 11, body: newcomer });
      s.frame({ code: 11, body: newcomer });
    });
    await waitFor(() => expect(names('在线玩家')).toEqual(['pl***2', 'ne***3']));
    expect(screen.getByRole('dialog', { name: /在线成员（3）/ })).toBeTruthy();
    // the header asks the server again once the pushes settle
    await passTime(RECOUNT_DELAY_MS);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('3'));

    online = online.filter((m) => m.userId !== '2');
    act(() => s.frame({ code: 12, body: { userId: '2' } }));
    await waitFor(() => expect(names('在线玩家')).toEqual(['ne***3']));
    expect(screen.getByRole('dialog', { name: /在线成员（2）/ })).toBeTruthy();
    await passTime(RECOUNT_DELAY_MS);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    // counts asked with the smallest page; the list itself was loaded once
    expect(
      callsTo('/v1/chat/getOnlineMemberList').filter((c) => c.query.get('pageSize') === '1').length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      callsTo('/v1/chat/getOnlineMemberList').filter((c) => c.query.get('pageSize') === '100'),
    ).toHaveLength(1);
  });

  it('shows no count when the online list is closed to the reader', async () => {
    render(<Room listOpen={false} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.frame({ code: 2, success: true, msg: '连接成功', body: {} }));
    act(() =>
      FakeSocket.all[0]!.frame({
        code: 11,
        body: { userId: '5', roleUserName: 'x', avatar: '', isManager: 0 },
      }),
    );
    await passTime(RECOUNT_DELAY_MS + 200);
    expect(screen.getByTestId('count').textContent).toBe('-');
    expect(
      callsTo('/v1/chat/getOnlineMemberList').filter((c) => c.query.get('pageSize') === '1'),
    ).toHaveLength(0);
  });

  it('leaves a searched list without newcomers but still drops who left', () => {
    const cur = { list: [member(1, 'ab***1')], total: 1 };
    expect(applyPresence(cur, { code: 11, body: member(2, 'ab***2') }, true)).toBe(cur);
    expect(applyPresence(cur, { code: 12, body: { userId: 1 } }, true)).toEqual({
      list: [],
      total: 0,
    });
    expect(applyPresence(cur, { code: 12, body: { userId: '9' } }, false)).toBe(cur);
    expect(applyPresence(cur, { code: 11, body: {} }, false)).toBe(cur);
  });
});
