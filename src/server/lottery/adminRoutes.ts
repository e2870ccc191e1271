/**
 * Operator lottery calls under /v1/admin/lottery/ (operator role): the lottery list and its settings
 * (sale, prize group cap, close lead, payout caps),
 * odds overrides, the issues of a lottery, entering an official result (then settling it), result
 * correction (official games only, audited) and system cancel of a whole issue (settlement module).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SELF_RUN_NOT_CORRECTABLE, resultCorrectable } from '../../domain/lottery/correction.ts';
import { getPlay, MIN_PRIZE_GROUP } from '../../domain/lottery/index.ts';
import {
  DEFAULT_PAYOUT_CAPS,
  payoutCapFromText,
  payoutCapsOf,
  payoutCapsProblem,
} from '../../domain/lottery/caps.ts';
import { formatFen } from '../../domain/money.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { Flag, PlainText } from '../http/schemas.ts';
import { ensureIssueRows, findIssue, scheduledIssue } from './issues.ts';
import { clearLotteryCache, requireLottery, type Lottery } from './lotteries.ts';
import { fairOddsOf, oddsDecimal, oddsOverrideFromText } from './playCatalogue.ts';
import { IssueText, LotteryCodeText } from './resultsRoutes.ts';
import { cancelIssue, correctIssue, settleIssue } from './settlement/index.ts';
import { canonicalResult } from './settlement/correct.ts';

const MAX_CLOSE_LEAD_SEC = 3600;

const UpdateForm = Form({
  lotteryCode: LotteryCodeText,
  enabled: Type.Optional(Flag),
  prizeGroupCap: Type.Optional(Type.Integer({ minimum: MIN_PRIZE_GROUP, maximum: 2000 })),
  closeLeadSec: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CLOSE_LEAD_SEC })),
  // whole yuan; '' = back to the family's default (domain/lottery/caps.ts payoutCapFromText checks the text)
  maxPayoutPerBet: Type.Optional(Type.String({ maxLength: 20 })),
  maxPayoutPerIssue: Type.Optional(Type.String({ maxLength: 20 })),
});
const OddsForm = Form({
  lotteryCode: LotteryCodeText,
  playCode: Type.String({ minLength: 1, maxLength: 40 }),
  tierId: Type.String({ minLength: 1, maxLength: 40 }),
  odds: Type.String({ maxLength: 12 }),
});
const IssuesQuery = Form({
  lotteryCode: LotteryCodeText,
  status: Type.Optional(
    Type.Union(
      ['awaiting', 'pending', 'drawn', 'settled', 'cancelled'].map((s) => Type.Literal(s)),
    ),
  ),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const ResultForm = Form({
  lotteryCode: LotteryCodeText,
  issue: IssueText,
  result: Type.String({ maxLength: 100 }),
});
const CorrectForm = Form({
  lotteryCode: LotteryCodeText,
  issue: IssueText,
  result: Type.String({ maxLength: 100 }),
  reason: Type.Optional(PlainText(200)),
});
const CancelForm = Form({ lotteryCode: LotteryCodeText, issue: IssueText, remark: PlainText(200) });

/** The operator's view of a lottery; odds overrides as decimal odds per play and tier. */
function lotteryRow(l: Lottery) {
  const odds: Record<string, Record<string, number>> = {};
  for (const [play, tiers] of Object.entries(l.odds)) {
    odds[play] = Object.fromEntries(Object.entries(tiers).map(([t, v]) => [t, oddsDecimal(v)]));
  }
  return {
    lotteryCode: l.code,
    lotteryName: l.name,
    family: l.family,
    source: l.source,
    schedule: l.schedule,
    closeLeadSec: l.closeLeadSec,
    enabled: l.enabled,
    sort: l.sort,
    prizeGroupCap: l.prizeGroupCap,
    ruleFlags: l.ruleOverrides,
    odds,
    // the caps in force, the lottery's own (null = the family's default) and that default, yuan text
    maxPayoutPerBet: formatFen(l.payoutCaps.perBetFen),
    maxPayoutPerIssue: formatFen(l.payoutCaps.perIssueFen),
    ownMaxPayoutPerBet:
      l.payoutCapsOwn.perBetFen === null ? null : formatFen(l.payoutCapsOwn.perBetFen),
    ownMaxPayoutPerIssue:
      l.payoutCapsOwn.perIssueFen === null ? null : formatFen(l.payoutCapsOwn.perIssueFen),
    defaultMaxPayoutPerBet: formatFen(DEFAULT_PAYOUT_CAPS[l.family].perBetFen),
    defaultMaxPayoutPerIssue: formatFen(DEFAULT_PAYOUT_CAPS[l.family].perIssueFen),
  };
}

/** The caps an update asks for (absent = unchanged, '' = the family's default); refuses bad text in Chinese. */
function capsOfUpdate(l: Lottery, b: { maxPayoutPerBet?: string; maxPayoutPerIssue?: string }) {
  const read = (text: string | undefined, label: string, now: number | null): number | null => {
    if (text === undefined) return now;
    const r = payoutCapFromText(text, label);
    if (!r.ok) refuse(r.msg);
    return r.fen;
  };
  const own = {
    perBetFen: read(b.maxPayoutPerBet, '单注最高派奖', l.payoutCapsOwn.perBetFen),
    perIssueFen: read(b.maxPayoutPerIssue, '单期最高派奖', l.payoutCapsOwn.perIssueFen),
  };
  const problem = payoutCapsProblem(payoutCapsOf(l.family, own));
  if (problem) refuse(problem);
  return own;
}

/** Operators type results loosely: full-width commas and spaces are accepted. */
function resultText(lottery: Lottery, text: string): string {
  const cleaned = text.replace(/，/g, ',').replace(/\s+/g, '');
  if (!cleaned) refuse('请输入开奖号码');
  return canonicalResult(lottery.family, cleaned);
}

export default async function lotteryAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const reread = async (code: string) => {
    clearLotteryCache();
    return lotteryRow(await requireLottery(sql, code));
  };

  app.get('/v1/admin/lottery/list', { config: OPERATOR }, async () => {
    clearLotteryCache();
    const rows = await sql<{ code: string }[]>`select code from lotteries order by sort, code`;
    const list = [];
    for (const r of rows) list.push(lotteryRow(await requireLottery(sql, r.code)));
    return ok({ list });
  });

  app.post<{ Body: Static<typeof UpdateForm> }>(
    '/v1/admin/lottery/update',
    { config: OPERATOR, schema: { body: UpdateForm } },
    async (req) => {
      const b = req.body;
      const lottery = await requireLottery(sql, b.lotteryCode);
      const lead = b.closeLeadSec ?? lottery.closeLeadSec;
      if (lottery.schedule.kind === 'selfRun' && lead >= lottery.schedule.intervalSec) {
        refuse(`封盘时间必须小于开奖间隔${lottery.schedule.intervalSec}秒`);
      }
      const caps = capsOfUpdate(lottery, b);
      await sql.begin(async (tx) => {
        await tx`
        update lotteries set enabled = ${b.enabled === undefined ? lottery.enabled : b.enabled === '1'},
          prize_group_cap = ${b.prizeGroupCap ?? lottery.prizeGroupCap}, close_lead_sec = ${lead},
          max_payout_per_bet = ${caps.perBetFen}, max_payout_per_issue = ${caps.perIssueFen}, updated_at = now()
        where code = ${lottery.code}`;
        if (lead !== lottery.closeLeadSec) {
          // issues not yet closed follow the new lead time
          const updated = { ...lottery, closeLeadSec: lead };
          const open = await tx<{ issue: string }[]>`
          select issue from lottery_issues where lottery_code = ${lottery.code} and status = 'pending' and draw_at > now()`;
          for (const { issue } of open) {
            const s = scheduledIssue(updated, issue);
            if (!s) continue;
            await tx`
            update lottery_issues set close_at = ${new Date(s.closeAtMs)}, sale_open_at = ${new Date(s.saleOpenAtMs)}
            where lottery_code = ${lottery.code} and issue = ${issue}`;
          }
        }
      });
      return ok(await reread(lottery.code));
    },
  );

  app.post<{ Body: Static<typeof OddsForm> }>(
    '/v1/admin/lottery/odds',
    { config: OPERATOR, schema: { body: OddsForm } },
    async (req) => {
      const b = req.body;
      const lottery = await requireLottery(sql, b.lotteryCode);
      const play = getPlay(lottery.family, b.playCode);
      if (!play) refuse('玩法不存在');
      if (play.model !== 'odds') refuse('该玩法按奖金组派奖，不能设置赔率');
      const tier = play.tiers.find((t) => t.id === b.tierId);
      if (!tier) refuse('奖级不存在');
      const value = oddsOverrideFromText(b.odds);
      if (value === undefined) refuse('赔率格式不正确，应为大于1的数字，最多4位小数');
      if (value !== null && value > fairOddsOf(tier))
        refuse(`赔率不能高于公平赔率${oddsDecimal(fairOddsOf(tier))}`);
      await sql.begin(async (tx) => {
        const [row] = await tx<{ odds: Record<string, Record<string, number>> }[]>`
        select odds from lotteries where code = ${lottery.code} for update`;
        const odds = { ...row!.odds };
        const tiers = { ...(odds[play.code] ?? {}) };
        if (value === null) delete tiers[tier.id];
        else tiers[tier.id] = value;
        if (Object.keys(tiers).length) odds[play.code] = tiers;
        else delete odds[play.code];
        await tx`update lotteries set odds = ${tx.json(odds)}, updated_at = now() where code = ${lottery.code}`;
      });
      return ok(await reread(lottery.code));
    },
  );

  app.get<{ Querystring: Static<typeof IssuesQuery> }>(
    '/v1/admin/lottery/issues',
    { config: OPERATOR, schema: { querystring: IssuesQuery } },
    async (req) => {
      const q = req.query;
      const lottery = await requireLottery(sql, q.lotteryCode);
      const { limit, offset } = paging(q.page, q.pageSize);
      const filter =
        q.status === 'awaiting'
          ? sql`status = 'pending' and draw_at <= now()`
          : q.status
            ? sql`status = ${q.status}`
            : sql`true`;
      const rows = await sql<
        {
          issue: string;
          close_at: Date;
          draw_at: Date;
          status: string;
          result: string | null;
          total: number;
        }[]
      >`
      select issue, close_at, draw_at, status, result, count(*) over ()::int as total
      from lottery_issues where lottery_code = ${lottery.code} and ${filter}
      order by draw_at ${q.status === 'awaiting' ? sql`asc` : sql`desc`} limit ${limit} offset ${offset}`;
      return ok({
        list: rows.map((r) => ({
          issue: r.issue,
          closeTime: r.close_at.getTime(),
          openTime: r.draw_at.getTime(),
          status: r.status,
          openNumber: r.result,
        })),
        total: rows[0]?.total ?? 0,
      });
    },
  );

  app.post<{ Body: Static<typeof ResultForm> }>(
    '/v1/admin/lottery/openResult',
    { config: OPERATOR, schema: { body: ResultForm } },
    async (req) => {
      const b = req.body;
      const lottery = await requireLottery(sql, b.lotteryCode);
      if (lottery.source === 'self') refuse('自营彩种由系统按种子开奖，不能手动录入开奖号码');
      const planned = scheduledIssue(lottery, b.issue);
      if (!planned) refuse('期号不存在');
      if (planned.drawAtMs > Date.now()) refuse('未到开奖时间，不能录入开奖号码');
      const result = resultText(lottery, b.result);
      // a past issue nobody opened (the scheduler was down) still gets its row and result
      const existing =
        (await findIssue(sql, lottery.code, b.issue)) ??
        (await ensureIssueRows(sql, lottery, [b.issue]))[0];
      if (!existing) refuse('期号不存在');
      if (existing.status === 'cancelled') refuse('该期已撤单，不能录入开奖号码');
      if (existing.status !== 'pending') refuse('该期已开奖，如需修改请使用更正开奖');
      const drawn = await sql`
      update lottery_issues set result = ${result}, status = 'drawn', drawn_at = now()
      where lottery_code = ${lottery.code} and issue = ${b.issue} and status = 'pending' returning issue`;
      if (drawn.length === 0) refuse('该期已开奖，如需修改请使用更正开奖');
      req.log.info(
        { lottery: lottery.code, issue: b.issue, result, operator: loggedIn(req).userId },
        'official result entered',
      );
      await settleIssue(sql, lottery.code, b.issue);
      const after = await findIssue(sql, lottery.code, b.issue);
      return ok({ issue: b.issue, status: after!.status });
    },
  );

  app.post<{ Body: Static<typeof CorrectForm> }>(
    '/v1/admin/lottery/correctResult',
    { config: OPERATOR, schema: { body: CorrectForm } },
    async (req) => {
      const b = req.body;
      const lottery = await requireLottery(sql, b.lotteryCode);
      // before the result text is even read: no result of a self-run issue is acceptable
      if (!resultCorrectable(lottery.source)) refuse(SELF_RUN_NOT_CORRECTABLE);
      const result = resultText(lottery, b.result);
      const { resultVersion } = await correctIssue(
        sql,
        lottery.code,
        b.issue,
        result,
        loggedIn(req).userId,
        b.reason ?? null,
      );
      req.log.info(
        {
          lottery: lottery.code,
          issue: b.issue,
          result,
          resultVersion,
          operator: loggedIn(req).userId,
        },
        'result corrected',
      );
      return ok({ issue: b.issue, resultVersion });
    },
  );

  app.post<{ Body: Static<typeof CancelForm> }>(
    '/v1/admin/lottery/cancelIssue',
    { config: OPERATOR, schema: { body: CancelForm } },
    async (req) => {
      const b = req.body;
      const lottery = await requireLottery(sql, b.lotteryCode);
      return ok(await cancelIssue(sql, lottery.code, b.issue, b.remark, loggedIn(req).userId));
    },
  );
}
