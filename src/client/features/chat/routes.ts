/** Routes of the chat (issue 12): the panel, a room, a private chat, and the guest view. */
import { lazy } from 'react';
import type { RouteDef } from '../../routeTable';

export const chatRoutes: RouteDef[] = [
  { path: '/chatRoom', title: '聊天室', component: lazy(() => import('./pages/ChatPanelPage')) },
  {
    path: '/chatRoom/:roomCode',
    title: '聊天室',
    component: lazy(() => import('./pages/ChatRoomPage')),
    noLoadingGroup: 'chat',
    noTabBar: true,
  },
  {
    path: '/chatDirect/:roomId',
    title: '私聊',
    component: lazy(() => import('./pages/DirectChatPage')),
    noLoadingGroup: 'chat',
    noTabBar: true,
  },
  {
    path: '/chatGuest',
    title: '游客聊天',
    component: lazy(() => import('./pages/ChatGuestPage')),
    noTabBar: true,
  },
];
