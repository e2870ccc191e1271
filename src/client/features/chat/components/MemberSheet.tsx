/**
 * The online members of a room (getOnlineMemberList): search by name (600 ms after typing stops),
 * managers first, then players; @全部 on top for managers. Picking one @s them in the input. The
 * room's presence pushes (11 online, 12 offline) update the list while it is shown (presence.ts).
 */
import { useEffect, useState } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { getOnline, truthy } from '../api';
import { ALL_NAME } from '../mentions';
import { SEARCH_DELAY_MS } from '../../../../domain/chat/constants';
import { applyPresence, type OnlineList, type PresencePush } from '../presence';
import { Avatar } from './MessageItem';
import { EmptyState, ErrorState, LoadingState } from '../../../ui';

export function MemberSheet({
  open,
  roomCode,
  manager,
  myId,
  presence = null,
  onPick,
  onCard,
  onClose,
}: {
  open: boolean;
  roomCode: string;
  manager: boolean;
  myId: number;
  /** the latest presence push of the room's socket */
  presence?: PresencePush | null;
  onPick(name: string, userId: string): void;
  onCard(userId: string): void;
  onClose(): void;
}) {
  const [q, setQ] = useState('');
  const [data, setData] = useState<OnlineList | null>(null);
  const list = data?.list ?? null;
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load goes at once, later searches after the delay; tick asks again
  useEffect(() => {
    if (!open) return;
    let live = true;
    const t = setTimeout(
      () => {
        setError('');
        getOnline(roomCode, q.trim()).then(
          (d) => {
            if (live) setData({ list: d.list, total: d.total });
          },
          (e: unknown) => {
            if (live) setError(e instanceof Error ? e.message : '加载失败');
          },
        );
      },
      list === null ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [open, roomCode, q, tick]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each push (its n) is applied once
  useEffect(() => {
    if (presence) setData((cur) => cur && applyPresence(cur, presence.frame, q.trim() !== ''));
  }, [presence?.n]);
  const groups = [
    { title: '管理员', items: (list ?? []).filter((m) => truthy(m.isManager)) },
    { title: '在线玩家', items: (list ?? []).filter((m) => !truthy(m.isManager)) },
  ];
  const row =
    'flex min-h-12 w-full items-center gap-3 rounded-lg px-2 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand';
  return (
    <Sheet open={open} title={`在线成员${data ? `（${data.total}）` : ''}`} onClose={onClose}>
      <label className="block">
        <span className="sr-only">搜索成员</span>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="搜索用户名"
          aria-label="搜索成员"
          className="mb-3 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
        />
      </label>
      {manager && (
        <button type="button" className={row} onClick={() => onPick(ALL_NAME, '')}>
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-amber-500 text-white">
            @
          </span>
          @全部
        </button>
      )}
      {error ? (
        <ErrorState message={error} onRetry={() => setTick((n) => n + 1)} />
      ) : list === null ? (
        <LoadingState />
      ) : !list.length ? (
        <EmptyState text="暂无在线成员" />
      ) : (
        groups
          .filter((g) => g.items.length)
          .map((g) => (
            <section key={g.title} aria-label={g.title}>
              <h3 className="mt-2 px-2 text-xs text-gray-500">{g.title}</h3>
              <ul>
                {g.items.map((m) => (
                  <li key={String(m.userId)} className="flex items-center">
                    <button
                      type="button"
                      className={row}
                      disabled={Number(m.userId) === myId}
                      onClick={() => onPick(m.roleUserName, String(m.userId))}
                      aria-label={`@${m.roleUserName}`}
                    >
                      <Avatar src={m.avatar} name={m.roleUserName} />
                      <span className="flex-1 truncate">
                        {m.roleUserName}
                        {Number(m.userId) === myId ? '（我）' : ''}
                      </span>
                    </button>
                    <button
                      type="button"
                      onClick={() => onCard(String(m.userId))}
                      className="shrink-0 rounded px-2 py-1 text-xs text-brand focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      资料
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))
      )}
    </Sheet>
  );
}
