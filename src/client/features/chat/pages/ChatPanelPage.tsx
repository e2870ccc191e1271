/**
 * /chatRoom: the chat panel (spec 001 §2) with two tabs, 聊天室 and 私聊; the 私聊 tab shows how many
 * private chats are unread (asked every 60 s); above them the 红包提醒 switch (web push). Guests are asked to log in.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser, sessionLoaded } from '../../../state/session';
import { Page, LoadingState } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { RoomList } from '../components/RoomList';
import { DirectList } from '../components/DirectList';
import { LoginPrompt } from '../components/ChatFrame';
import { GuestRoomList } from '../components/GuestRoomList';
import { badgeText, useChatUnread } from '../unread';
import { PushSwitch } from '../../push/PushSwitch';

type Tab = 'rooms' | 'direct';

export default function ChatPanelPage() {
  useSignals();
  const user = currentUser.value;
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(location.search).get('tab') === 'direct' ? 'direct' : 'rooms',
  );
  const unread = useChatUnread(Boolean(user));
  if (!sessionLoaded.value)
    return (
      <Page title="聊天室" back>
        <LoadingState />
      </Page>
    );
  if (!user) {
    return (
      <Page title="聊天室" back>
        <LoginPrompt text="登录后可进入全部聊天室和私聊" redirect="/chatRoom" />
        <GuestRoomList />
      </Page>
    );
  }
  const options = [
    { value: 'rooms' as const, label: '聊天室' },
    { value: 'direct' as const, label: unread ? `私聊 (${badgeText(unread)})` : '私聊' },
  ];
  return (
    <Page title="聊天室" back>
      <PushSwitch className="mb-3 rounded-xl bg-white px-4 py-2 shadow-sm ring-1 ring-gray-200" />
      <Tabs<Tab>
        look="pills"
        className="mb-3"
        label="聊天"
        value={tab}
        options={options}
        onChange={(t) => {
          setTab(t);
          history.replaceState(
            history.state,
            '',
            t === 'direct' ? '?tab=direct' : location.pathname,
          );
        }}
        panel={(t) => (t === 'rooms' ? <RoomList /> : <DirectList />)}
      />
    </Page>
  );
}
