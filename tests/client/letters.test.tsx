/**
 * Letters and notices on the client: one unread query behind the user-centre and toolbar badges (the
 * one 9+ rule), the inbox's states and actions, a letter's text shown as text (markup never becomes
 * elements), and the notice pages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { tenantConfig } from '../../src/client/state/tenant';
import { OverlayHost } from '../../src/client/ui';
import PersonalInfoPage from '../../src/client/features/account/pages/PersonalInfoPage';
import ToolbarPanel from '../../src/client/features/toolbar/ToolbarPanel';
import LetterPage from '../../src/client/features/letters/LetterPage';
import LetterDetailPage from '../../src/client/features/letters/LetterDetailPage';
import NoticeDetailPage from '../../src/client/features/letters/NoticeDetailPage';
import NoticePage from '../../src/client/features/letters/NoticePage';
import { callsTo, ok, refuse, stubNetwork, USER, type Handler } from './records-net';

const letter = (id: number, isRead: 0 | 1) => ({
  id,
  title: `信件${id}`,
  messageType: 2,
  messageTypeName: '系统消息',
  isRead,
  createTime: '2026-11-24 10:00:00',
  createTimeMs: 0,
});
const base: Record<string, Handler> = {
  '/v1/balance/queryBalanceFront': () => ok({ balance: '1.00', balanceFen: 100 }),
  '/v1/activity/getActivityRedEnvelopeNumber': () => ok(0),
  '/v1/chat/getDirectRoomListWeb': () => ok({ list: [], total: 0 }),
};

beforeEach(() => {
  currentUser.value = USER;
  tenantConfig.value = { tenantName: '测试站', embedChatEnabled: false };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the unread badge', () => {
  it('is one query shared by the user centre and the toolbar, capped at 9+', async () => {
    window.history.replaceState(null, '', '/personalInfo');
    stubNetwork({ ...base, '/v1/users/unReadMessage': () => ok({ count: 12 }) });
    render(
      <>
        <PersonalInfoPage />
        <ToolbarPanel onClose={() => {}} />
      </>,
    );
    expect((await screen.findByTestId('letters-unread-badge')).textContent).toBe('9+封未读');
    expect((await screen.findByTestId('badge-letter')).textContent).toBe('9+');
    expect(screen.getByRole('button', { name: '站内信（12封站内信未读）' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '消息' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/letter', '/notice']);
    expect(callsTo('/v1/users/unReadMessage')).toHaveLength(1);
  });

  it('shows nothing at 0, on a failure, or for a guest', async () => {
    stubNetwork({ ...base, '/v1/users/unReadMessage': () => refuse('系统繁忙') });
    render(<ToolbarPanel onClose={() => {}} />);
    await waitFor(() => expect(callsTo('/v1/users/unReadMessage')).toHaveLength(1));
    expect(screen.queryByTestId('badge-letter')).toBeNull();
    cleanup();
    currentUser.value = null;
    stubNetwork({ ...base });
    render(<ToolbarPanel onClose={() => {}} />);
    expect(screen.getByRole('button', { name: '站内信' })).toBeTruthy();
    expect(callsTo('/v1/users/unReadMessage')).toHaveLength(0);
  });
});

describe('/letter', () => {
  it('shows the empty state', async () => {
    window.history.replaceState(null, '', '/letter');
    stubNetwork({
      '/v1/users/messageList': () =>
        ok({ list: [], total: 0, unread: 0, pageNum: 1, pageSize: 20 }),
    });
    render(<LetterPage />);
    expect(await screen.findByText('暂无站内信')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    window.history.replaceState(null, '', '/letter');
    let fail = true;
    stubNetwork({
      '/v1/users/messageList': () =>
        fail
          ? refuse('系统繁忙，请稍后再试')
          : ok({ list: [letter(1, 0)], total: 1, unread: 1, pageNum: 1, pageSize: 20 }),
    });
    render(<LetterPage />);
    expect(await screen.findByText('系统繁忙，请稍后再试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('letter-1')).toBeTruthy();
  });

  it('marks unread letters, marks all read, and deletes the picked ones after a confirm', async () => {
    window.history.replaceState(null, '', '/letter');
    let unread = 2;
    let rows = [letter(3, 0), letter(2, 0), letter(1, 1)];
    stubNetwork({
      '/v1/users/messageList': () =>
        ok({ list: rows, total: rows.length, unread, pageNum: 1, pageSize: 20 }),
      '/v1/users/unReadMessage': () => ok({ count: unread }),
      '/v1/users/setMessageRead': () => {
        unread = 0;
        rows = rows.map((r) => ({ ...r, isRead: 1 as const }));
        return ok({ changed: 2, unread: 0 });
      },
      '/v1/users/deleteMessage': (c) => {
        const ids = JSON.parse(c.body.get('ids') ?? '[]') as number[];
        rows = rows.filter((r) => !ids.includes(r.id));
        return ok({ deleted: ids.length, unread });
      },
    });
    render(
      <>
        <LetterPage />
        <OverlayHost />
      </>,
    );
    expect((await screen.findByTestId('letter-3')).getAttribute('data-read')).toBe('0');
    expect(screen.getByTestId('letter-1').getAttribute('data-read')).toBe('1');
    expect(screen.getByRole('link', { name: '未读，信件3' }).getAttribute('href')).toBe(
      '/letterDetail?id=3&messageType=2',
    );

    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(screen.getByTestId('letter-3').getAttribute('data-read')).toBe('1'));
    expect(callsTo('/v1/users/setMessageRead')[0]!.body.get('all')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择：信件3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择：信件2' }));
    fireEvent.click(screen.getByRole('button', { name: '删除所选（2）' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByTestId('letter-3')).toBeNull());
    expect(screen.getByTestId('letter-1')).toBeTruthy();
    expect(JSON.parse(callsTo('/v1/users/deleteMessage')[0]!.body.get('ids')!)).toEqual([3, 2]);
  });
});

describe('/letterDetail', () => {
  it('shows markup in a letter as text, keeps line breaks, and refreshes the count it changed', async () => {
    window.history.replaceState(null, '', '/letterDetail?id=5&messageType=2');
    let count = 1;
    stubNetwork({
      '/v1/users/messageContent': () => {
        count = 0;
        return ok({
          ...letter(5, 1),
          content: '第一行\n<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>',
        });
      },
      '/v1/users/unReadMessage': () => ok({ count }),
      '/v1/users/messageList': () =>
        ok({ list: [], total: 0, unread: 0, pageNum: 1, pageSize: 20 }),
    });
    render(<ToolbarPanel onClose={() => {}} />);
    expect((await screen.findByTestId('badge-letter')).textContent).toBe('1');
    const { container } = render(<LetterDetailPage />);
    const article = await screen.findByRole('article');
    expect(article.textContent).toContain(
      '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>',
    );
    expect(container.querySelector('article img, article script')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(callsTo('/v1/users/messageContent')[0]!.query.get('messageType')).toBe('2');
    await waitFor(() => expect(screen.queryByTestId('badge-letter')).toBeNull());
  });

  it('says so for a bad id without asking the server', async () => {
    window.history.replaceState(null, '', '/letterDetail?id=abc');
    stubNetwork({});
    render(<LetterDetailPage />);
    expect(await screen.findByText('消息编号无效')).toBeTruthy();
    expect(callsTo('/v1/users/messageContent')).toHaveLength(0);
  });
});

describe('notices', () => {
  it('lists notices linking to their detail, and shows one as text', async () => {
    window.history.replaceState(null, '', '/notice');
    stubNetwork({
      '/v1/users/announcement': () =>
        ok({
          list: [{ id: 4, title: '维护公告', createTime: '2026-11-24 09:00:00', createTimeMs: 0 }],
        }),
      '/v1/users/announcementContent': () =>
        ok({
          id: 4,
          title: '维护公告',
          content: '今晚维护\n<b>请留意</b>',
          createTime: '2026-11-24 09:00:00',
          createTimeMs: 0,
        }),
    });
    render(<NoticePage />);
    expect((await screen.findByRole('link', { name: /维护公告/ })).getAttribute('href')).toBe(
      '/noticeDetail?id=4',
    );
    cleanup();
    window.history.replaceState(null, '', '/noticeDetail?id=4');
    const { container } = render(<NoticeDetailPage />);
    expect((await screen.findByRole('article')).textContent).toContain('<b>请留意</b>');
    expect(container.querySelector('article b')).toBeNull();
  });

  it('shows the empty state', async () => {
    stubNetwork({ '/v1/users/announcement': () => ok({ list: [] }) });
    render(<NoticePage />);
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });
});
