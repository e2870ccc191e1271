/**
 * The room info panel (spec 001 §2): picture, title, subtitle, room ID, creation time, intro; for
 * managers the muting management: the whole-room switch, an account search and the list of muted
 * users with 修改时长 (updateBanFront through the mute's record) and 解除.
 */
import { useEffect, useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import {
  deleteBans,
  getBan,
  getBanList,
  setRoomBanned,
  truthy,
  type BanRecord,
  type RoomSetting,
} from '../api';
import { ErrorState, EmptyState, LoadingState, showToast } from '../../../ui';
import { DURATIONS, MuteButtons } from './PlayerCard';
import { SEARCH_DELAY_MS } from '../../../../domain/chat/constants';

/** 账号搜索: one account by its exact name, its mute state and the duration buttons. */
function AccountSearch({ roomCode, onChanged }: { roomCode: string; onChanged(): void }) {
  const [name, setName] = useState('');
  const [found, setFound] = useState<BanRecord | null>(null);
  const [error, setError] = useState('');
  const find = async () => {
    if (!name.trim()) return;
    try {
      setFound(await getBan(roomCode, name.trim()));
      setError('');
    } catch (e) {
      setFound(null);
      setError(e instanceof Error ? e.message : '查找失败');
    }
  };
  return (
    <div className="mt-3">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="输入完整账号或游客名"
          aria-label="禁言账号"
          className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
        />
        <button
          type="submit"
          className="shrink-0 rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand"
        >
          查找
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {found && (
        <div className="mt-2 rounded-lg bg-gray-50 p-2">
          <p className="mb-2 text-sm">
            {found.userName}
            <span className="ml-2 text-xs text-gray-600">
              {truthy(found.isBan)
                ? (DURATIONS.find((d) => d.id === found.durationTypeId)?.label ?? '禁言中')
                : '未禁言'}
            </span>
          </p>
          <MuteButtons
            roomCode={roomCode}
            userId={String(found.target)}
            nickName={found.nickname}
            banId={truthy(found.isBan) ? found.id : undefined}
            onDone={() => {
              void find();
              onChanged();
            }}
          />
        </div>
      )}
    </div>
  );
}

function Muting({ room, onChanged }: { room: RoomSetting; onChanged(): void }) {
  const [list, setList] = useState<BanRecord[] | null>(null);
  const [error, setError] = useState('');
  const [q, setQ] = useState('');
  const [tick, setTick] = useState(0);
  /** the record whose duration is being changed */
  const [editing, setEditing] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again after a change
  useEffect(() => {
    let live = true;
    const t = setTimeout(
      () =>
        getBanList(room.roomCode, q.trim()).then(
          (d) => {
            if (live) {
              setList(d.list);
              setError('');
            }
          },
          (e: unknown) => {
            if (live) setError(e instanceof Error ? e.message : '加载失败');
          },
        ),
      list === null ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [room.roomCode, q, tick]);
  const all = truthy(room.isMessageBanned);
  const toggle = async () => {
    try {
      await setRoomBanned(room.roomCode, !all);
      showToast(all ? '已解除全体禁言' : '已开启全体禁言');
      onChanged();
    } catch (e) {
      showToast(e instanceof Error ? e.message : '操作失败');
    }
  };
  const lift = async (b: BanRecord) => {
    try {
      await deleteBans(room.roomCode, [b.id]);
      showToast('已解除禁言');
      setTick((n) => n + 1);
    } catch (e) {
      showToast(e instanceof Error ? e.message : '操作失败');
    }
  };
  return (
    <section aria-label="禁言管理" className="mt-4 border-t border-gray-200 pt-3">
      <h3 className="text-sm font-semibold text-gray-900">禁言管理</h3>
      <div className="mt-2 flex items-center justify-between">
        <span className="text-sm">全体禁言</span>
        <button
          type="button"
          role="switch"
          aria-checked={all}
          aria-label="全体禁言"
          onClick={() => void toggle()}
          className={`relative h-7 w-12 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${all ? 'bg-brand' : 'bg-gray-300'}`}
        >
          <span
            className={`absolute top-0.5 h-6 w-6 rounded-full bg-white shadow transition-all ${all ? 'left-5.5' : 'left-0.5'}`}
          />
        </button>
      </div>
      <AccountSearch roomCode={room.roomCode} onChanged={() => setTick((n) => n + 1)} />
      <h4 className="mt-4 text-xs text-gray-500">禁言列表</h4>
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="筛选账号"
        aria-label="筛选禁言列表"
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
      />
      {error ? (
        <ErrorState message={error} onRetry={() => setTick((n) => n + 1)} />
      ) : list === null ? (
        <LoadingState />
      ) : !list.length ? (
        <EmptyState text="暂无禁言用户" />
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {list.map((b) => (
            <li key={b.id} className="py-2 text-sm">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">
                  {b.nickname || b.userName}
                  <span className="ml-2 text-xs text-gray-500">
                    {DURATIONS.find((d) => d.id === b.durationTypeId)?.label ?? ''}
                  </span>
                </span>
                <button
                  type="button"
                  aria-expanded={editing === b.id}
                  onClick={() => setEditing((e) => (e === b.id ? null : b.id))}
                  className="rounded border border-gray-300 px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-brand"
                >
                  修改时长
                </button>
                <button
                  type="button"
                  onClick={() => void lift(b)}
                  className="rounded border border-gray-300 px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-brand"
                >
                  解除
                </button>
              </div>
              {editing === b.id && (
                <div className="mt-2">
                  <MuteButtons
                    roomCode={room.roomCode}
                    userId={String(b.target)}
                    nickName={b.nickname}
                    banId={b.id}
                    onDone={() => {
                      setEditing(null);
                      setTick((n) => n + 1);
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RoomInfo({
  room,
  open,
  onClose,
  onChanged,
}: {
  room: RoomSetting;
  open: boolean;
  onClose(): void;
  onChanged(): void;
}) {
  return (
    <Sheet open={open} title="房间信息" onClose={onClose}>
      {room.imageUrl && (
        <img src={room.imageUrl} alt="" className="mb-3 max-h-40 w-full rounded-lg object-cover" />
      )}
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="sr-only">房间名称</dt>
          <dd className="text-base font-semibold text-gray-900">{room.title}</dd>
        </div>
        {room.subTitle && (
          <div>
            <dt className="sr-only">副标题</dt>
            <dd className="text-gray-700">{room.subTitle}</dd>
          </div>
        )}
        <div className="flex gap-2">
          <dt className="text-gray-500">房间ID</dt>
          <dd>{room.roomCode}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-500">创建时间</dt>
          <dd className="tabular-nums">{room.gmtCreated}</dd>
        </div>
        {room.content && (
          <div>
            <dt className="text-gray-500">房间简介</dt>
            <dd className="whitespace-pre-wrap text-gray-800">{room.content}</dd>
          </div>
        )}
      </dl>
      {truthy(room.isManager) && <Muting room={room} onChanged={onChanged} />}
    </Sheet>
  );
}
