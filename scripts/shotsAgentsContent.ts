/**
 * The screens of issues 15 and 16 for `npm run screenshots`: the demo agent's pages (its member
 * player01 has bet by then, so the reports and records have rows), a published activity with its
 * uploaded cover, a letter and the notices, /mobile, /personalLevel and the operator's new tabs.
 * Everything shown is made through the real calls first.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beijingFormTime } from '../src/domain/activity/index.ts';
import { encodeEnpath } from '../src/domain/enpath.ts';
import { REBATE_FAMILIES } from '../src/domain/agent/points.ts';
import type { ApiClient } from '../tests/e2e/api.ts';
import { DEMO_PLAYER, OPERATOR } from '../tests/e2e/browser.ts';
import { must } from '../tests/e2e/lotteryHelpers.ts';

/** The seeded demo agent (src/server/seed.ts DEMO_USERS.agent; README). */
const DEMO_AGENT = { userName: 'agent01', password: 'agent123' } as const;

export interface ContentShot {
  name: string;
  path: string;
  as?: { userName: string; password: string };
  prepare?: (page: Page) => Promise<void>;
}

async function uploadCover(baseUrl: string, operator: ApiClient): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="280">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#be123c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="720" height="280" fill="url(#g)"/>
    <text x="48" y="150" font-size="72" font-family="Noto Sans CJK SC, sans-serif" fill="#fff">每日签到 领彩金</text>
    <text x="52" y="215" font-size="32" font-family="Noto Sans CJK SC, sans-serif" fill="#fde68a">连续签到 奖励翻倍</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const res = await fetch(baseUrl + encodeEnpath('/v1/admin/activities/uploadImage'), {
    method: 'POST',
    headers: { cookie: operator.cookieHeader() },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
  if (body.code !== 1) throw new Error(`uploadImage refused: ${body.msg}`);
  return body.data.url;
}

export async function agentAndContentShots(
  baseUrl: string,
  operator: ApiClient,
  agent: ApiClient,
): Promise<ContentShot[]> {
  await agent.login(DEMO_AGENT.userName, DEMO_AGENT.password);
  const mine = await must<{ rebate: Record<string, string> }>(agent, 'GET', '/v1/users/rebate');
  const half = Object.fromEntries(
    REBATE_FAMILIES.map((f) => [f, String(Math.floor(Number(mine.rebate[f] ?? '0') * 5) / 10)]),
  );
  await must(agent, 'POST', '/v1/users/createInviteCode', {
    rebate: JSON.stringify(half),
    isAgent: 0,
    remark: '朋友圈推广',
  });

  const cover = await uploadCover(baseUrl, operator);
  const { id: activityId } = await must<{ id: number }>(
    operator,
    'POST',
    '/v1/admin/activities/save',
    {
      category: '4',
      kind: 'checkin',
      title: '新人七日签到',
      summary: '注册后七天内每天签到领彩金',
      coverImage: cover,
      content:
        `<h2>活动说明</h2><p>活动期间每天登录签到即可领取彩金，连续签到奖励递增。</p><img src="${cover}" alt="签到海报">` +
        '<table><tr><th>连续天数</th><th>奖励</th></tr><tr><td>第1天</td><td>1.88元</td></tr><tr><td>第2天起</td><td>2.88元</td></tr></table>',
      startTime: beijingFormTime(Date.now() - 60_000),
      endTime: beijingFormTime(Date.now() + 30 * 86_400_000),
      rule: JSON.stringify({ rewards: ['1.88', '2.88'], turnoverMultiple: '1' }),
      sort: 1,
      enabled: 1,
    },
  );
  await must(operator, 'POST', '/v1/admin/letters/send', {
    audience: 'user',
    userName: DEMO_PLAYER.userName,
    title: '欢迎加入',
    content:
      '您好，欢迎来到本站！\n每日签到领彩金活动已开启，连续签到奖励更高，详情请见「优惠活动」。',
  });
  const tab = (name: string) => (page: Page) => page.getByRole('tab', { name }).click();
  return [
    { name: 'agentIntro', path: '/agentIntro', as: DEMO_AGENT },
    { name: 'manageIcode', path: '/manageIcode/memberCode', as: DEMO_AGENT },
    { name: 'manageInvite', path: '/manageInvite', as: DEMO_AGENT },
    { name: 'agentMember', path: '/agentMember', as: DEMO_AGENT },
    { name: 'agentReport', path: '/agentReport', as: DEMO_AGENT },
    { name: 'lowerReport', path: '/lowerReport', as: DEMO_AGENT },
    { name: 'agentBetRecord', path: '/agentBetRecord', as: DEMO_AGENT },
    { name: 'activity', path: '/activity', as: DEMO_PLAYER },
    { name: 'activityDetail', path: `/activity/${activityId}`, as: DEMO_PLAYER },
    { name: 'letter', path: '/letter', as: DEMO_PLAYER },
    { name: 'notice', path: '/notice', as: DEMO_PLAYER },
    { name: 'personalLevel', path: '/personalLevel', as: DEMO_PLAYER },
    { name: 'mobile', path: '/mobile', as: DEMO_PLAYER },
    { name: 'adminAgents', path: '/admin', as: OPERATOR, prepare: tab('代理') },
    { name: 'adminSettings', path: '/admin', as: OPERATOR, prepare: tab('站点设置') },
    { name: 'adminAudit', path: '/admin', as: OPERATOR, prepare: tab('操作日志') },
  ];
}
