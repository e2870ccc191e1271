/**
 * 聊天室: the operator's public chat rooms (docs/chat.md "Operator"): the list with each room's
 * gates (password, grades, managers, mutes), create and edit (ChatRoomForm), delete after a
 * confirm, and one room's mutes (ChatRoomMutes).
 */
import { useState } from 'react';
import { Button } from '../../ui';
import { ActionError, AdminList, useConfirmedAction } from './AdminList';
import { deleteRoom, listRooms, type AdminRoom } from './chatApi';
import { gradeLabel } from './chatRoomForm';
import { ChatRoomForm } from './ChatRoomForm';
import { ChatRoomMutes } from './ChatRoomMutes';
import { keys, useQuery } from '../../query';
import { CopyRow } from '../payments/components/CopyRow';
import { guestRoomPath } from '../chat/guestApi';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit' | 'mutes'; id: number };

const grades = (list: number[], none: string) => (list.length ? list.map(gradeLabel).join('、') : none);

function RoomRow({ room, onEdit, onMutes, onChanged }: { room: AdminRoom; onEdit(): void; onMutes(): void; onChanged(): void }) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  const remove = () => void run(`确定删除聊天室「${room.title}」？房间内的玩家将被移出。`, () => deleteRoom(room.id), '房间已删除');
  const tags = [room.isPassword ? '密码房' : '', room.isMessageBanned ? '全体禁言中' : '', room.guestCode ? (room.guestChat ? '游客可发言' : '允许游客') : '', room.isShowList ? '' : '隐藏在线列表']
    .filter(Boolean);
  return (
    <div data-room={room.roomCode}>
      <div className="flex items-start gap-3">
        {room.avatar && <img src={room.avatar} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-full object-cover" />}
        <div className="min-w-0 flex-1">
          <p className="break-all font-medium text-gray-900">{room.title}（{room.roomCode}）</p>
          {room.subTitle && <p className="break-all text-gray-700">{room.subTitle}</p>}
        </div>
      </div>
      {tags.length > 0 && (
        <p className="mt-1 flex flex-wrap gap-1">{tags.map((t) => <span key={t} className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200">{t}</span>)}</p>
      )}
      <p className="mt-1 text-gray-700">可进入：{grades(room.allowedGrades, '所有等级')} · 禁言等级：{grades(room.mutedGrades, '无')}</p>
      <p className="break-all text-gray-700">管理员：{room.managers.length ? room.managers.join('、') : '仅等级100与运营'} · 消息上限 {room.messageLength} 字 · 排序 {room.sort}</p>
      {room.guestCode && (
        <dl className="mt-1 rounded-lg bg-gray-50 px-2 ring-1 ring-gray-200">
          <CopyRow label="游客链接" value={`${location.origin}${guestRoomPath(room.roomCode, room.guestCode)}`} />
        </dl>
      )}
      <p className="text-xs text-gray-600">创建于 {room.gmtCreated}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={onEdit} aria-label={`编辑${room.title}`}>编辑</Button>
        <Button variant="secondary" onClick={onMutes} aria-label={`${room.title}禁言管理`}>禁言管理</Button>
        <Button variant="danger" loading={busy} onClick={remove} aria-label={`删除${room.title}`}>删除</Button>
      </div>
      <ActionError message={error} />
    </div>
  );
}

export function ChatRooms() {
  const state = useQuery({ queryKey: keys.admin('chatRooms'), queryFn: listRooms });
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => { setView({ kind: 'list' }); state.reload(); };
  const open = view.kind === 'edit' || view.kind === 'mutes' ? state.data?.list.find((r) => r.id === view.id) : undefined;

  if (view.kind === 'new') return <ChatRoomForm room={null} onDone={back} onCancel={() => setView({ kind: 'list' })} />;
  if (view.kind === 'edit' && open) return <ChatRoomForm room={open} onDone={back} onCancel={() => setView({ kind: 'list' })} />;
  if (view.kind === 'mutes' && open) return <ChatRoomMutes room={open} onBack={back} onChanged={state.reload} />;
  return (
    <section aria-label="聊天室">
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm text-gray-700">{state.data ? `共 ${state.data.list.length} 个聊天室` : ''}</p>
        <Button onClick={() => setView({ kind: 'new' })}>新建聊天室</Button>
      </div>
      <AdminList state={state} empty="还没有聊天室，点击“新建聊天室”创建" keyOf={(r) => r.id}>
        {(r) => <RoomRow room={r} onEdit={() => setView({ kind: 'edit', id: r.id })} onMutes={() => setView({ kind: 'mutes', id: r.id })} onChanged={state.reload} />}
      </AdminList>
    </section>
  );
}
