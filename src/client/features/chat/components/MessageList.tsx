/**
 * The scrolling list of a chat view: older history loads when the top comes into view, 已显示全部数据
 * once there is none left, time dividers between messages 60 s or more apart, and a 有新消息 tip
 * when a message arrives while the reader is scrolled up (spec 001 sections 2 and 9).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '../api';
import { withDividers, withdrawnText } from '../messages';
import { MessageItem, type ItemProps } from './MessageItem';
import { EmptyState, ErrorState, LoadingState, Spinner } from '../../../ui';
import type { Stream } from '../useChatStream';

type Handlers = Omit<ItemProps, 'm' | 'mine'>;

export function MessageList({
  stream,
  myId,
  handlers,
  emptyText = '暂无消息，来说第一句吧',
}: {
  stream: Stream;
  myId: number | string | null;
  handlers: Handlers;
  emptyText?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [tip, setTip] = useState(false);
  const rows = useMemo(() => withDividers(stream.messages), [stream.messages]);
  const first = stream.messages[0]?.id;
  const last = stream.messages[stream.messages.length - 1]?.id;
  const prevFirst = useRef<number | undefined>(undefined);
  const prevHeight = useRef(0);
  const prevLast = useRef<number | undefined>(undefined);

  // keep the reader's place when older messages are put above; follow new ones when at the bottom
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (
      prevFirst.current !== undefined &&
      first !== undefined &&
      first < prevFirst.current &&
      last === prevLast.current
    ) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (last !== prevLast.current) {
      const mineLast = stream.messages[stream.messages.length - 1];
      if (
        atBottom.current ||
        prevLast.current === undefined ||
        (mineLast && myId !== null && mineLast.userId === String(myId))
      ) {
        el.scrollTop = el.scrollHeight;
        setTip(false);
      } else setTip(true);
    }
    prevFirst.current = first;
    prevLast.current = last;
    prevHeight.current = el.scrollHeight;
  });

  const { loadOlder, done, loading } = stream;
  useEffect(() => {
    const el = top.current;
    if (!el || loading || done) return;
    const io = new IntersectionObserver(
      (e) => {
        if (e[0]?.isIntersecting) void loadOlder();
      },
      { root: box.current },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [loadOlder, done, loading]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (atBottom.current) setTip(false);
    if (el.scrollTop < 8) void loadOlder();
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain py-2"
        role="log"
        aria-live="polite"
        aria-label="聊天消息"
      >
        {stream.loading ? (
          <LoadingState />
        ) : stream.error ? (
          <ErrorState message={stream.error} onRetry={stream.reload} />
        ) : (
          <>
            <div
              ref={top}
              className="flex min-h-6 items-center justify-center text-xs text-gray-500"
            >
              {stream.loadingOlder ? (
                <Spinner />
              ) : stream.done && stream.messages.length ? (
                '已显示全部数据'
              ) : null}
            </div>
            {!stream.messages.length && <EmptyState text={emptyText} />}
            <ul>
              {rows.map((r) =>
                r.kind === 'divider' ? (
                  <li
                    key={r.key}
                    className="py-1 text-center text-xs text-gray-500"
                    data-divider="1"
                  >
                    <span className="rounded bg-gray-200/80 px-2 py-0.5">{r.time}</span>
                  </li>
                ) : r.message.withdrawn ? (
                  <li
                    key={r.key}
                    className="py-1 text-center text-xs text-gray-500"
                    data-withdrawn="1"
                  >
                    {withdrawnText(r.message, myId !== null && r.message.userId === String(myId))}
                  </li>
                ) : (
                  <MessageItem
                    key={r.key}
                    m={r.message}
                    mine={myId !== null && r.message.userId === String(myId)}
                    {...handlers}
                  />
                ),
              )}
            </ul>
          </>
        )}
      </div>
      {tip && (
        <button
          type="button"
          onClick={() => {
            const el = box.current;
            if (el) el.scrollTop = el.scrollHeight;
            setTip(false);
          }}
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-brand px-4 py-1.5 text-sm text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          有新消息 ↓
        </button>
      )}
    </div>
  );
}

export type { ChatMessage };
