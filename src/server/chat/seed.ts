/**
 * The demo site's chat (first start, seedDemo): a lobby room every player may enter, a guest room
 * whose guest link lets visitors read and write before they register, two customer-service lines
 * and a push plan posting 极速快3 和值 picks into the lobby — so a new site's chat, 客服 and plans
 * are not empty until the operator finds where to add them. Each is a row the operator's own
 * forms edit afterwards (/admin 聊天室, 客服设置, 推送计划).
 */
import type { Sql } from '../db/client.ts';
import { putSetting } from '../site/settings.ts';
import { CUSTOMER_SERVICE_KEY } from '../site/customerService.ts';
import { LINK_TYPE_LOCAL, type ServiceLine } from '../../domain/toolbar/service.ts';

export const DEMO_ROOMS = {
  lobby: { roomCode: 'lobby', title: '综合大厅', subTitle: '彩友交流 · 开奖播报' },
  guest: {
    roomCode: 'guest',
    title: '游客体验室',
    subTitle: '无需注册，先来聊聊',
    guestCode: 'welcome2026',
  },
} as const;

const SERVICE_LINES: ServiceLine[] = [
  {
    name: '常见问题',
    linkType: LINK_TYPE_LOCAL,
    linkUrl: '',
    htmlPath: '/help',
    sort: 1,
    enabled: true,
  },
  {
    name: '游客咨询室',
    linkType: LINK_TYPE_LOCAL,
    linkUrl: '',
    htmlPath: `/chatGuest?roomCode=${DEMO_ROOMS.guest.roomCode}&guestCode=${DEMO_ROOMS.guest.guestCode}`,
    sort: 2,
    enabled: true,
  },
];

export async function seedChatDemo(sql: Sql, managerId: number): Promise<void> {
  const [lobby] = await sql<{ id: number }[]>`
    insert into chat_rooms (room_code, title, sub_title, intro, type, sort)
    values (${DEMO_ROOMS.lobby.roomCode}, ${DEMO_ROOMS.lobby.title}, ${DEMO_ROOMS.lobby.subTitle}, '欢迎来到综合大厅，文明聊天，理性投注。', 1, 1)
    returning id`;
  const g = DEMO_ROOMS.guest;
  await sql`
    insert into chat_rooms (room_code, title, sub_title, intro, type, sort, guest_code, guest_chat, register_link)
    values (${g.roomCode}, ${g.title}, ${g.subTitle}, '游客可在此发言，注册后可进入更多聊天室。', 1, 2, ${g.guestCode}, true, '/register')`;
  await sql`insert into chat_room_managers (room_id, user_id) values (${lobby!.id}, ${managerId})`;
  await putSetting(sql, CUSTOMER_SERVICE_KEY, { lines: SERVICE_LINES });
  await sql`
    insert into push_plans (name, lottery_code, play_code, rule, window_size, pick_count, room_ids, enabled)
    values ('极速快3和值热号', '1407', 'HZ', 'hot', 10, 3, ${[lobby!.id]}, true)`;
}
