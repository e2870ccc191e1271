/**
 * Test-only: POST /v1/test/lottery/drawNow closes a self-run lottery's issue now, draws it and
 * settles it, so the end-to-end tests need not wait for the schedule's draw time.
 *
 * Registered only when the server starts with SITE_TEST_HOOKS=1 (config.testHooks), which only the
 * test servers set (tests/e2e/globalSetup.ts, tests/server with the flag); `npm start`, main.ts and
 * the production configuration never do, and the flag is refused beside NODE_ENV=production. Without
 * it the path answers exactly as any unknown route (tests/server/lottery-test-draw.test.ts).
 *
 * No draw or settlement of its own: the issue's row gets close_at and draw_at moved to now (so it is
 * past its sale and in the draw history at once), then the scheduler's draw from the seed
 * (drawSeeded) and the settlement module's settleIssue, the code a real tick runs. Idempotent: an
 * issue already drawn or settled is only (re)settled, so a caller may ask for one the scheduler has
 * just drawn.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { OPERATOR } from '../http/schemas.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { ensureIssueRows, findIssue, issueOnSale, scheduledIssue } from './issues.ts';
import { requireLottery } from './lotteries.ts';
import { IssueText, LotteryCodeText } from './resultsRoutes.ts';
import { drawSeeded, type DueRow } from './scheduler.ts';
import { settleIssue } from './settlement/index.ts';

export const TEST_DRAW_PATH = '/v1/test/lottery/drawNow';

/** The issue defaults to the one on sale (issueOnSale); a later issue cannot be drawn before it. */
const DrawNowForm = Form({ lotteryCode: LotteryCodeText, issue: Type.Optional(IssueText) });

export default async function testDrawRoutes(app: FastifyInstance) {
  const { sql } = app.deps;

  app.post<{ Body: Static<typeof DrawNowForm> }>(
    TEST_DRAW_PATH,
    { config: OPERATOR, schema: { body: DrawNowForm } },
    async (req) => {
      const lottery = await requireLottery(sql, req.body.lotteryCode);
      if (lottery.source !== 'self') refuse('官方彩种由运营录入开奖号码');
      const onSale = await issueOnSale(sql, lottery, Date.now());
      const issue = req.body.issue ?? onSale.issue;
      const planned = scheduledIssue(lottery, issue);
      if (!planned) refuse('期号不存在');
      if (planned.drawAtMs > onSale.drawAtMs) refuse('只能提前开奖当前在售的一期');
      await ensureIssueRows(sql, lottery, [issue]);
      // the close: a bet waiting on the row (FOR SHARE) commits first and is settled below
      const due = await sql<DueRow[]>`
      update lottery_issues set close_at = least(close_at, now()), draw_at = least(draw_at, now())
      where lottery_code = ${lottery.code} and issue = ${issue} and status = 'pending' and seed is not null
      returning lottery_code, issue, seed`;
      await drawSeeded(sql, due);
      await settleIssue(sql, lottery.code, issue);
      const row = await findIssue(sql, lottery.code, issue);
      req.log.info(
        { lottery: lottery.code, issue, status: row!.status },
        'test hook: issue drawn now',
      );
      return ok({ lotteryCode: lottery.code, issue, openNumber: row!.result, status: row!.status });
    },
  );
}
