/**
 * 聊天室: the operator's public chat rooms (docs/chat.md "Operator"): the list with each room's
 * gates (password, grades, managers, mutes), create and edit (ChatRoomForm), delete after a
 * confirm, and one room's mutes (ChatRoomMutes).
 */
import { useState } from 'react';
import { Button, showToast } from '../../../ui';
import { ActionError, AdminList, useConfirmedAction, type Column } from '../../../ui/AdminList';
import { deleteRoom, listRooms, type AdminRoom } from './chatApi';
import { gradeLabel } from './chatRoomForm';
import { ChatRoomForm } from './ChatRoomForm';
import { ChatRoomMutes } from './ChatRoomMutes';
import { keys, useQuery } from '../../../query';
import { CopyRow, copyText } from '../../../ui/CopyRow';
import { guestRoomPath } from '../../chat/guestApi';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit' | 'mutes'; id: number };

const grades = (list: number[], none: string) =>
  list.length ? list.map(gradeLabel).join('、') : none;

const tagsOf = (room: AdminRoom) =>
  [
    room.isPassword ? '密码房' : '',
    room.isMessageBanned ? '全体禁言中' : '',
    room.guestCode ? (room.guestChat ? '游客可发言' : '允许游客') : '',
    room.isShowList ? '' : '隐藏在线列表',
  ].filter(Boolean);

function Tags({ room }: { room: AdminRoom }) {
  const tags = tagsOf(room);
  if (!tags.length) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1">
      {tags.map((t) => (
        <span
          key={t}
          className="whitespace-nowrap rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200"
        >
          {t}
        </span>
      ))}
    </p>
  );
}

interface RoomHandlers {
  onEdit(room: AdminRoom): void;
  onMutes(room: AdminRoom): void;
  onChanged(): void;
}

/** 编辑 / 禁言管理 / 删除 of one room, in its card or the table's last column. */
function RoomActions({ room, onEdit, onMutes, onChanged }: { room: AdminRoom } & RoomHandlers) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  const remove = () =>
    void run(
      `确定删除聊天室「${room.title}」？房间内的玩家将被移出。`,
      () => deleteRoom(room.id),
      '房间已删除',
    );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onEdit(room)} aria-label={`编辑${room.title}`}>
          编辑
        </Button>
        <Button
          variant="secondary"
          onClick={() => onMutes(room)}
          aria-label={`${room.title}禁言管理`}
        >
          禁言管理
        </Button>
        <Button variant="danger" loading={busy} onClick={remove} aria-label={`删除${room.title}`}>
          删除
        </Button>
      </div>
      <ActionError message={error} />
    </>
  );
}

const guestLink = (room: AdminRoom) =>
  room.guestCode ? `${location.origin}${guestRoomPath(room.roomCode, room.guestCode)}` : '';

function RoomCard({ room, ...handlers }: { room: AdminRoom } & RoomHandlers) {
  return (
    <div data-room={room.roomCode}>
      <div className="flex items-start gap-3">
        {room.avatar && (
          <img
            src={room.avatar}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 shrink-0 rounded-full object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="break-all font-medium text-gray-900">
            {room.title}（{room.roomCode}）
          </p>
          {room.subTitle && <p className="break-all text-gray-700">{room.subTitle}</p>}
        </div>
      </div>
      <Tags room={room} />
      <p className="mt-1 text-gray-700">
        可进入：{grades(room.allowedGrades, '所有等级')} · 禁言等级：
        {grades(room.mutedGrades, '无')}
      </p>
      <p className="break-all text-gray-700">
        管理员：{room.managers.length ? room.managers.join('、') : '仅等级100与运营'} · 消息上限{' '}
        {room.messageLength} 字 · 排序 {room.sort}
      </p>
      {room.guestCode && (
        <dl className="mt-1 rounded-lg bg-gray-50 px-2 ring-1 ring-gray-200">
          <CopyRow label="游客链接" value={guestLink(room)} />
        </dl>
      )}
      <p className="text-xs text-gray-600">创建于 {room.gmtCreated}</p>
      <div className="mt-2">
        <RoomActions room={room} {...handlers} />
      </div>
    </div>
  );
}

function roomColumns(handlers: RoomHandlers): Column<AdminRoom>[] {
  return [
    {
      label: '房间',
      cell: (room) => (
        <div data-room={room.roomCode} className="flex min-w-40 items-start gap-2">
          {room.avatar && (
            <img
              src={room.avatar}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 shrink-0 rounded-full object-cover"
            />
          )}
          <div className="min-w-0">
            <p className="font-medium">{room.title}</p>
            <p className="text-xs text-gray-600">
              {room.roomCode}
              {room.subTitle ? ` · ${room.subTitle}` : ''}
            </p>
          </div>
        </div>
      ),
    },
    {
      label: '设置',
      cell: (room) => (
        <>
          <Tags room={room} />
          {room.guestCode && (
            <button
              type="button"
              aria-label="复制游客链接"
              title={guestLink(room)}
              className="mt-1 whitespace-nowrap text-xs text-brand underline-offset-2 hover:underline"
              onClick={() =>
                void copyText(guestLink(room)).then((ok) =>
                  showToast(ok ? '游客链接已复制' : '复制失败，请手动复制'),
                )
              }
            >
              复制游客链接
            </button>
          )}
        </>
      ),
    },
    {
      label: '可进入',
      cell: (room) => grades(room.allowedGrades, '所有等级'),
      className: 'min-w-20',
    },
    { label: '禁言等级', cell: (room) => grades(room.mutedGrades, '无'), className: 'min-w-20' },
    {
      label: '管理员',
      cell: (room) => (room.managers.length ? room.managers.join('、') : '仅等级100与运营'),
      className: 'min-w-24 max-w-48 break-all',
    },
    { label: '消息上限', cell: (room) => `${room.messageLength} 字`, align: 'end' },
    { label: '排序', cell: (room) => room.sort, align: 'end' },
    { label: '创建时间', cell: (room) => room.gmtCreated, className: 'min-w-24 tabular-nums' },
    { label: '操作', cell: (room) => <RoomActions room={room} {...handlers} />, actions: true },
  ];
}

export function ChatRooms() {
  const state = useQuery({ queryKey: keys.admin('chatRooms'), queryFn: listRooms });
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => {
    setView({ kind: 'list' });
    state.reload();
  };
  const open =
    view.kind === 'edit' || view.kind === 'mutes'
      ? state.data?.list.find((r) => r.id === view.id)
      : undefined;

  const handlers: RoomHandlers = {
    onEdit: (r) => setView({ kind: 'edit', id: r.id }),
    onMutes: (r) => setView({ kind: 'mutes', id: r.id }),
    onChanged: state.reload,
  };

  if (view.kind === 'new')
    return <ChatRoomForm room={null} onDone={back} onCancel={() => setView({ kind: 'list' })} />;
  if (view.kind === 'edit' && open)
    return <ChatRoomForm room={open} onDone={back} onCancel={() => setView({ kind: 'list' })} />;
  if (view.kind === 'mutes' && open)
    return <ChatRoomMutes room={open} onBack={back} onChanged={state.reload} />;
  return (
    <section aria-label="聊天室">
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm text-gray-700">
          {state.data ? `共 ${state.data.list.length} 个聊天室` : ''}
        </p>
        <Button onClick={() => setView({ kind: 'new' })}>新建聊天室</Button>
      </div>
      <AdminList
        state={state}
        empty="还没有聊天室，点击“新建聊天室”创建"
        keyOf={(r) => r.id}
        label="聊天室列表"
        columns={roomColumns(handlers)}
      >
        {(r) => <RoomCard room={r} {...handlers} />}
      </AdminList>
    </section>
  );
}
