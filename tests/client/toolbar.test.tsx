/**
 * The floating toolbar (spec 001 section 2): where it shows, its badges (9+), the guest's login
 * confirm, the 客服选单 (empty → toast; a line opens the sized service window or a site page) and
 * the button's resting places (the tab bar's slot, a side edge, fully visible), its own 红包 badge
 * and its keyboard moves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ToolbarPanel from '../../src/client/features/toolbar/ToolbarPanel';
import { FloatingToolbar } from '../../src/client/features/toolbar/FloatingToolbar';
import { toolbarHidden } from '../../src/client/features/toolbar/visibility';
import {
  BUTTON_SIZE_PX,
  clampPosition,
  dockPosition,
  restingDock,
  slotPosition,
  TAB_BAR_HEIGHT_PX,
  TOOLBAR_SLOT_PX,
} from '../../src/client/features/toolbar/position';
import { badgeLabel, serviceWindowFeatures } from '../../src/domain/toolbar/service';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { OverlayHost } from '../../src/client/ui';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const directRoom = (i: number, unread: boolean) => ({
  roomId: i,
  userId: String(i),
  userName: `u${i}`,
  avatar: '',
  subTitle: '',
  latestMessageId: 2,
  messageReadId: unread ? 1 : 2,
  unread: unread ? 1 : 0,
  gmtLatestMessageTimestamp: 0,
  gmtLatestMessage: '',
  banned: 0,
  isMessageBanned: 0,
});
const lines = [
  { name: '在线客服一', linkType: 1, linkUrl: 'https://kf.example.com/a', htmlPath: '', sort: 1 },
  { name: '帮助中心', linkType: 2, linkUrl: '', htmlPath: '/help', sort: 2 },
];

beforeEach(() => {
  currentUser.value = USER;
  tenantConfig.value = {
    tenantName: '测试站',
    embedChatEnabled: false,
    supportWidth: 817,
    supportHeight: 500,
  };
  window.history.replaceState(null, '', '/index');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPanel() {
  const onClose = vi.fn();
  render(
    <>
      <ToolbarPanel onClose={onClose} />
      <OverlayHost />
    </>,
  );
  return onClose;
}

describe('where the toolbar shows', () => {
  it('is hidden on the pages the guard opens without login, shown elsewhere', () => {
    for (const p of [
      '/login',
      '/register',
      '/forgotPassword',
      '/retrievePassword',
      '/setLoginPassword',
      '/maintain',
      '/websiteClosed',
      '/howtoplay/1008',
      '/trendChart/1008',
      '/rebateDes',
      '/404',
    ]) {
      expect(toolbarHidden(p), p).toBe(true);
    }
    for (const p of ['/index', '/personalInfo', '/chatRoom', '/manualVerification', '/lotteryHall'])
      expect(toolbarHidden(p), p).toBe(false);
  });

  it('is left off where it is in the way: the betting page, chat rooms, embedded chat, operator pages', () => {
    for (const p of [
      '/lottery/SSC/1008',
      '/chatRoom/lobby',
      '/chatDirect/12',
      '/chatGuest',
      '/embedChat',
      '/admin',
    ])
      expect(toolbarHidden(p), p).toBe(true);
  });
});

describe('badges', () => {
  it('caps at 9+', () => {
    expect([0, -1, Number.NaN, 1, 9, 10, 120].map(badgeLabel)).toEqual([
      '',
      '',
      '',
      '1',
      '9',
      '9+',
      '9+',
    ]);
  });

  it('shows the activity envelopes (9+) and the unread private chats', async () => {
    stubNetwork({
      '/v1/activity/getActivityRedEnvelopeNumber': () => ok(12),
      '/v1/chat/getDirectRoomListWeb': () =>
        ok({
          list: [
            directRoom(1, true),
            directRoom(2, true),
            directRoom(3, false),
            directRoom(4, true),
          ],
          total: 4,
        }),
    });
    renderPanel();
    expect((await screen.findByTestId('badge-redEnvelope')).textContent).toBe('9+');
    expect((await screen.findByTestId('badge-chatRoom')).textContent).toBe('3');
    expect(screen.getByRole('button', { name: '红包（12个红包可领取）' })).toBeTruthy();
  });

  it('shows no envelope badge when the count call fails or says 0, and no toast about it', async () => {
    stubNetwork({
      '/v1/activity/getActivityRedEnvelopeNumber': () => refuse('接口不存在'),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
    });
    renderPanel();
    await waitFor(() =>
      expect(callsTo('/v1/activity/getActivityRedEnvelopeNumber')).toHaveLength(1),
    );
    await waitFor(() => expect(callsTo('/v1/chat/getDirectRoomListWeb')).toHaveLength(1));
    expect(screen.queryByTestId('badge-redEnvelope')).toBeNull();
    expect(screen.queryByTestId('badge-chatRoom')).toBeNull();
    expect(screen.queryByText('接口不存在')).toBeNull();
  });
});

describe('entries', () => {
  it('asks a guest to log in first, then goes to /login', async () => {
    currentUser.value = null;
    stubNetwork({});
    renderPanel();
    expect(screen.queryByRole('button', { name: '嵌入聊天' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '长龙助手' }));
    const dialog = await screen.findByRole('dialog', { name: '请先登录' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    // a guest asks nothing of the player calls
    expect(callsTo('/v1/activity/getActivityRedEnvelopeNumber')).toHaveLength(0);
    expect(callsTo('/v1/chat/getDirectRoomListWeb')).toHaveLength(0);
  });

  it("goes to the entry's page for a player, and offers 嵌入聊天 when the tenant enables it", async () => {
    tenantConfig.value = { tenantName: '测试站', embedChatEnabled: true };
    stubNetwork({
      '/v1/activity/getActivityRedEnvelopeNumber': () => ok(0),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
    });
    const onClose = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '嵌入聊天' }));
    expect(window.location.pathname).toBe('/embedChat');
    fireEvent.click(screen.getByRole('button', { name: '红包' }));
    expect(window.location.pathname).toBe('/redEnvelope');
    fireEvent.click(screen.getByRole('button', { name: '长龙助手' }));
    expect(window.location.pathname).toBe('/longDragon');
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('客服选单', () => {
  it('says there is no line when the list is empty', async () => {
    stubNetwork({
      '/v1/site/customerServiceList': () => ok({ list: [] }),
      '/v1/activity/getActivityRedEnvelopeNumber': () => ok(0),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    expect(await screen.findByText('当前没有匹配的客服线路')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '客服选单' })).toBeNull();
  });

  it('opens an external line in the sized service window, a local one as a page, and cancels', async () => {
    currentUser.value = null; // customer service needs no login
    stubNetwork({ '/v1/site/customerServiceList': () => ok({ list: lines }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onClose = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    const picker = await screen.findByRole('dialog', { name: '客服选单' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['在线客服一（在新窗口打开）', '帮助中心', '取消']);
    fireEvent.click(within(picker).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog', { name: '客服选单' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '客服选单' })).getByRole('button', {
        name: /在线客服一/,
      }),
    );
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    expect([url, name]).toEqual(['https://kf.example.com/a', 'customerService']);
    expect(features).toBe(
      serviceWindowFeatures(
        window.screen.availWidth || window.innerWidth,
        window.screen.availHeight || window.innerHeight,
        817,
        500,
      ),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '客服选单' })).getByRole('button', {
        name: '帮助中心',
      }),
    );
    expect(window.location.pathname).toBe('/help');
    // the list was asked once: the second and third openings used the cache
    expect(callsTo('/v1/site/customerServiceList')).toHaveLength(1);
  });

  it('sizes the service window 817 x 500 at 90%, and 90% of a narrower screen', () => {
    expect(serviceWindowFeatures(1920, 1080)).toBe(
      'width=735,height=450,left=593,top=315,resizable=yes,scrollbars=yes',
    );
    expect(serviceWindowFeatures(360, 640)).toMatch(/^width=324,height=450,left=18,/);
    expect(serviceWindowFeatures(1920, 1080, 1000, 700)).toMatch(/^width=900,height=630,/);
  });
});

describe('the floating button', () => {
  const vp = { width: 360, height: 740 };

  it("rests in the tab bar's slot, or fully visible against the side it is let go nearer to", () => {
    expect(BUTTON_SIZE_PX).toBeLessThanOrEqual(44);
    // the slot: the right end of the tab bar, which keeps TOOLBAR_SLOT_PX free for it
    const slot = slotPosition(vp);
    expect(slot.x).toBeGreaterThanOrEqual(360 - TOOLBAR_SLOT_PX);
    expect(slot.x + BUTTON_SIZE_PX).toBeLessThanOrEqual(360);
    expect(slot.y).toBeGreaterThanOrEqual(740 - TAB_BAR_HEIGHT_PX);
    expect(slot.y + BUTTON_SIZE_PX).toBeLessThanOrEqual(740);
    expect(dockPosition({ slot: true }, vp, true)).toEqual(slot);
    // on a wide window the slot is at the right end of the centred 640 px column
    expect(slotPosition({ width: 1280, height: 800 }).x + BUTTON_SIZE_PX).toBeLessThanOrEqual(960);
    // let go far past the left and top edges: against the left side, fully visible
    expect(restingDock({ x: -500, y: -80 }, vp, true)).toEqual({ slot: false, side: 'left', y: 8 });
    expect(dockPosition({ slot: false, side: 'left', y: 8 }, vp, true)).toEqual({ x: 8, y: 8 });
    // let go right of the middle, low: against the right side, above the tab bar
    const low = restingDock({ x: 250, y: 640 }, vp, true);
    expect(low).toEqual({
      slot: false,
      side: 'right',
      y: 740 - TAB_BAR_HEIGHT_PX - BUTTON_SIZE_PX - 8,
    });
    expect(dockPosition(low, vp, true).x + BUTTON_SIZE_PX).toBe(352);
    // let go over the tab bar: back in the slot
    expect(restingDock({ x: 100, y: 700 }, vp, true)).toEqual({ slot: true });
    expect(clampPosition({ x: -50, y: 9999 }, vp)).toEqual({ x: 8, y: 740 - BUTTON_SIZE_PX - 8 });
  });

  it('shows the red-envelope badge on the collapsed button (9+ above 9)', async () => {
    stubNetwork({ '/v1/activity/getActivityRedEnvelopeNumber': () => ok(12) });
    render(<FloatingToolbar tabBar />);
    expect(
      (await screen.findByTestId('toolbar-badge', undefined, { timeout: 5000 })).textContent,
    ).toBe('9+');
    const button = screen.getByRole('button', { name: '快捷工具' });
    expect(button.getAttribute('aria-describedby')).toBe('toolbar-badge-text');
    expect(document.getElementById('toolbar-badge-text')?.textContent).toBe('12个红包可领取');
  });

  it('moves with the arrow keys, remembers the place, opens the panel and closes it with Escape', async () => {
    stubNetwork({
      '/v1/activity/getActivityRedEnvelopeNumber': () => ok(0),
      '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
    });
    render(<FloatingToolbar tabBar />);
    const button = screen.getByRole('button', { name: '快捷工具' });
    const slot = slotPosition({ width: window.innerWidth, height: window.innerHeight });
    expect(Number.parseFloat(button.style.left)).toBe(slot.x);
    fireEvent.keyDown(button, { key: 'ArrowLeft' });
    expect(Number.parseFloat(button.style.left)).toBe(8);
    const y = Number.parseFloat(button.style.top);
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(Number.parseFloat(button.style.top)).toBe(y - 16);
    expect(JSON.parse(localStorage.getItem('toolbar.dock')!)).toEqual({ side: 'left', y: y - 16 });
    cleanup();
    render(<FloatingToolbar tabBar />);
    const again = screen.getByRole('button', { name: '快捷工具' });
    expect(Number.parseFloat(again.style.left)).toBe(8);
    expect(Number.parseFloat(again.style.top)).toBe(y - 16);
    fireEvent.click(again);
    expect(await screen.findByRole('dialog', { name: '快捷工具' })).toBeTruthy();
    expect(again.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '快捷工具' })).toBeNull());
  });
});
