/**
 * /chatRoom/:roomCode: one public room (spec 001 §2-§9). The gate (setting, password), then the
 * message list with history paging up, the live socket, the input with mentions and pictures, the
 * online list, the player card, the room info, red envelopes (send, grab, my records) and, for managers, muting. Mute pushes swap the input
 * for the reason (bannedMessage).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser, sessionLoaded } from '../../../state/session';
import {
  addImage,
  addMessage,
  getHistory,
  truthy,
  withdrawMessage,
  type ChatMessage,
} from '../api';
import { useRoomGate } from '../useRoomGate';
import { useChatStream, type StreamSource } from '../useChatStream';
import { useImageSend } from '../useImageSend';
import type { Frame } from '../socket';
import { ChatFrame, HEADER_ICON, LoginPrompt } from '../components/ChatFrame';
import { MessageList } from '../components/MessageList';
import { Composer } from '../components/Composer';
import { PasswordGate } from '../components/PasswordGate';
import { MemberSheet } from '../components/MemberSheet';
import { PlayerCard } from '../components/PlayerCard';
import { MessageMenu } from '../components/MessageMenu';
import { ImageViewer } from '../components/ImageViewer';
import { RoomInfo } from '../components/RoomInfo';
import { DragonSheet } from '../../records/DragonSheet';
import { usePresence } from '../presence';
import { GuestCard } from '../components/GuestCard';
import { ErrorState, LoadingState, showAlert, showToast } from '../../../ui';
import { PushCode, RoomEvent } from '../../../../domain/chat/push';
import { ROOM_MUTED_MSG } from '../../../../domain/chat/access';
import { isGuestWireId } from '../../../../domain/chat/guest';
import { useEnvelopes } from '../../redEnvelope/useEnvelopes';
import { keys } from '../../../query';

export default function ChatRoomPage() {
  useSignals();
  const [, params] = useRoute('/chatRoom/:roomCode');
  const roomCode = params?.roomCode ?? '';
  const user = currentUser.value;
  const myId = user?.userId ?? null;
  const [, navigate] = useLocation();
  const { room, setRoom, gate, submit, refreshRoom, retry } = useRoomGate(roomCode, myId);
  const [blockedPush, setBlockedPush] = useState<string | null>(null);
  const [members, setMembers] = useState(false);
  const [card, setCard] = useState<string | null>(null);
  const [guestCard, setGuestCard] = useState<ChatMessage | null>(null);
  const [menu, setMenu] = useState<ChatMessage | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [info, setInfo] = useState(false);
  const [dragon, setDragon] = useState(false);
  const [pick, setPick] = useState<{ name: string; userId: string; n: number } | null>(null);
  const manager = room ? truthy(room.isManager) : false;
  const listOpen = room ? truthy(room.isShowList) || manager : false;
  const [socketOpen, setSocketOpen] = useState(false);
  const presence = usePresence(roomCode, listOpen, socketOpen);
  const takePresence = presence.take;
  const onlineCount = presence.count;

  const password = gate.step === 'open' ? gate.password : null;
  const source = useMemo<StreamSource | null>(
    () =>
      password === null
        ? null
        : {
            page: async (before) => (await getHistory(roomCode, before)).list,
            socket: { type: 1, roomId: roomCode, password },
            held: keys.chatHistory('room', roomCode),
          },
    [roomCode, password],
  );

  const onEvent = useCallback(
    (f: Frame) => {
      const body = (f.body ?? {}) as {
        userId?: unknown;
        msg?: string;
        isShowList?: number;
        userIds?: string;
        all?: boolean | number;
      };
      if (takePresence(f)) return;
      if (f.code === PushCode.ROOM_EVENT) {
        if (f.type === RoomEvent.ROOM_MUTED && !manager) setBlockedPush(body.msg || ROOM_MUTED_MSG);
        else if (f.type === RoomEvent.USER_MUTED && Number(body.userId) === myId)
          setBlockedPush(body.msg ?? '');
        else if (
          f.type === RoomEvent.ROOM_UNMUTED ||
          (f.type === RoomEvent.USER_UNMUTED && Number(body.userId) === myId)
        ) {
          setBlockedPush(null);
          refreshRoom();
        } else if (f.type === RoomEvent.LIST_VISIBILITY)
          setRoom((r) => r && { ...r, isShowList: Number(body.isShowList) });
        else if (
          f.type === RoomEvent.MENTION &&
          (truthy(body.all) ||
            String(body.userIds ?? '')
              .split(',')
              .includes(String(myId)))
        )
          showToast('有人@了你');
        if (f.type === RoomEvent.ROOM_MUTED || f.type === RoomEvent.ROOM_UNMUTED) refreshRoom();
      } else if (f.code === PushCode.MUTED_GRADES) {
        setBlockedPush(null);
        refreshRoom();
      } else if (f.code === PushCode.ROOM_DELETED) {
        void showAlert('房间已被删除').then(() => navigate('/chatRoom'));
      }
    },
    [manager, myId, refreshRoom, setRoom, navigate, takePresence],
  );

  const stream = useChatStream(source, onEvent);
  // mutes are not replayed to a socket that was away: each time it opens, the setting says the truth
  const isOpen = stream.status === 'open';
  useEffect(() => {
    setSocketOpen(isOpen);
    if (isOpen) {
      setBlockedPush(null);
      refreshRoom();
    }
  }, [isOpen, refreshRoom]);
  const blocked = manager ? '' : (blockedPush ?? room?.bannedMessage ?? '');
  const place = useMemo(() => ({ roomCode }), [roomCode]);
  const envelopes = useEnvelopes({
    place,
    myId,
    userName: user?.userName ?? '',
    onSent: stream.add,
  });

  const send = async (text: string, status: 0 | 1, userIds: string) => {
    try {
      stream.add(await addMessage(roomCode, text, status, userIds));
      return true;
    } catch (e) {
      showToast(e instanceof Error ? e.message : '发送失败');
      refreshRoom();
      return false;
    }
  };
  const image = useImageSend(async (img) => {
    stream.add(await addImage(roomCode, img));
  });
  const withdraw = async (m: ChatMessage) => {
    try {
      await withdrawMessage(roomCode, m.id);
      stream.remove(m.id);
      showToast('已撤回');
    } catch (e) {
      showToast(e instanceof Error ? e.message : '撤回失败');
    }
  };
  const mention = (name: string, userId: string) => {
    setMembers(false);
    setPick((p) => ({ name, userId, n: (p?.n ?? 0) + 1 }));
  };

  if (!sessionLoaded.value)
    return (
      <ChatFrame title="聊天室" back="/chatRoom">
        <LoadingState />
      </ChatFrame>
    );
  if (!user)
    return (
      <ChatFrame title="聊天室" back="/chatRoom">
        <LoginPrompt text="登录后才能进入聊天室" redirect={`/chatRoom/${roomCode}`} />
      </ChatFrame>
    );

  const actions = room && gate.step === 'open' && (
    <>
      {listOpen && (
        <button
          type="button"
          className={
            onlineCount === null
              ? HEADER_ICON
              : HEADER_ICON.replace('w-10', 'min-w-10 gap-0.5 px-1.5')
          }
          aria-label={onlineCount === null ? '在线成员' : `在线成员 ${onlineCount}人`}
          onClick={() => setMembers(true)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7M18 14a6 6 0 014 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {onlineCount !== null && (
            <span data-testid="online-count" className="text-xs tabular-nums">
              {onlineCount}
            </span>
          )}
        </button>
      )}
      <button
        type="button"
        className={HEADER_ICON}
        aria-label="我的红包"
        onClick={envelopes.openRecords}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M5 3h14v18H5zM5 8c4 3 10 3 14 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="10" r="2" fill="currentColor" />
        </svg>
      </button>
      <button
        type="button"
        className={HEADER_ICON}
        aria-label="房间信息"
        onClick={() => setInfo(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7v1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </>
  );

  return (
    <ChatFrame
      title={room?.title ?? '聊天室'}
      subtitle={room?.subTitle}
      back="/chatRoom"
      actions={actions}
      status={gate.step === 'open' ? stream.status : undefined}
      statusMsg={stream.statusMsg}
    >
      {gate.step === 'loading' ? (
        <LoadingState />
      ) : gate.step === 'error' ? (
        <ErrorState message={gate.msg} onRetry={retry} />
      ) : gate.step === 'password' ? (
        <>
          <div className="flex-1" />
          <PasswordGate
            title={room?.title ?? ''}
            error={gate.error}
            checking={gate.checking}
            onSubmit={(d) => void submit(d)}
            onCancel={() => navigate('/chatRoom')}
          />
        </>
      ) : (
        <>
          <MessageList
            stream={stream}
            myId={myId}
            handlers={{
              // a guest (guest chat) has no profile and cannot be mentioned; managers may mute it
              onAvatar: (m) =>
                isGuestWireId(m.userId) ? manager && setGuestCard(m) : setCard(m.userId),
              onName: (m) => {
                if (!isGuestWireId(m.userId)) mention(m.nickname, m.userId);
              },
              onImage: setViewing,
              onMenu: (m) => setMenu(m),
              envelope: envelopes.handlers,
            }}
          />
          {stream.status === 'closed' && stream.closedBy === PushCode.PERMISSIONS_CHANGED ? (
            <button
              type="button"
              onClick={() => {
                retry();
                stream.reload();
              }}
              className="m-2 rounded-lg bg-brand py-2 text-white"
            >
              重新进入
            </button>
          ) : null}
          <Composer
            maxLength={room?.messageLength ?? 200}
            blocked={blocked}
            manager={manager}
            onAt={listOpen ? () => setMembers(true) : undefined}
            pick={pick}
            onSend={send}
            onImage={image.pick}
            imageStage={image.stage}
            onDragon={() => setDragon(true)}
            onEnvelope={envelopes.openSend}
            onSaved={(img) => {
              addImage(roomCode, { imgPath: img.imgPath, thumbPath: img.thumbPath }).then(
                stream.add,
                (e: unknown) => showToast(e instanceof Error ? e.message : '发送失败'),
              );
            }}
          />
        </>
      )}
      {room && (
        <>
          <MemberSheet
            open={members}
            roomCode={roomCode}
            manager={manager}
            myId={user.userId}
            presence={presence.push}
            onPick={mention}
            onCard={(id) => {
              setMembers(false);
              setCard(id);
            }}
            onClose={() => setMembers(false)}
          />
          <RoomInfo
            room={room}
            open={info}
            onClose={() => setInfo(false)}
            onChanged={refreshRoom}
          />
        </>
      )}
      <GuestCard guest={guestCard} roomCode={roomCode} onClose={() => setGuestCard(null)} />
      <PlayerCard
        userId={card}
        roomCode={roomCode}
        myId={user.userId}
        iAmManager={manager}
        onClose={() => setCard(null)}
      />
      <MessageMenu
        m={menu}
        mine={menu !== null && Number(menu.userId) === user.userId}
        manager={manager}
        roomCode={roomCode}
        onWithdraw={withdraw}
        onClose={() => setMenu(null)}
      />
      <ImageViewer path={viewing} canSave onClose={() => setViewing(null)} />
      {dragon && <DragonSheet onClose={() => setDragon(false)} />}
      {envelopes.ui}
    </ChatFrame>
  );
}
