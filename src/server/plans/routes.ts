/**
 * Push plan calls (docs/push-plans.md): a plan's history (getPushPlayListFront) and one issue's plan
 * record (getPushPlayRecordFront) for anyone who can see the room, and the operator's plan CRUD under
 * /v1/admin/plans/*. Registering these routes also connects the plan job's posts to this instance's
 * chat bus and announcements.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { getPlay, playsOf } from '../../domain/lottery/catalogue.ts';
import { PLAN_RULES, RULE_NAMES, planPlayRefusal, type PlanRule } from '../../domain/plans/pick.ts';
import { publishRow } from '../chat/messages.ts';
import { announce } from '../chat/send.ts';
import { setPlanPublisher, type PlanRow } from './engine.ts';
import { historyRows, planRates } from './payload.ts';
import type { LotteryFamily } from '../../domain/lottery/types.ts';

const PlanId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ListQuery = Form({
  playId: PlanId,
  pageSize: Type.Optional(PageSize),
  pageNum: Type.Optional(PageNum),
});
const RecordQuery = Form({ playId: PlanId, issue: Type.String({ minLength: 1, maxLength: 30 }) });
const SaveForm = Form({
  id: Type.Optional(PlanId),
  name: Type.String({ maxLength: 40 }),
  lotteryCode: Type.String({ maxLength: 20 }),
  playDetailCode: Type.String({ maxLength: 40 }),
  rule: Type.String({ maxLength: 10 }),
  windowSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  pickCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  /** room codes, comma separated */
  roomCodes: Type.String({ maxLength: 2000 }),
  enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
const IdForm = Form({ id: PlanId });
const PlaysQuery = Form({ lotteryCode: Type.String({ maxLength: 20 }) });

const NOT_FOUND = '计划不存在';

async function familyOf(
  app: FastifyInstance,
  code: string,
): Promise<{ name: string; family: LotteryFamily } | null> {
  const [l] = await app.deps.sql<
    { name: string; family: LotteryFamily }[]
  >`select name, family from lotteries where code = ${code}`;
  return l ?? null;
}

export default async function planRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  setPlanPublisher(async (room, row) => {
    const message = await publishRow((e) => app.chat.publish(e), row);
    await announce(app, room, message, null, [], 0);
  });
  app.addHook('onClose', async () => setPlanPublisher(null));

  const loadPlan = async (id: number) => {
    const [plan] = await sql<PlanRow[]>`select * from push_plans where id = ${id}`;
    if (!plan) refuse(NOT_FOUND);
    const lot = await familyOf(app, plan.lottery_code);
    const play = lot && getPlay(lot.family, plan.play_code);
    return {
      plan,
      lotteryName: lot?.name ?? '',
      playName: play ? `${play.group} ${play.nameZh}` : plan.play_code,
    };
  };

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/chat/getPushPlayListFront',
    { config: { auth: 'optional' }, schema: { querystring: ListQuery } },
    async (req) => {
      const { plan, playName, lotteryName } = await loadPlan(req.query.playId);
      const { limit, offset } = paging(req.query.pageNum, req.query.pageSize);
      const page = await historyRows(sql, plan.id, playName, limit, offset);
      return ok({
        ...page,
        ...(await planRates(sql, plan.id)),
        playName: plan.name,
        betPlay: playName,
        gameName: lotteryName,
        lotteryCode: plan.lottery_code,
      });
    },
  );

  app.get<{ Querystring: Static<typeof RecordQuery> }>(
    '/v1/chat/getPushPlayRecordFront',
    { config: { auth: 'optional' }, schema: { querystring: RecordQuery } },
    async (req) => {
      const { plan, lotteryName, playName } = await loadPlan(req.query.playId);
      const [r] = await sql<
        { bet_content: string; is_prize: number; open_number: string | null }[]
      >`
        select bet_content, is_prize, open_number from push_plan_predictions where plan_id = ${plan.id} and issue = ${req.query.issue}`;
      if (!r) refuse('该期计划不存在');
      return ok({
        gameName: lotteryName,
        issue: req.query.issue,
        openNumber: r.open_number ?? '',
        predictionResult: r.bet_content,
        isPrize: r.is_prize,
        playType: playName,
        playName: plan.name,
      });
    },
  );

  app.get('/v1/admin/plans/list', { config: OPERATOR }, async () => {
    const plans = await sql<(PlanRow & { lottery_name: string; room_codes: string[] })[]>`
      select p.*, l.name as lottery_name,
        coalesce((select array_agg(c.room_code order by c.room_code) from chat_rooms c where c.id = any (p.room_ids)), '{}') as room_codes
      from push_plans p join lotteries l on l.code = p.lottery_code order by p.id`;
    const list = [];
    for (const p of plans) {
      list.push({
        id: p.id,
        name: p.name,
        lotteryCode: p.lottery_code,
        lotteryName: p.lottery_name,
        playDetailCode: p.play_code,
        rule: p.rule,
        ruleName: RULE_NAMES[p.rule],
        windowSize: p.window_size,
        pickCount: p.pick_count,
        roomCodes: p.room_codes.join(','),
        enabled: p.enabled ? 1 : 0,
        ...(await planRates(sql, p.id)),
      });
    }
    return ok({ list, rules: PLAN_RULES.map((r) => ({ rule: r, name: RULE_NAMES[r] })) });
  });

  app.get<{ Querystring: Static<typeof PlaysQuery> }>(
    '/v1/admin/plans/plays',
    { config: OPERATOR, schema: { querystring: PlaysQuery } },
    async (req) => {
      const lot = await familyOf(app, req.query.lotteryCode);
      if (!lot) refuse('彩种不存在');
      const plays = playsOf(lot.family).filter((p) => planPlayRefusal(p, 1) === null);
      return ok(
        plays.map((p) => ({
          playDetailCode: p.code,
          name: `${p.group} ${p.nameZh}`,
          maxPick: Math.min(p.rows[0]!.max, p.rows[0]!.values.length - 1),
        })),
      );
    },
  );

  app.post<{ Body: Static<typeof SaveForm> }>(
    '/v1/admin/plans/save',
    { config: OPERATOR, schema: { body: SaveForm } },
    async (req) => {
      const b = req.body;
      const name = b.name.trim();
      if (!name) refuse('请填写计划名称');
      if (!(PLAN_RULES as readonly string[]).includes(b.rule)) refuse('预测规则不正确');
      const lot = await familyOf(app, b.lotteryCode);
      if (!lot) refuse('彩种不存在');
      const pickCount = b.pickCount ?? 1;
      const refusal = planPlayRefusal(getPlay(lot.family, b.playDetailCode), pickCount);
      if (refusal) refuse(refusal);
      const codes = [
        ...new Set(
          b.roomCodes
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean),
        ),
      ];
      if (codes.length === 0) refuse('请选择要推送的房间');
      const rooms = await sql<
        { id: number }[]
      >`select id from chat_rooms where room_code = any (${codes}) and type = 1`;
      if (rooms.length !== codes.length) refuse('房间不存在');
      const roomIds = rooms.map((r) => r.id);
      const fields = {
        name,
        lotteryCode: b.lotteryCode,
        playCode: b.playDetailCode,
        rule: b.rule as PlanRule,
        windowSize: b.windowSize ?? 10,
        pickCount,
        enabled: b.enabled !== 0,
      };
      if (b.id) {
        const done = await sql`
        update push_plans set name = ${fields.name}, lottery_code = ${fields.lotteryCode}, play_code = ${fields.playCode}, rule = ${fields.rule},
          window_size = ${fields.windowSize}, pick_count = ${fields.pickCount}, room_ids = ${roomIds}, enabled = ${fields.enabled}, updated_at = now()
        where id = ${b.id} returning id`;
        if (done.length === 0) refuse(NOT_FOUND);
        return ok({ id: b.id }, '保存成功');
      }
      const [made] = await sql<{ id: number }[]>`
      insert into push_plans (name, lottery_code, play_code, rule, window_size, pick_count, room_ids, enabled)
      values (${fields.name}, ${fields.lotteryCode}, ${fields.playCode}, ${fields.rule}, ${fields.windowSize}, ${fields.pickCount}, ${roomIds}, ${fields.enabled})
      returning id`;
      return ok({ id: Number(made!.id) }, '保存成功');
    },
  );

  app.post<{ Body: Static<typeof IdForm> }>(
    '/v1/admin/plans/delete',
    { config: OPERATOR, schema: { body: IdForm } },
    async (req) => {
      const done = await sql`delete from push_plans where id = ${req.body.id} returning id`;
      if (done.length === 0) refuse(NOT_FOUND);
      return ok(null, '删除成功');
    },
  );
}
