/**
 * The share dialog (spec 001 sections 2, 5, 6, 8): two tabs, 聊天室 (the rooms, 11 a page) and 私聊
 * (the private chats); a room muted for everyone or for the viewer is shown disabled with its label
 * (全体禁言 / 已禁言); at most 30 private chats (and 30 rooms): one more says 分享限制为30个聊天室.
 * 分享 sends one shareMessage call; the server builds the payload from the viewer's own records.
 */
import { useState } from 'react';
import { SHARE_MSG } from '../../../domain/share/message';
import { roomMuteLabel, SHARE_ROOM_PAGE_SIZE, toggleTarget } from '../../../domain/share/targets';
import { ROOM_PAGE_SIZE } from '../../../domain/chat/constants';
import { keys } from '../../query';
import { Button, EmptyState, ErrorState, LoadingState, requireOnline, showToast } from '../../ui';
import { Sheet } from '../../ui/Sheet';
import { usePagedList, type PagedList } from '../records/paging';
import { getDirectRooms } from '../chat/api';
import { shareMessage, shareRooms, type ShareWhat } from './api';
import { useFormAction } from '../../query/useFormMutation';

interface Row {
  key: string;
  title: string;
  label: string | null;
}

function TargetList({
  list,
  rows,
  selected,
  onToggle,
  empty,
  name,
}: {
  list: PagedList<unknown>;
  rows: Row[];
  selected: readonly string[];
  onToggle(key: string): void;
  empty: string;
  name: string;
}) {
  if (list.error && !rows.length)
    return <ErrorState message={list.error.message} onRetry={list.reload} />;
  if (list.loading && !rows.length) return <LoadingState />;
  if (!rows.length) return <EmptyState text={empty} />;
  return (
    <div>
      <ul aria-label={name} className="divide-y divide-gray-100">
        {rows.map((r) => {
          const id = `share-${name}-${r.key}`;
          return (
            <li key={r.key} data-share-target={r.key}>
              <label
                htmlFor={id}
                className={`flex min-h-12 items-center gap-3 px-1 py-2 ${r.label ? 'text-gray-400' : 'text-gray-900'}`}
              >
                <input
                  id={id}
                  type="checkbox"
                  className="h-5 w-5 accent-brand"
                  disabled={r.label !== null}
                  aria-label={r.label ? `${r.title}（${r.label}）` : r.title}
                  checked={selected.includes(r.key)}
                  onChange={() => onToggle(r.key)}
                />
                <span className="min-w-0 flex-1 truncate">{r.title}</span>
                {r.label && (
                  <span className="shrink-0 rounded bg-red-50 px-1.5 text-[11px] leading-5 text-red-700">
                    {r.label}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      <div className="py-3 text-center text-sm text-gray-500">
        {list.hasMore ? (
          <Button variant="secondary" loading={list.loading} onClick={list.loadMore}>
            加载更多
          </Button>
        ) : (
          '已显示全部'
        )}
      </div>
    </div>
  );
}

export function ShareDialog({
  what,
  title,
  onClose,
}: {
  what: ShareWhat;
  title: string;
  onClose(): void;
}) {
  const [tab, setTab] = useState<'rooms' | 'direct'>('rooms');
  const [rooms, setRooms] = useState<string[]>([]);
  const [direct, setDirect] = useState<string[]>([]);
  const mutation = useFormAction({ onError: (e) => showToast(e.message || '分享失败') });
  const sending = mutation.isPending;
  const roomList = usePagedList(shareRooms, keys.shareRooms(), { pageSize: SHARE_ROOM_PAGE_SIZE });
  const directList = usePagedList(getDirectRooms, keys.chatDirectRooms(), {
    pageSize: ROOM_PAGE_SIZE,
  });
  const roomRows: Row[] = roomList.items.map((r) => ({
    key: r.roomCode,
    title: r.title,
    label: roomMuteLabel(r),
  }));
  const directRows: Row[] = directList.items.map((d) => {
    const flags = d as unknown as { banned?: number | boolean; isMessageBanned?: number | boolean };
    return {
      key: String(d.roomId),
      title: d.userName,
      label: roomMuteLabel({
        banned: flags.banned ?? 0,
        isMessageBanned: flags.isMessageBanned ?? 0,
      }),
    };
  });
  const toggle = (set: (v: string[]) => void, cur: string[]) => (key: string) => {
    const r = toggleTarget(cur, key);
    if (r.refusal) showToast(r.refusal);
    set(r.selected);
  };
  const count = rooms.length + direct.length;
  const submit = async () => {
    if (count === 0) {
      showToast(SHARE_MSG.noTargets);
      return;
    }
    if (!(await requireOnline())) return;
    await mutation.submit(async () => {
      const r = await shareMessage(what, rooms, direct.map(Number));
      const failed = r.results.filter((x) => !x.ok);
      showToast(
        failed.length === 0
          ? SHARE_MSG.success
          : `已分享到${r.sent}个聊天室，${failed.length}个失败：${failed[0]!.msg}`,
      );
      onClose();
    });
  };
  const tabClass = (on: boolean) =>
    `flex-1 min-h-11 border-b-2 text-sm font-medium ${on ? 'border-brand text-brand' : 'border-transparent text-gray-600'}`;
  return (
    <Sheet
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <span className="flex-1 self-center text-sm text-gray-600" aria-live="polite">
            已选{count}个
          </span>
          <Button
            onClick={() => {
              void submit();
            }}
            loading={sending}
            disabled={count === 0}
          >
            分享
          </Button>
        </>
      }
    >
      <div role="tablist" aria-label="分享到" className="mb-2 flex">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'rooms'}
          className={tabClass(tab === 'rooms')}
          onClick={() => setTab('rooms')}
        >
          聊天室{rooms.length ? `(${rooms.length})` : ''}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'direct'}
          className={tabClass(tab === 'direct')}
          onClick={() => setTab('direct')}
        >
          私聊{direct.length ? `(${direct.length})` : ''}
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'rooms' ? (
          <TargetList
            list={roomList}
            rows={roomRows}
            selected={rooms}
            onToggle={toggle(setRooms, rooms)}
            empty="暂无可分享的聊天室"
            name="聊天室"
          />
        ) : (
          <TargetList
            list={directList}
            rows={directRows}
            selected={direct}
            onToggle={toggle(setDirect, direct)}
            empty="暂无私聊"
            name="私聊"
          />
        )}
      </div>
    </Sheet>
  );
}

/** A 分享 button that opens the dialog for `what`. */
export function ShareButton({
  what,
  title = '分享',
  label = '分享',
  ariaLabel,
  className = '',
}: {
  what: ShareWhat;
  title?: string;
  label?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={ariaLabel}
        className={`min-h-9 rounded-lg border border-brand px-3 text-sm text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${className}`}
      >
        {label}
      </button>
      {open && <ShareDialog what={what} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}
