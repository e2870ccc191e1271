/**
 * The operator's red envelope calls (operator session only): the per-grade limits, the list of
 * envelopes and one envelope's receipts (platform-api.md paths under /v1/transfer/), and
 * room-wide system envelopes funded by the house, sent in the room as the operator.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse, RequestId } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';
import { formatFen } from '../../domain/money.ts';
import { formatBeijing, parseBeijingDay } from '../../domain/time.ts';
import {
  checkLimits,
  MSG,
  parseEnvelopeAmount,
  parseSendForm,
  RECORD_ID_PATTERN,
} from '../../domain/redEnvelope/rules.ts';
import { publicRoom } from '../chat/rooms.ts';
import { publishRow, wireMessage } from '../chat/messages.ts';
import { RoomCode } from '../chat/schemas.ts';
import { allLimits, DEFAULT_GRADE_KEY, type GradeLimits } from './config.ts';
import { storeEnvelope } from './send.ts';
import { announce } from '../chat/send.ts';

const Yuan = Type.String({ maxLength: 20 });
const ConfigForm = Form({
  /** a grade, or -1000 for the default */
  grade: Type.Integer({ minimum: -1000, maximum: 1000 }),
  maxAmount: Type.Optional(Yuan),
  dayLimitAmount: Type.Optional(Yuan),
  dayLimitCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  /** 1 removes a grade's own row (it falls back to the default) */
  remove: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
const ListQuery = Form({
  userName: Type.Optional(Type.String({ maxLength: 20 })),
  type: Type.Optional(Type.Integer({ minimum: -1, maximum: 2 })),
  status: Type.Optional(Type.Integer({ minimum: -1, maximum: 5 })),
  recordCode: Type.Optional(Type.String({ maxLength: 40 })),
  startTime: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?', maxLength: 19 })),
  endTime: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?', maxLength: 19 })),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
const CircumstanceQuery = Form({ recordId: Type.String({ maxLength: 40 }) });
const SystemForm = Form({
  roomCode: RoomCode,
  num: Type.String({ maxLength: 10 }),
  type: Type.Integer({ minimum: 1, maximum: 2 }),
  amount: Yuan,
  wishingRemark: Type.Optional(Type.String({ maxLength: 100 })),
  requestId: RequestId,
});

interface ListRow {
  record_code: string;
  type: number;
  num: number;
  taken: number;
  total_fen: number;
  remaining_fen: number;
  state: number;
  is_system: boolean;
  is_direct: boolean;
  wishing_remark: string;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
  user_name: string;
  room_code: string | null;
  room_title: string;
  total: number;
}

const limitsWire = (l: GradeLimits) => ({
  grade: l.grade,
  maxAmount: formatFen(l.maxAmountFen),
  dayLimitAmount: formatFen(l.dayLimitAmountFen),
  dayLimitCount: l.dayLimitCount,
});

/** The list's status filter: 0 open, 1 expired (not yet refunded), 4 refunded, 5 all taken. */
function statusWhere(status: number | undefined) {
  switch (status) {
    case 0:
      return 'e.state = 0 and e.expires_at > now()';
    case 1:
      return 'e.state = 0 and e.expires_at <= now()';
    case 4:
      return 'e.state = 4';
    case 5:
      return 'e.state = 5';
    default:
      return 'true';
  }
}

/** The list's date filter: the Beijing day a 'YYYY-MM-DD[ …]' names; null (no filter) for no date. */
const dayOf = (s: string | undefined) => (s ? parseBeijingDay(s.slice(0, 10)) : null);

export default async function redEnvelopeAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get('/v1/admin/redEnvelope/config', opts, async () => {
    const all = await allLimits(sql);
    const def = all.find((l) => l.grade === DEFAULT_GRADE_KEY)!;
    return ok({
      perGrade: all.filter((l) => l.grade !== DEFAULT_GRADE_KEY).map(limitsWire),
      default: limitsWire(def),
    });
  });

  app.post<{ Body: Static<typeof ConfigForm> }>(
    '/v1/admin/redEnvelope/config',
    { ...opts, schema: { body: ConfigForm } },
    async (req) => {
      const b = req.body;
      if (b.remove === 1) {
        if (b.grade === DEFAULT_GRADE_KEY) refuse('默认配置不能删除');
        await sql`delete from red_envelope_config where grade = ${b.grade}`;
        return ok(null, '删除成功');
      }
      const max = b.maxAmount === undefined ? null : parseEnvelopeAmount(b.maxAmount);
      const day = b.dayLimitAmount === undefined ? null : parseEnvelopeAmount(b.dayLimitAmount);
      if (max === null || day === null || b.dayLimitCount === undefined)
        refuse('请填写单个红包上限、每日额度和每日次数（金额最多6位整数和2位小数）');
      if (max < 100) refuse('单个红包上限不能小于1元');
      await sql`
      insert into red_envelope_config (grade, max_amount_fen, day_limit_amount_fen, day_limit_count)
      values (${b.grade}, ${max}, ${day}, ${b.dayLimitCount})
      on conflict (grade) do update set max_amount_fen = excluded.max_amount_fen, day_limit_amount_fen = excluded.day_limit_amount_fen,
        day_limit_count = excluded.day_limit_count, updated_at = now()`;
      return ok(null, '保存成功');
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/transfer/queryReceiveRedEnvelopeList',
    { ...opts, schema: { querystring: ListQuery } },
    async (req) => {
      const q = req.query;
      const { limit, offset } = paging(q.pageNum, q.pageSize);
      const fromDay = dayOf(q.startTime);
      const toDay = dayOf(q.endTime);
      const from = fromDay && new Date(fromDay.startMs);
      const to = toDay && new Date(toDay.endMs);
      const rows = await sql<ListRow[]>`
        select e.record_code, e.type, e.num, e.taken, e.total_fen, e.remaining_fen, e.state, e.is_system, e.is_direct,
               e.wishing_remark, e.created_at, e.expires_at, e.expires_at <= now() as expired,
               u.user_name, c.room_code, c.title as room_title, count(*) over ()::int as total
        from red_envelopes e join users u on u.id = e.sender_id join chat_rooms c on c.id = e.room_id
        where ${sql.unsafe(statusWhere(q.status))}
          ${q.userName ? sql`and u.user_name = ${q.userName}` : sql``}
          ${q.type && q.type > 0 ? sql`and e.type = ${q.type}` : sql``}
          ${q.recordCode ? sql`and e.record_code = ${q.recordCode}` : sql``}
          ${from ? sql`and e.created_at >= ${from}` : sql``}
          ${to ? sql`and e.created_at < ${to}` : sql``}
        order by e.id desc limit ${limit} offset ${offset}`;
      const list = rows.map((r) => ({
        recordCode: r.record_code,
        userName: r.user_name,
        type: r.type,
        num: r.num,
        receiveNum: r.taken,
        amount: formatFen(r.total_fen),
        remainingAmount: formatFen(r.remaining_fen),
        // remaining_fen is what openers did not take (what the refund returned, once refunded)
        receiveAmount: formatFen(r.total_fen - r.remaining_fen),
        status: r.state === 0 ? (r.expired ? 1 : 0) : r.state,
        isSystem: r.is_system ? 1 : 0,
        isDirect: r.is_direct ? 1 : 0,
        roomCode: r.room_code ?? '',
        roomTitle: r.room_title,
        wishingRemark: r.wishing_remark,
        createTime: formatBeijing(r.created_at),
        expireTime: formatBeijing(r.expires_at),
      }));
      return ok({ list, total: rows[0]?.total ?? 0 });
    },
  );

  app.get<{ Querystring: Static<typeof CircumstanceQuery> }>(
    '/v1/transfer/queryPersonaRedEnvelopeCircumstance',
    { ...opts, schema: { querystring: CircumstanceQuery } },
    async (req) => {
      if (!RECORD_ID_PATTERN.test(req.query.recordId)) refuse(MSG.notFound);
      const [e] = await sql<
        { id: number }[]
      >`select id from red_envelopes where record_code = ${req.query.recordId}`;
      if (!e) refuse(MSG.notFound);
      const rows = await sql<
        { user_name: string; amount_fen: number; seq: number; created_at: Date }[]
      >`
        select u.user_name, r.amount_fen, r.seq, r.created_at from red_envelope_receipts r join users u on u.id = r.user_id
        where r.envelope_id = ${e.id} order by r.seq`;
      return ok({
        list: rows.map((r) => ({
          userName: r.user_name,
          amount: formatFen(r.amount_fen),
          seq: r.seq,
          receiveTime: formatBeijing(r.created_at),
        })),
        total: rows.length,
      });
    },
  );

  app.post<{ Body: Static<typeof SystemForm> }>(
    '/v1/admin/redEnvelope/system',
    { ...opts, schema: { body: SystemForm } },
    async (req) => {
      const b = req.body;
      const room = await publicRoom(sql, b.roomCode);
      const parsed = parseSendForm(
        { num: b.num, type: b.type, amount: b.amount, wishingRemark: b.wishingRemark },
        false,
      );
      if (!parsed.ok) refuse(parsed.msg);
      const unlimited = Number.MAX_SAFE_INTEGER;
      const refusal = checkLimits(parsed.plan, {
        maxPerPersonFen: unlimited,
        remainingFen: unlimited,
        dayLimitCount: unlimited,
        sentToday: 0,
        direct: false,
      });
      if (refusal) refuse(refusal);
      const { row, fresh } = await storeEnvelope(app, {
        room,
        senderId: loggedIn(req).userId,
        plan: parsed.plan,
        requestId: b.requestId,
        system: true,
      });
      if (!fresh) return ok(wireMessage(row), '发送成功');
      const message = await publishRow((e) => app.chat.publish(e), row);
      await announce(app, room, message, row.user_id, [], 0);
      return ok(message, '发送成功');
    },
  );
}
