/**
 * /chatRoom: the chat panel (spec 001 §2) with two tabs, 聊天室 and 私聊; the 私聊 tab shows how many
 * private chats are unread (asked every 60 s). Guests are asked to log in.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { currentUser, sessionLoaded } from '../../../state/session';
import { Page, LoadingState } from '../../../ui';
import { Tabs } from '../../../ui/Tabs';
import { RoomList } from '../components/RoomList';
import { DirectList, directUnread } from '../components/DirectList';
import { LoginPrompt } from '../components/ChatFrame';
import { getDirectRooms } from '../api';

const UNREAD_POLL_MS = 60_000;
type Tab = 'rooms' | 'direct';

function useUnreadCount(enabled: boolean, tab: Tab): number {
  const [n, setN] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: switching tabs asks again (a private chat may have been read)
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const ask = () => getDirectRooms(1).then((d) => { if (live) setN(d.list.filter(directUnread).length); }, () => {});
    void ask();
    const t = setInterval(ask, UNREAD_POLL_MS);
    return () => { live = false; clearInterval(t); };
  }, [enabled, tab]);
  return n;
}

export default function ChatPanelPage() {
  useSignals();
  const user = currentUser.value;
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(location.search).get('tab') === 'direct' ? 'direct' : 'rooms'));
  const unread = useUnreadCount(Boolean(user), tab);
  if (!sessionLoaded.value) return <Page title="聊天室" back><LoadingState /></Page>;
  if (!user) return <Page title="聊天室" back><LoginPrompt text="请先登录" redirect="/chatRoom" /></Page>;
  const options = [
    { value: 'rooms' as const, label: '聊天室' },
    { value: 'direct' as const, label: unread ? `私聊 (${unread > 9 ? '9+' : unread})` : '私聊' },
  ];
  return (
    <Page title="聊天室" back>
      <Tabs<Tab> look="pills" className="mb-3" label="聊天" value={tab} options={options}
        onChange={(t) => { setTab(t); history.replaceState(history.state, '', t === 'direct' ? '?tab=direct' : location.pathname); }}
        panel={(t) => (t === 'rooms' ? <RoomList /> : <DirectList />)} />
    </Page>
  );
}
