/**
 * The operator's 聊天室 panel against a stubbed network: the list with each room's gates, the room
 * form checked as the server checks it (nothing sent on a bad field), the exact rooms/save body
 * (a kept password is never sent, a cleared one is ''), the server's refusal shown, and one room's
 * mutes (lift one, whole-room mute).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { queryClient } from '../../src/client/query';
import { ChatRooms } from '../../src/client/features/admin/chat/ChatRooms';
import type { AdminRoom } from '../../src/client/features/admin/chat/chatApi';
import { checkRoomForm, emptyForm } from '../../src/client/features/admin/chat/chatRoomForm';
import { callsTo, ok, refuse, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOMS = '/v1/admin/chat/rooms';
const SAVE = '/v1/admin/chat/rooms/save';
const room = (over: Partial<AdminRoom> = {}): AdminRoom => ({
  id: 5,
  roomCode: 'vip8',
  title: '高级房',
  subTitle: '大神聊天',
  avatar: '',
  imageUrl: '',
  intro: '欢迎',
  isPassword: 1,
  isShowList: 1,
  messageLength: 200,
  registerLink: '',
  guestCode: '',
  guestChat: 0,
  allowedGrades: [3, 4],
  mutedGrades: [],
  isMessageBanned: 0,
  managers: ['boss01'],
  sort: 0,
  gmtCreated: '2026-11-24 10:00:00',
  ...over,
});

const show = () =>
  render(
    <>
      <ChatRooms />
      <OverlayHost />
    </>,
  );
const form = () => screen.findByRole('form');
const field = (f: HTMLElement, label: string) => within(f).getByLabelText(label);
const type = (f: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(f, label), { target: { value } });
const box = (f: HTMLElement, group: string, label: string) =>
  fireEvent.click(within(within(f).getByRole('group', { name: group })).getByLabelText(label));
const submit = (f: HTMLElement, name: string) =>
  fireEvent.click(within(f).getByRole('button', { name }));
const alertText = async (f: HTMLElement) => (await within(f).findByRole('alert')).textContent;

describe('checkRoomForm', () => {
  const good = { ...emptyForm(), roomCode: 'r1', title: '房间' };
  it('accepts what the server accepts and names the first bad field in Chinese', () => {
    expect(checkRoomForm(good)).toBeNull();
    expect(checkRoomForm({ ...good, roomCode: 'a-b' })).toBe('房间号应为1至16位字母或数字');
    expect(checkRoomForm({ ...good, title: '   ' })).toBe('标题不能为空');
    expect(checkRoomForm({ ...good, title: 'x'.repeat(31) })).toBe('标题不能超过30个字');
    expect(checkRoomForm({ ...good, subTitle: '<b>' })).toBe('副标题不能包含 < > 或控制字符');
    expect(checkRoomForm({ ...good, intro: '第一行\n第二行' })).toBeNull();
    expect(checkRoomForm({ ...good, avatar: 'javascript:alert(1)' })).toBe(
      '房间头像应为站内路径（/ 开头）或 https 地址',
    );
    expect(checkRoomForm({ ...good, imageUrl: '//evil.example/x.png' })).toBe(
      '房间图片应为站内路径（/ 开头）或 https 地址',
    );
    expect(
      checkRoomForm({
        ...good,
        avatar: '/uploads/ab.png',
        registerLink: 'https://example.com/reg',
      }),
    ).toBeNull();
    expect(checkRoomForm({ ...good, passwordMode: 'set', password: '12a4' })).toBe(
      '房间密码应为4位数字',
    );
    expect(checkRoomForm({ ...good, messageLength: '2001' })).toBe('消息长度必须在1到2000之间');
    expect(checkRoomForm({ ...good, messageLength: '0' })).toBe('消息长度必须在1到2000之间');
    expect(checkRoomForm({ ...good, guestCode: 'ab' })).toBe('游客码应为4至32位字母或数字');
    expect(checkRoomForm({ ...good, guestChat: true })).toBe('允许游客发言需先设置游客码');
    expect(checkRoomForm({ ...good, guestChat: true, guestCode: 'guest88' })).toBeNull();
    expect(checkRoomForm({ ...good, managers: 'boss01，boss02 bad!' })).toBe(
      '管理员用户名格式不正确：bad!',
    );
    expect(checkRoomForm({ ...good, sort: '10001' })).toBe('排序必须在-10000到10000之间');
  });
});

describe('ChatRooms', () => {
  it('lists the rooms with their gates; an empty list and a failed one say so', async () => {
    stubNetwork({ [ROOMS]: () => ok({ list: [room({ isMessageBanned: 1, mutedGrades: [-1] })] }) });
    show();
    const row = (await screen.findByText('高级房（vip8）')).closest('[data-room]') as HTMLElement;
    expect(row.textContent).toContain('密码房');
    expect(row.textContent).toContain('全体禁言中');
    expect(row.textContent).toContain('可进入：VIP3、VIP4');
    expect(row.textContent).toContain('禁言等级：测试组');
    expect(row.textContent).toContain('管理员：boss01');
    expect(row.textContent).not.toContain('游客链接');
    cleanup();
    // each list below as a fresh page load sees it, not behind the list cached by the mount before
    queryClient.clear();

    // a room with a guest code shows its guest link, ready to copy
    stubNetwork({ [ROOMS]: () => ok({ list: [room({ guestCode: 'welcome88', guestChat: 1 })] }) });
    show();
    const guestRow = (await screen.findByText('高级房（vip8）')).closest(
      '[data-room]',
    ) as HTMLElement;
    expect(guestRow.textContent).toContain(
      `${location.origin}/chatGuest?roomCode=vip8&guestCode=welcome88`,
    );
    expect(within(guestRow).getByRole('button', { name: '复制游客链接' })).toBeTruthy();
    cleanup();
    queryClient.clear();

    stubNetwork({ [ROOMS]: () => ok({ list: [] }) });
    show();
    expect(await screen.findByText('还没有聊天室，点击“新建聊天室”创建')).toBeTruthy();
    cleanup();
    queryClient.clear();

    stubNetwork({ [ROOMS]: () => refuse('无权访问') });
    show();
    expect(await screen.findByText('无权访问')).toBeTruthy();
  });

  it('creates a password room with a grade limit and managers, refusing bad fields before sending', async () => {
    let taken = true;
    stubNetwork({
      [ROOMS]: () => ok({ list: [] }),
      [SAVE]: () => (taken ? refuse('房间号已存在') : ok({ id: 9 })),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '新建聊天室' }));
    const f = await form();
    type(f, '房间号', 'vip-8');
    type(f, '标题', '高级房');
    submit(f, '创建');
    expect(await alertText(f)).toBe('房间号应为1至16位字母或数字');
    type(f, '房间号', 'vip8');
    fireEvent.click(within(f).getByLabelText('设置密码'));
    type(f, '4位数字密码', '12');
    submit(f, '创建');
    await waitFor(() =>
      expect(within(f).getByRole('alert').textContent).toBe('房间密码应为4位数字'),
    );
    type(f, '4位数字密码', '1a2b34');
    expect((field(f, '4位数字密码') as HTMLInputElement).value).toBe('1234');
    type(f, '房间管理员（用户名，逗号分隔）', 'boss01, x');
    submit(f, '创建');
    await waitFor(() =>
      expect(within(f).getByRole('alert').textContent).toBe('管理员用户名格式不正确：x'),
    );
    expect(callsTo(SAVE)).toHaveLength(0);

    type(f, '房间管理员（用户名，逗号分隔）', 'boss01, boss02');
    type(f, '副标题（选填）', '大神聊天');
    type(f, '简介（选填）', '第一行\n第二行');
    type(f, '消息长度上限（字）', '300');
    type(f, '游客码（选填）', 'guest88');
    fireEvent.click(within(f).getByLabelText('游客可发言（游客以游客身份发送文字和图片）'));
    type(f, '房间头像地址', '/uploads/abc.png');
    box(f, '可进入等级', 'VIP4');
    box(f, '可进入等级', 'VIP3');
    box(f, '禁言等级', '测试组');
    box(f, '禁言等级', '游客');
    fireEvent.click(within(f).getByLabelText('向玩家显示在线列表'));
    submit(f, '创建');
    expect(await alertText(f)).toBe('房间号已存在');
    const body = callsTo(SAVE)[0]!.body;
    expect(Object.fromEntries(body)).toEqual({
      roomCode: 'vip8',
      title: '高级房',
      subTitle: '大神聊天',
      avatar: '/uploads/abc.png',
      imageUrl: '',
      intro: '第一行\n第二行',
      password: '1234',
      isShowList: '0',
      messageLength: '300',
      registerLink: '',
      guestCode: 'guest88',
      guestChat: '1',
      allowedGrades: '3,4',
      mutedGrades: '-2,-1',
      managers: 'boss01,boss02',
      sort: '0',
    });
    taken = false;
    submit(f, '创建');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(callsTo(SAVE)).toHaveLength(2);
    expect(callsTo(ROOMS).length).toBeGreaterThanOrEqual(2);
  });

  it('edits a room: the stored password is kept unless changed, and cleared as an empty value', async () => {
    stubNetwork({ [ROOMS]: () => ok({ list: [room()] }), [SAVE]: () => ok({ id: 5 }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '编辑高级房' }));
    let f = await form();
    expect((field(f, '标题') as HTMLInputElement).value).toBe('高级房');
    expect((field(f, '房间管理员（用户名，逗号分隔）') as HTMLInputElement).value).toBe('boss01');
    expect(
      (
        within(within(f).getByRole('group', { name: '可进入等级' })).getByLabelText(
          'VIP3',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(within(f).getByText('房间密码（当前已设置）')).toBeTruthy();
    expect(within(f).queryByLabelText('4位数字密码')).toBeNull();
    type(f, '标题', '高级房二');
    submit(f, '保存');
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    const kept = callsTo(SAVE)[0]!.body;
    expect([
      kept.get('id'),
      kept.get('title'),
      kept.has('password'),
      kept.get('allowedGrades'),
    ]).toEqual(['5', '高级房二', false, '3,4']);

    fireEvent.click(await screen.findByRole('button', { name: '编辑高级房' }));
    f = await form();
    fireEvent.click(within(f).getByLabelText('取消密码'));
    box(f, '可进入等级', 'VIP4');
    submit(f, '保存');
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(2));
    const cleared = callsTo(SAVE)[1]!.body;
    expect([cleared.get('password'), cleared.get('allowedGrades')]).toEqual(['', '3']);
  });

  it('deletes a room only after a confirm and shows a refusal', async () => {
    let gone = false;
    stubNetwork({
      [ROOMS]: () => ok({ list: [room()] }),
      '/v1/admin/chat/rooms/delete': () => (gone ? refuse('房间不存在') : ok(null)),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '删除高级房' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/v1/admin/chat/rooms/delete')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '删除高级房' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(callsTo('/v1/admin/chat/rooms/delete')).toHaveLength(1));
    expect(callsTo('/v1/admin/chat/rooms/delete')[0]!.body.get('id')).toBe('5');
    gone = true;
    fireEvent.click(screen.getByRole('button', { name: '删除高级房' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    const row = screen.getByText('高级房（vip8）').closest('[data-room]') as HTMLElement;
    expect((await within(row).findByRole('alert')).textContent).toBe('房间不存在');
  });

  it("shows a room's mutes, lifts one after a confirm, and switches the whole-room mute", async () => {
    stubNetwork({
      [ROOMS]: () => ok({ list: [room()] }),
      '/v1/chat/getBanListFront': () =>
        ok({
          list: [
            {
              id: 31,
              target: '77',
              userName: 'noisy01',
              nickname: 'no***1',
              durationTypeId: 2,
              gmtModified: '2026-11-24 11:00:00',
              isBan: 1,
            },
          ],
          total: 1,
        }),
      '/v1/chat/deleteBanFront': () => ok({ deleted: 1 }),
      '/v1/chat/updateRoomBannedWeb': () => ok(null),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '高级房禁言管理' }));
    const row = (await screen.findByText('noisy01')).closest('[data-ban]') as HTMLElement;
    expect(row.textContent).toContain('禁言1天');
    expect(callsTo('/v1/chat/getBanListFront')[0]!.query.get('roomCode')).toBe('vip8');
    fireEvent.click(within(row).getByRole('button', { name: '解除禁言' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(callsTo('/v1/chat/deleteBanFront')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/v1/chat/deleteBanFront')[0]!.body)).toEqual({
      roomCode: 'vip8',
      ids: '31',
    });

    fireEvent.click(screen.getByRole('button', { name: '开启全体禁言' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(callsTo('/v1/chat/updateRoomBannedWeb')).toHaveLength(1));
    expect(callsTo('/v1/chat/updateRoomBannedWeb')[0]!.body.get('isMessageBanned')).toBe('1');
    expect(await screen.findByRole('button', { name: '解除全体禁言' })).toBeTruthy();
  });
});
