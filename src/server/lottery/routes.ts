/**
 * Lottery information (docs/lottery-design.md "Lottery info"): the lottery list, the issue on sale,
 * schedules, the play catalogue with prizes and long dragons; results and draw verification are in
 * resultsRoutes.ts. Open to everyone; calls that price something use the caller's prize group when
 * logged in (auth 'optional'), else the site default.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok } from '../http/envelope.ts';
import { defaultPrizeGroup, prizeGroupOf } from '../betting/groups.ts';
import type { Sql } from '../db/client.ts';
import { dragonsOf, recentDraws } from './dragon.ts';
import { daySchedule, issueOnSale, upcomingIssues } from './issues.ts';
import { listLotteries, requireLottery, type Lottery } from './lotteries.ts';
import { catalogueVersion, playCatalogue } from './playCatalogue.ts';
import { CodeQuery, LotteryCodeText, resultsRoutes } from './resultsRoutes.ts';

const OPEN = { auth: 'none' as const };
const OPTIONAL = { auth: 'optional' as const };
const MAX_CHASE_ISSUES = 50;
const LHC_CODE = '1301';
const LHC_UPCOMING = 10;

/** Nominal seconds between draws, for the lottery list. */
function intervalSecOf(l: Lottery): number {
  const s = l.schedule;
  if (s.kind === 'selfRun' || s.kind === 'window' || s.kind === 'serial') return s.intervalSec;
  return s.kind === 'daily' ? 86_400 : Math.round((7 * 86_400) / s.weekdays.length);
}

/** The caller's prize group on this lottery (the default group when not logged in). */
async function groupFor(sql: Sql, req: FastifyRequest, lottery: Lottery): Promise<number> {
  if (req.user) return prizeGroupOf(sql, req.user.userId, lottery.family, lottery.prizeGroupCap);
  return Math.min(await defaultPrizeGroup(sql, lottery.family), lottery.prizeGroupCap);
}

const ChaseQuery = Form({
  lotteryCode: LotteryCodeText,
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHASE_ISSUES })),
});
const DragonQuery = Form({ type: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });
const PlaysQuery = Form({
  lotteryCode: LotteryCodeText,
  version: Type.Optional(Type.String({ maxLength: 64 })),
});

export default async function lotteryRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/management/content/lotteryConfig', { config: OPEN }, async () => {
    const list = (await listLotteries(sql)).filter((l) => l.enabled);
    return ok({
      lotteryList: list.map((l) => ({
        lotteryCode: l.code,
        lotteryName: l.name,
        family: l.family,
        source: l.source,
        intervalSec: intervalSecOf(l),
        closeLeadSec: l.closeLeadSec,
        enabled: l.enabled,
        sort: l.sort,
        prizeGroupCap: l.prizeGroupCap,
      })),
    });
  });

  app.get('/v1/betting/getServerTimeMillisecond', { config: OPEN }, async () => ok(Date.now()));

  app.get<{ Querystring: Static<typeof CodeQuery> }>(
    '/v1/betting/nextIssueOpenData',
    { config: OPEN, schema: { querystring: CodeQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const now = Date.now();
      const [last] = await sql<{ issue: string; result: string | null; status: string }[]>`
        select issue, result, status from lottery_issues
        where lottery_code = ${lottery.code} and draw_at <= ${new Date(now)} and status <> 'cancelled'
        order by draw_at desc limit 1`;
      const lastPart = {
        lastIssue: last?.issue ?? null,
        lastOpenNumber: last?.result ?? null,
        lastStatus: last?.status ?? null,
      };
      if (!lottery.enabled) {
        return ok({
          lotteryCode: lottery.code,
          issue: null,
          saleOpenTime: null,
          closeTime: null,
          openTime: null,
          seedHash: null,
          serverTime: now,
          ...lastPart,
        });
      }
      const row = await issueOnSale(sql, lottery, now);
      return ok({
        lotteryCode: lottery.code,
        issue: row.issue,
        saleOpenTime: row.saleOpenAtMs,
        closeTime: row.closeAtMs,
        openTime: row.drawAtMs,
        seedHash: row.seedHash,
        serverTime: Date.now(),
        ...lastPart,
      });
    },
  );

  app.get<{ Querystring: Static<typeof CodeQuery> }>(
    '/v1/lottery/openTime',
    { config: OPEN, schema: { querystring: CodeQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const list = daySchedule(lottery, Date.now()).map((i) => ({
        lotteryCode: lottery.code,
        issue: i.issue,
        startTime: i.saleOpenAtMs,
        endTime: i.closeAtMs,
        openTime: i.drawAtMs,
      }));
      return ok({ list });
    },
  );

  app.get('/v1/lottery/6hc/openTime', { config: OPEN }, async () => {
    const lottery = await requireLottery(sql, LHC_CODE);
    return ok({
      list: upcomingIssues(lottery, Date.now(), LHC_UPCOMING).map((i) => ({
        issue: i.issue,
        openTime: i.drawAtMs,
      })),
    });
  });

  app.get<{ Querystring: Static<typeof ChaseQuery> }>(
    '/v1/lottery/findSelfLotteryIssue',
    { config: OPEN, schema: { querystring: ChaseQuery } },
    async (req) => {
      const lottery = await requireLottery(sql, req.query.lotteryCode);
      const list = upcomingIssues(lottery, Date.now(), req.query.count ?? 10).map((i) => ({
        issue: i.issue,
        closeTime: i.closeAtMs,
        openTime: i.drawAtMs,
      }));
      return ok({ list });
    },
  );

  // The catalogue with its version; a caller holding that version gets a short "unchanged" answer
  // (`version` query), a revalidating HTTP cache a 304 (ETag). Per user: private, always revalidated.
  for (const path of ['/v1/lottery/howToPlay', '/v1/lottery/lotteryPlays']) {
    app.get<{ Querystring: Static<typeof PlaysQuery> }>(
      path,
      { config: OPTIONAL, schema: { querystring: PlaysQuery } },
      async (req, reply) => {
        const lottery = await requireLottery(sql, req.query.lotteryCode);
        const catalogue = playCatalogue(lottery, await groupFor(sql, req, lottery));
        const version = catalogueVersion(catalogue);
        const etag = `"${version}"`;
        reply
          .header('ETag', etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Cookie');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        if (req.query.version === version)
          return ok({ lotteryCode: lottery.code, version, unchanged: true });
        return ok({ ...catalogue, version });
      },
    );
  }

  app.get<{ Querystring: Static<typeof DragonQuery> }>(
    '/v1/lottery/longDragon',
    { config: OPTIONAL, schema: { querystring: DragonQuery } },
    async (req) => {
      const lotteries = (await listLotteries(sql)).filter((l) => l.enabled);
      const draws = await recentDraws(sql, lotteries);
      const now = Date.now();
      const list = [];
      for (const lottery of lotteries) {
        const recent = draws.get(lottery.code);
        if (!recent?.length) continue;
        list.push(...dragonsOf(lottery, recent, await groupFor(sql, req, lottery), now));
      }
      list.sort((a, b) => b.times - a.times);
      return ok({ list });
    },
  );

  await app.register(resultsRoutes);
}
