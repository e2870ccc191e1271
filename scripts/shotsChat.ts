/**
 * The chat screens of `npm run screenshots`: a room with a few messages, a password room and a
 * private message, each made through the real calls first.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../tests/e2e/api.ts';
import { DEMO_PLAYER } from '../tests/e2e/browser.ts';
import { formatBeijing } from '../src/domain/time.ts';
import { must, sleep, waitText, type Shot } from './shotsKit.ts';

/** 极速快3: a draw a minute, so a push plan posts soon */
const K3_1MIN = '1407';
/** Chat: a room with a few messages, a password room, and a private message from the operator (a manager). */
export async function chatShots(
  operator: ApiClient,
  player: ApiClient,
  betId: number,
): Promise<Shot[]> {
  await must(operator, 'POST', '/v1/admin/chat/rooms/save', {
    roomCode: 'shots01',
    title: '彩民交流',
    subTitle: '聊聊今天的号码',
    sort: 1,
  });
  await must(operator, 'POST', '/v1/admin/chat/rooms/save', {
    roomCode: 'shots02',
    title: 'VIP 专属',
    subTitle: '凭密码进入',
    password: '2468',
    sort: 2,
  });
  for (const text of ['大家好，今天手气怎么样？', '刚中了一注，开心', '下一期看好大单']) {
    await must(player, 'POST', '/v1/chat/addMessage', {
      roomCode: 'shots01',
      messageTypeId: 1,
      message: text,
      status: 0,
      userIds: '',
    });
    await sleep(250);
  }
  const me = await must<{ userId: number }>(player, 'GET', '/v1/users/info');
  const direct = await must<{ roomId: number }>(operator, 'GET', '/v1/chat/getDirectRoomWeb', {
    targetUserId: me.userId,
  });
  await must(operator, 'POST', '/v1/chat/addDirectMessage', {
    roomId: direct.roomId,
    messageTypeId: 1,
    message: '您好，有问题随时找我',
  });
  // a room-wide system envelope from the site, and an activity giveaway for /redEnvelope and the toolbar's badge
  await must(operator, 'POST', '/v1/admin/redEnvelope/system', {
    roomCode: 'shots01',
    num: 20,
    type: 2,
    amount: '88.88',
    wishingRemark: '周末加奖，手快有',
    requestId: crypto.randomUUID().replace(/-/g, ''),
  });
  const now = Date.now();
  await must(operator, 'POST', '/v1/admin/activityRedEnvelope/save', {
    kind: 'giveaway',
    title: '每日签到红包',
    startTime: formatBeijing(now - 3_600_000, 'YYYY-MM-DD HH:mm'),
    endTime: formatBeijing(now + 86_400_000, 'YYYY-MM-DD HH:mm'),
    budget: '1000',
    amount: '2.88',
  });
  // the player's settled bet shared into the room, and a plan that posts there when the next issue opens
  await must(player, 'POST', '/v1/chat/shareMessage', {
    roomCodes: 'shots01',
    roomIds: '',
    messageTypeId: 7,
    message: JSON.stringify({ orderIds: [betId] }),
  });
  await must(operator, 'POST', '/v1/admin/plans/save', {
    name: '快三和值计划',
    lotteryCode: K3_1MIN,
    playDetailCode: 'HZ',
    rule: 'hot',
    windowSize: 10,
    pickCount: 8,
    roomCodes: 'shots01',
    enabled: 1,
  });
  // the plan job posts when the next 极速快3 issue opens (every minute)
  await waitText(
    async () => {
      const page = await must<{ list: { messageTypeId: number }[] }>(
        player,
        'GET',
        '/v1/chat/getMessageListWeb',
        { roomCode: 'shots01', pageSize: 20 },
      );
      return page.list.map((m) => m.messageTypeId).join(',');
    },
    '10',
    90_000,
  );
  const openEnvelope = async (page: Page) => {
    await page.getByRole('button', { name: /^红包：周末加奖/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '开红包' }).waitFor();
  };
  return [
    { name: 'chatPanel', path: '/chatRoom', as: DEMO_PLAYER },
    { name: 'chatRoom', path: '/chatRoom/shots01', as: DEMO_PLAYER },
    { name: 'chatDirectList', path: '/chatRoom?tab=direct', as: DEMO_PLAYER },
    { name: 'redEnvelopeOpen', path: '/chatRoom/shots01', as: DEMO_PLAYER, prepare: openEnvelope },
    {
      name: 'redEnvelopeSend',
      path: '/chatRoom/shots01',
      as: DEMO_PLAYER,
      prepare: async (page) => {
        await page.getByRole('button', { name: '发红包' }).click();
        await page.getByRole('form', { name: '发红包' }).waitFor();
      },
    },
    { name: 'redEnvelope', path: '/redEnvelope', as: DEMO_PLAYER },
    { name: 'chatShared', path: '/chatRoom/shots01', as: DEMO_PLAYER },
    {
      name: 'followBet',
      path: '/chatRoom/shots01',
      as: DEMO_PLAYER,
      prepare: async (page) => {
        await page.getByTestId('shared-bet-card').getByRole('button', { name: /^跟投/ }).click();
        await page.getByRole('button', { name: '确认跟投' }).waitFor();
      },
    },
    {
      name: 'toolbar',
      path: '/index',
      as: DEMO_PLAYER,
      prepare: async (page) => {
        await page.getByRole('button', { name: '快捷工具' }).click();
        await page.getByTestId('toolbar-panel').waitFor();
      },
    },
  ];
}
