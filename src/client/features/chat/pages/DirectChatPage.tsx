/**
 * /chatDirect/:roomId: a private chat (type 7). History paging up, the live socket, text and
 * pictures, red envelopes (one, ordinary), recall of one's own messages, and the read state: opening marks the latest message as
 * read, and a read acknowledgement goes 5 s after the last message that arrived (spec 001 §4).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRoute } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser, sessionLoaded } from '../../../state/session';
import {
  addDirectMessage,
  getDirectHistory,
  openDirectRoom,
  recallDirect,
  setDirectRead,
  type ChatMessage,
  type DirectRoom,
} from '../api';
import { useChatStream, type StreamSource } from '../useChatStream';
import { keys, queryClient, withLastAnswer } from '../../../query';
import { useImageSend } from '../useImageSend';
import { ChatFrame, LoginPrompt } from '../components/ChatFrame';
import { MessageList } from '../components/MessageList';
import { Composer } from '../components/Composer';
import { MessageMenu } from '../components/MessageMenu';
import { ImageViewer } from '../components/ImageViewer';
import { PlayerCard } from '../components/PlayerCard';
import { ErrorState, LoadingState, showToast } from '../../../ui';
import { DIRECT_MESSAGE_LENGTH, GRADE_MANAGER } from '../../../../domain/chat/constants';
import { useEnvelopes } from '../../redEnvelope/useEnvelopes';

const READ_ACK_MS = 5000;

export default function DirectChatPage() {
  useSignals();
  const [, params] = useRoute('/chatDirect/:roomId');
  const roomId = Number(params?.roomId);
  const user = currentUser.value;
  const [room, setRoom] = useState<DirectRoom | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [menu, setMenu] = useState<ChatMessage | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const readId = useRef(0);
  // another private chat in the same page: its first read mark goes at once again
  // biome-ignore lint/correctness/useExhaustiveDependencies: roomId is the trigger
  useEffect(() => {
    readId.current = 0;
  }, [roomId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again
  useEffect(() => {
    if (!user || !Number.isInteger(roomId)) return;
    let live = true;
    setError('');
    // the room (whose chat it is) kept for offline, like its messages
    withLastAnswer(keys.chatDirectRoom(roomId), () => openDirectRoom({ roomId })).then(
      (r) => {
        if (live) setRoom(r);
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : '加载失败');
      },
    );
    return () => {
      live = false;
    };
  }, [roomId, user?.userId, tick]);

  const source = useMemo<StreamSource | null>(
    () =>
      room === null
        ? null
        : {
            page: async (before) => (await getDirectHistory(room.roomId, before)).list,
            socket: { type: 7, roomId: String(room.roomId) },
            held: keys.chatHistory('direct', room.roomId),
          },
    [room],
  );
  const stream = useChatStream(source, () => {});
  const place = useMemo(() => (room ? { roomId: room.roomId } : null), [room]);
  const envelopes = useEnvelopes({
    place,
    myId: user?.userId ?? null,
    userName: user?.userName ?? '',
    direct: true,
    onSent: stream.add,
  });

  // read state: the latest message is marked read at once when the chat opens, then 5 s after the last one arrived
  const latest = stream.messages[stream.messages.length - 1]?.id ?? 0;
  useEffect(() => {
    if (!room || latest <= readId.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      setDirectRead(room.roomId, latest).then(
        (d) => {
          readId.current = Math.max(readId.current, d.messageReadId);
          void queryClient.invalidateQueries({ queryKey: keys.chatDirectRooms() });
        },
        () => {},
      );
    };
    if (readId.current === 0) {
      mark();
      return;
    }
    const t = setTimeout(mark, READ_ACK_MS);
    return () => clearTimeout(t);
  }, [room, latest]);

  const send = async (text: string) => {
    if (!room) return false;
    try {
      stream.add(await addDirectMessage(room.roomId, 1, text));
      return true;
    } catch (e) {
      showToast(e instanceof Error ? e.message : '发送失败');
      return false;
    }
  };
  const image = useImageSend(async (img) => {
    if (room) stream.add(await addDirectMessage(room.roomId, 2, JSON.stringify(img)));
  });
  const recall = async (m: ChatMessage) => {
    if (!room) return;
    try {
      await recallDirect(room.roomId, m.id);
      stream.remove(m.id);
      showToast('已撤回');
    } catch (e) {
      showToast(e instanceof Error ? e.message : '撤回失败');
    }
  };

  if (!sessionLoaded.value)
    return (
      <ChatFrame title="私聊" back="/chatRoom?tab=direct">
        <LoadingState />
      </ChatFrame>
    );
  if (!user)
    return (
      <ChatFrame title="私聊" back="/chatRoom?tab=direct">
        <LoginPrompt text="登录后才能私聊" redirect={`/chatDirect/${params?.roomId ?? ''}`} />
      </ChatFrame>
    );
  return (
    <ChatFrame
      title={room ? room.userName : '私聊'}
      back="/chatRoom?tab=direct"
      status={stream.status}
      statusMsg={room ? stream.statusMsg : ''}
    >
      {error ? (
        <ErrorState message={error} onRetry={() => setTick((n) => n + 1)} />
      ) : !room ? (
        <LoadingState />
      ) : (
        <>
          <MessageList
            stream={stream}
            myId={user.userId}
            emptyText="暂无消息"
            handlers={{
              onImage: setViewing,
              onMenu: setMenu,
              onAvatar: (m) => setCard(m.userId),
              envelope: envelopes.handlers,
            }}
          />
          <Composer
            maxLength={DIRECT_MESSAGE_LENGTH}
            blocked=""
            manager={false}
            pick={null}
            onSend={send}
            onImage={image.pick}
            imageStage={image.stage}
            onEnvelope={envelopes.openSend}
            onSaved={(img) => {
              addDirectMessage(
                room.roomId,
                2,
                JSON.stringify({ imgPath: img.imgPath, thumbPath: img.thumbPath }),
              ).then(stream.add, (e: unknown) =>
                showToast(e instanceof Error ? e.message : '发送失败'),
              );
            }}
          />
        </>
      )}
      <MessageMenu
        m={menu}
        mine={menu !== null && Number(menu.userId) === user.userId}
        manager={false}
        roomCode={null}
        onWithdraw={recall}
        onClose={() => setMenu(null)}
      />
      <ImageViewer path={viewing} canSave onClose={() => setViewing(null)} />
      {envelopes.ui}
      <PlayerCard
        userId={card}
        roomCode={null}
        myId={user.userId}
        iAmManager={user.grade === GRADE_MANAGER || user.operator}
        onClose={() => setCard(null)}
      />
    </ChatFrame>
  );
}
