/**
 * /chatGuest?roomCode=&guestCode=: a guest reads a room whose operator gave it a guest code
 * (getMessageListWebGuest and the socket with guestCode). Guests never send: the input is replaced
 * by 游客不能发言，请先注册 and the room's register link (spec 001 §6).
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { getGuestHistory } from '../api';
import { useChatStream, type StreamSource } from '../useChatStream';
import { ChatFrame } from '../components/ChatFrame';
import { MessageList } from '../components/MessageList';
import { ImageViewer } from '../components/ImageViewer';
import { ErrorState } from '../../../ui';
import { GUEST_SEND_MSG } from '../../../../domain/chat/access';
import { EMPTY_PASSWORD_MD5 } from '../../../../domain/chat/constants';
import { linkTarget } from '../../home/links';

export default function ChatGuestPage() {
  const q = new URLSearchParams(location.search);
  const roomCode = q.get('roomCode') ?? '';
  const guestCode = q.get('guestCode') ?? '';
  const [registerLink, setRegisterLink] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const source = useMemo<StreamSource | null>(() => (!roomCode || !guestCode ? null : {
    page: async (before) => {
      const d = await getGuestHistory(roomCode, guestCode, before);
      setRegisterLink(d.registerLink);
      return d.list;
    },
    socket: { type: 1, roomId: roomCode, guestCode, password: EMPTY_PASSWORD_MD5 },
  }), [roomCode, guestCode]);
  const stream = useChatStream(source, () => {});
  const target = linkTarget(registerLink) ?? { kind: 'inside', href: '/register' };
  return (
    <ChatFrame title="游客聊天" back="/index" status={stream.status} statusMsg={stream.statusMsg}>
      {!source ? <ErrorState message="链接缺少房间或游客码" /> : (
        <>
          <MessageList stream={stream} myId={null} handlers={{ onImage: setViewing }} />
          <div role="status" className="flex items-center justify-center gap-3 border-t border-gray-200 bg-gray-100 px-4 py-3 text-sm">
            <span className="text-gray-800">{GUEST_SEND_MSG}</span>
            {target.kind === 'outside'
              ? <a href={target.href} className="rounded-full bg-brand px-4 py-1.5 text-white" rel="noopener">注册</a>
              : <Link href={target.href} className="rounded-full bg-brand px-4 py-1.5 text-white">注册</Link>}
          </div>
        </>
      )}
      <ImageViewer path={viewing} canSave={false} onClose={() => setViewing(null)} />
    </ChatFrame>
  );
}
