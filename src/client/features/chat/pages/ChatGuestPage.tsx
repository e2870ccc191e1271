/**
 * /chatGuest?roomCode=&guestCode=: a guest in a room whose operator gave it a guest code
 * (getRoomWebGuest, getMessageListWebGuest and the socket with guestCode), with the room's register
 * link always in view (spec 001 §6). Where the operator turned 游客可发言 off, the input is
 * replaced by 游客不能发言，请先注册; where it is on, the guest writes text, emoji and pictures as its
 * issued identity (游客XXXX), withdraws its own messages (long press) and sees its own mutes live. Guests have no favourites, red envelopes,
 * follow-bets or long-dragon assistant: none of those buttons are shown here.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { getGuestHistory } from '../api';
import {
  addImageGuest,
  addMessageGuest,
  uploadChatFileGuest,
  withdrawMessageGuest,
} from '../guestApi';
import { useGuestGate } from '../useGuestGate';
import { PasswordGate } from '../components/PasswordGate';
import type { ChatMessage } from '../api';
import { useChatStream, type StreamSource } from '../useChatStream';
import { useImageSend } from '../useImageSend';
import type { Frame } from '../socket';
import { ChatFrame } from '../components/ChatFrame';
import { MessageList } from '../components/MessageList';
import { Composer } from '../components/Composer';
import { ImageViewer } from '../components/ImageViewer';
import { MessageMenu } from '../components/MessageMenu';
import { ErrorState, showToast } from '../../../ui';
import { GUEST_SEND_MSG, ROOM_MUTED_MSG } from '../../../../domain/chat/access';
import { PushCode, RoomEvent } from '../../../../domain/chat/push';
import { linkTarget } from '../../home/links';
import { useEnvelopes } from '../../redEnvelope/useEnvelopes';

function RegisterLink({ link, text }: { link: string; text: string }) {
  const target = linkTarget(link) ?? { kind: 'inside', href: '/register' };
  const cls = 'shrink-0 whitespace-nowrap rounded-full bg-brand px-4 py-1.5 text-white';
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 border-t border-gray-200 bg-gray-100 px-4 py-2 text-sm"
    >
      <span className="text-gray-800">{text}</span>
      {target.kind === 'outside' ? (
        <a href={target.href} className={cls} rel="noopener">
          注册
        </a>
      ) : (
        <Link href={target.href} className={cls}>
          注册
        </Link>
      )}
    </div>
  );
}

export default function ChatGuestPage() {
  const q = new URLSearchParams(location.search);
  const roomCode = q.get('roomCode') ?? '';
  const guestCode = q.get('guestCode') ?? '';
  const { room, gate, submit, refreshRoom } = useGuestGate(roomCode, guestCode);
  const [registerLink, setRegisterLink] = useState('');
  const [blockedPush, setBlockedPush] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [menu, setMenu] = useState<ChatMessage | null>(null);
  // history and the socket start once the room is open (a password room: after its gate)
  const password = gate.step === 'open' ? gate.password : null;
  const source = useMemo<StreamSource | null>(
    () =>
      password === null
        ? null
        : {
            page: async (before) => {
              const d = await getGuestHistory(roomCode, guestCode, before);
              setRegisterLink(d.registerLink);
              return d.list;
            },
            socket: { type: 1, roomId: roomCode, guestCode, password },
          },
    [roomCode, guestCode, password],
  );
  // a fresh setting says again whether the guest is muted
  // biome-ignore lint/correctness/useExhaustiveDependencies: room is the trigger
  useEffect(() => {
    setBlockedPush(null);
  }, [room]);
  const myId = room?.userId || null;

  const onEvent = useCallback(
    (f: Frame) => {
      const body = (f.body ?? {}) as { userId?: unknown; msg?: string };
      if (f.code === PushCode.ROOM_EVENT) {
        if (f.type === RoomEvent.ROOM_MUTED) setBlockedPush(body.msg || ROOM_MUTED_MSG);
        else if (f.type === RoomEvent.USER_MUTED && myId !== null && String(body.userId) === myId)
          setBlockedPush(body.msg ?? '');
        else if (
          f.type === RoomEvent.ROOM_UNMUTED ||
          f.type === RoomEvent.GUEST_CHAT ||
          (f.type === RoomEvent.USER_UNMUTED && String(body.userId) === myId)
        )
          refreshRoom();
      } else if (f.code === PushCode.MUTED_GRADES) refreshRoom();
    },
    [myId, refreshRoom],
  );
  const stream = useChatStream(source, onEvent);
  // each time the socket opens, the room says whether guests may speak and whether this one is muted
  const socketOpen = stream.status === 'open';
  useEffect(() => {
    if (socketOpen) refreshRoom();
  }, [socketOpen, refreshRoom]);

  // guests neither send nor grab envelopes: a tap shows the register notice (spec 001 §5, §6)
  const [, navigate] = useLocation();
  const register = useCallback(() => {
    const target = linkTarget(room?.registerLink || registerLink) ?? {
      kind: 'inside',
      href: '/register',
    };
    if (target.kind === 'outside') location.assign(target.href);
    else navigate(target.href);
  }, [room?.registerLink, registerLink, navigate]);
  const envelopes = useEnvelopes({
    place: null,
    myId: null,
    userName: '',
    guestRegister: register,
  });
  const canChat = room !== null && room.guestChat === 1 && room.userId !== '';
  const fail = (e: unknown) => {
    showToast(e instanceof Error ? e.message : '发送失败');
    refreshRoom();
  };
  const send = async (text: string) => {
    try {
      stream.add(await addMessageGuest(roomCode, guestCode, text));
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };
  // a guest withdraws its own messages (spec 001 §6), as members do
  const withdraw = async (m: ChatMessage) => {
    try {
      await withdrawMessageGuest(roomCode, guestCode, m.id);
      stream.remove(m.id);
      showToast('已撤回');
    } catch (e) {
      showToast(e instanceof Error ? e.message : '撤回失败');
    }
  };
  const image = useImageSend(
    async (img) => {
      stream.add(await addImageGuest(roomCode, guestCode, img));
    },
    uploadChatFileGuest(roomCode, guestCode),
  );

  return (
    <ChatFrame
      title={room?.title || '游客聊天'}
      subtitle={canChat ? `您的游客身份：${room.nickname}` : undefined}
      back="/index"
      status={stream.status}
      statusMsg={stream.statusMsg}
    >
      {!roomCode || !guestCode ? (
        <ErrorState message="链接缺少房间或游客码" />
      ) : gate.step === 'error' ? (
        <ErrorState message={gate.msg} />
      ) : !source ? null : (
        <>
          <MessageList
            stream={stream}
            myId={myId}
            handlers={{ onImage: setViewing, onMenu: setMenu, envelope: envelopes.handlers }}
          />
          {canChat ? (
            <>
              <RegisterLink
                link={room.registerLink || registerLink}
                text="注册后可发红包、跟投与收藏"
              />
              <Composer
                maxLength={room.messageLength}
                blocked={blockedPush ?? room.bannedMessage}
                manager={false}
                onSend={(text) => send(text)}
                onImage={image.pick}
                imageStage={image.stage}
                onEnvelope={envelopes.openSend}
              />
            </>
          ) : (
            <RegisterLink link={registerLink} text={GUEST_SEND_MSG} />
          )}
        </>
      )}
      <MessageMenu
        m={menu}
        mine={menu !== null && myId !== null && menu.userId === myId}
        manager={false}
        roomCode={null}
        onWithdraw={withdraw}
        onClose={() => setMenu(null)}
      />
      <ImageViewer path={viewing} canSave={false} onClose={() => setViewing(null)} />
      {gate.step === 'password' && (
        <PasswordGate
          title={room?.title ?? ''}
          error={gate.error}
          checking={gate.checking}
          onSubmit={(d) => void submit(d)}
          onCancel={() => navigate('/index')}
        />
      )}
    </ChatFrame>
  );
}
