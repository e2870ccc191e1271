/**
 * One room's mutes for the operator, who manages every public room: the whole-room mute switch
 * (updateRoomBannedWeb) and the current personal mutes (getBanListFront), searchable by user
 * name, 10 a page, each liftable (deleteBanFront) after a confirm.
 */
import { useState } from 'react';
import { Button } from '../../../ui';
import { banMessage } from '../../../../domain/chat/access';
import { ActionError, AdminList, SearchBar, useConfirmedAction } from '../../../ui/AdminList';
import {
  BAN_PAGE_SIZE,
  deleteBans,
  listBans,
  setRoomBanned,
  type AdminRoom,
  type RoomBan,
} from './chatApi';
import { keys, useQuery } from '../../../query';

/** '永久禁言', '禁言1天' ... from the players' own mute texts */
const durationText = (id: number) => banMessage(id).replace(/^您已被/, '');

function BanRow({
  roomCode,
  ban,
  onChanged,
}: {
  roomCode: string;
  ban: RoomBan;
  onChanged(): void;
}) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  return (
    <div data-ban={ban.userName}>
      <div className="flex justify-between gap-2 font-medium">
        <span className="break-all">{ban.userName}</span>
        <span className="shrink-0 text-red-700">{durationText(ban.durationTypeId)}</span>
      </div>
      <p className="text-gray-700">
        昵称 {ban.nickname} · 禁言时间 {ban.gmtModified}
      </p>
      <Button
        variant="secondary"
        className="mt-2"
        loading={busy}
        onClick={() =>
          void run(
            `确定解除 ${ban.userName} 的禁言？`,
            () => deleteBans(roomCode, [ban.id]),
            '已解除禁言',
          )
        }
      >
        解除禁言
      </Button>
      <ActionError message={error} />
    </div>
  );
}

export function ChatRoomMutes({
  room,
  onBack,
  onChanged,
}: {
  room: AdminRoom;
  onBack(): void;
  onChanged(): void;
}) {
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const [banned, setBanned] = useState(room.isMessageBanned === 1);
  const state = useQuery({
    queryKey: keys.admin('chatBans', room.roomCode, target, page),
    queryFn: () => listBans(room.roomCode, page, target),
  });
  const toggle = useConfirmedAction(onChanged);
  const pages = Math.max(1, Math.ceil((state.data?.total ?? 0) / BAN_PAGE_SIZE));
  const flip = () =>
    void toggle.run(
      banned
        ? `确定解除「${room.title}」的全体禁言？`
        : `确定开启「${room.title}」的全体禁言？除管理员外所有人将不能发言。`,
      async () => {
        await setRoomBanned(room.roomCode, !banned);
        setBanned(!banned);
      },
      banned ? '已解除全体禁言' : '已开启全体禁言',
    );
  return (
    <section aria-label="禁言管理">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="min-w-0 truncate text-lg font-semibold text-gray-900">
          禁言管理：{room.title}
        </h2>
        <Button variant="secondary" onClick={onBack}>
          返回列表
        </Button>
      </div>
      <div className="mb-4 rounded-xl bg-white p-4">
        <p className="text-sm text-gray-800">
          全体禁言：
          <span className={banned ? 'font-medium text-red-700' : 'text-gray-700'}>
            {banned ? '已开启' : '未开启'}
          </span>
        </p>
        <Button
          variant={banned ? 'secondary' : 'danger'}
          className="mt-2"
          loading={toggle.busy}
          onClick={flip}
        >
          {banned ? '解除全体禁言' : '开启全体禁言'}
        </Button>
        <ActionError message={toggle.error} />
      </div>
      <SearchBar
        label="用户名"
        name="banTarget"
        button="搜索"
        onSearch={(t) => {
          setTarget(t);
          setPage(1);
        }}
      />
      <AdminList
        state={state}
        empty={target ? '没有找到该用户的禁言' : '当前没有被禁言的用户'}
        keyOf={(b) => b.id}
        totalText={(n) => `共 ${n} 人被禁言`}
      >
        {(b) => <BanRow roomCode={room.roomCode} ban={b} onChanged={state.reload} />}
      </AdminList>
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span className="text-sm text-gray-700">
            {page} / {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </div>
      )}
    </section>
  );
}
