/** /chatRoom for a visitor: the way to log in, and the rooms open to guests, each opening its guest page. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import ChatPanelPage from '../../src/client/features/chat/pages/ChatPanelPage';
import { currentUser, sessionLoaded } from '../../src/client/state/session';
import { queryClient } from '../../src/client/query';
import { ok, stubNetwork } from './records-net';

beforeEach(() => {
  currentUser.value = null;
  sessionLoaded.value = true;
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/chatRoom without an account', () => {
  it('lists the guest rooms, each linking to its guest page', async () => {
    stubNetwork({
      '/v1/chat/getGuestRoomList': () =>
        ok({
          list: [
            {
              roomCode: 'guest',
              title: '游客体验室',
              subTitle: '先来聊聊',
              avatar: '',
              isPassword: 0,
              guestCode: 'welcome2026',
              guestChat: 1,
            },
            {
              roomCode: 'news',
              title: '开奖播报',
              subTitle: '',
              avatar: '',
              isPassword: 0,
              guestCode: 'news8888',
              guestChat: 0,
            },
          ],
        }),
    });
    render(<ChatPanelPage />);
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: '游客聊天室' });
    const first = within(list).getByRole('link', { name: /游客体验室/ });
    expect(first.getAttribute('href')).toBe('/chatGuest?roomCode=guest&guestCode=welcome2026');
    expect(first.textContent).toContain('游客可发言');
    expect(within(list).getByRole('link', { name: /开奖播报/ }).textContent).toContain(
      '游客可浏览',
    );
  });

  it('says when no room is open to guests', async () => {
    stubNetwork({ '/v1/chat/getGuestRoomList': () => ok({ list: [] }) });
    render(<ChatPanelPage />);
    expect(await screen.findByText('暂无开放给游客的聊天室')).toBeTruthy();
  });
});
