/**
 * The demo site's first promotions (seedIfEmpty, demo seeding only): a daily check-in, a first-deposit
 * bonus and a weekly turnover bonus, each checked by the same parseActivityForm the operator's form
 * goes through and stored by the same insert; the operator edits or disables them in /admin 优惠活动.
 */
import {
  beijingFormTime,
  parseActivityForm,
  type ActivityFields,
} from '../../domain/activity/index.ts';
import type { Sql } from '../db/client.ts';
import { sanitizeRichText } from '../http/richText.ts';
import { insertActivity } from './promotionStore.ts';

const YEAR_MS = 365 * 86_400_000;

function demoActivities(nowMs: number): ActivityFields[] {
  const when = {
    startTime: beijingFormTime(nowMs - 60_000),
    endTime: beijingFormTime(nowMs + YEAR_MS),
    enabled: '1',
  };
  return [
    {
      ...when,
      category: '4',
      kind: 'checkin',
      sort: '1',
      title: '每日签到领彩金',
      summary: '每天签到，连续签到奖励更高',
      content:
        '<h2>活动说明</h2><p>活动期间每天签到即可领取彩金，连续签到奖励递增，第七天起每天 8.88 元。</p>' +
        '<table><tr><th>连续天数</th><th>奖励</th></tr><tr><td>第1天</td><td>1.88元</td></tr><tr><td>第2天</td><td>2.88元</td></tr>' +
        '<tr><td>第3-6天</td><td>3.88元</td></tr><tr><td>第7天起</td><td>8.88元</td></tr></table><p>彩金需完成 1 倍流水后方可提现。</p>',
      rule: JSON.stringify({
        rewards: ['1.88', '2.88', '3.88', '3.88', '3.88', '3.88', '8.88'],
        turnoverMultiple: '1',
      }),
    },
    {
      ...when,
      category: '2',
      kind: 'recharge_bonus',
      sort: '2',
      title: '首充加赠 10%',
      summary: '首次充值满 100 元，加赠 10%，最高 888 元',
      content:
        '<h2>活动说明</h2><ul><li>首次充值满 100 元即可申请，加赠充值金额的 10%，最高 888 元。</li>' +
        '<li>每位会员限领一次。</li><li>彩金需完成 3 倍流水后方可提现。</li></ul>',
      rule: JSON.stringify({
        period: 'once',
        firstDeposit: true,
        min: '100',
        percent: '10',
        cap: '888',
        turnoverMultiple: '3',
      }),
    },
    {
      ...when,
      category: '3',
      kind: 'turnover_bonus',
      sort: '3',
      title: '周投注奖励',
      summary: '本周有效投注达标即可领取，最高 588 元',
      content:
        '<h2>活动说明</h2><p>每周（周一至周日，北京时间）有效投注达到以下档位即可领取对应奖励，每周限领一次。</p>' +
        '<table><tr><th>本周有效投注</th><th>奖励</th></tr><tr><td>1,000 元</td><td>8 元</td></tr>' +
        '<tr><td>10,000 元</td><td>88 元</td></tr><tr><td>50,000 元</td><td>588 元</td></tr></table>',
      rule: JSON.stringify({
        period: 'week',
        tiers: [
          { bet: '1000', reward: '8' },
          { bet: '10000', reward: '88' },
          { bet: '50000', reward: '588' },
        ],
        turnoverMultiple: '1',
      }),
    },
  ];
}

export async function seedActivities(sql: Sql, nowMs = Date.now()): Promise<void> {
  for (const fields of demoActivities(nowMs)) {
    const parsed = parseActivityForm(fields, sanitizeRichText);
    if (!parsed.ok) throw new Error(`demo activity ${fields.title}: ${parsed.msg}`);
    await insertActivity(sql, parsed.draft, null);
  }
}
