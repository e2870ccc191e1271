/**
 * The player's red envelope calls under /v1/transfer/ (spec 001 section 7, platform-api.md
 * "Chat and red envelopes", /work/notes/envelope-api.md): configuration, snatch, open, read mark,
 * detail, my records. Sending goes through the chat calls (message type 3, chat/send.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { formatFen } from '../../domain/money.ts';
import {
  DEFAULT_WISH,
  MAX_ENVELOPE_NUM,
  MIN_PER_PERSON_FEN,
} from '../../domain/redEnvelope/rules.ts';
import { limitsForGrade, usedToday } from './config.ts';
import { assertCanSee, envelopeFor } from './access.ts';
import { openEnvelope, snatch } from './open.ts';
import { envelopeDetail, myRecords } from './view.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

const USER = { auth: 'user' as const };
/** loose on purpose: a junk record id is answered 红包不存在, not a schema error */
const RecordId = Type.String({ maxLength: 40 });
const RoomCodeOpt = Type.Optional(Type.String({ pattern: '^[0-9A-Za-z]{0,16}$', maxLength: 16 }));
const RoomIdOpt = Type.Optional(
  Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Literal('')]),
);
const Flag = Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)]));
const BeijingDate = Type.Optional(
  Type.String({
    pattern: '^(\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?)?$',
    maxLength: 19,
  }),
);

const OpenForm = Form({
  recordId: RecordId,
  roomCode: RoomCodeOpt,
  roomId: RoomIdOpt,
  isDirect: Flag,
});
const ReadForm = Form({
  recordCode: RecordId,
  state: Type.Optional(Type.Integer({ minimum: -1, maximum: 9 })),
});
const DetailQuery = Form({
  recordId: RecordId,
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
  roomCode: RoomCodeOpt,
});
const RecordsQuery = Form({
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
  roomCode: RoomCodeOpt,
  startTime: BeijingDate,
  endTime: BeijingDate,
});
const ConfigQuery = Form({ type: Type.Integer({ minimum: 0, maximum: 99 }) });

type OpenF = Static<typeof OpenForm>;
const whereOf = (b: OpenF) => ({
  roomCode: b.roomCode || undefined,
  roomId: b.roomId ? Number(b.roomId) : undefined,
  isDirect: b.isDirect,
});
const dateOnly = (s: string | undefined) => (s ? s.slice(0, 10) : undefined);

export default async function redEnvelopeRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get<{ Querystring: Static<typeof ConfigQuery> }>(
    '/v1/transfer/queryConfigurationInformation',
    { config: USER, schema: { querystring: ConfigQuery } },
    async (req) => {
      if (req.query.type !== 2) refuse('不支持的配置类型');
      const user = loggedIn(req);
      const limits = await limitsForGrade(sql, user.grade);
      const used = await usedToday(sql, user.userId, Date.now());
      const [u] = await sql<
        { has: boolean }[]
      >`select safety_kdf is not null as has from users where id = ${user.userId}`;
      return ok({
        amount: formatFen(Math.max(0, limits.dayLimitAmountFen - used.usedFen)),
        maxAmount: formatFen(limits.maxAmountFen),
        dayLimitAmount: formatFen(limits.dayLimitAmountFen),
        dayLimitCount: limits.dayLimitCount,
        dayLimitSendCount: used.count,
        minAmount: formatFen(MIN_PER_PERSON_FEN),
        maxNum: MAX_ENVELOPE_NUM,
        hasSafetyPassword: u?.has ?? false,
        defaultWish: DEFAULT_WISH,
      });
    },
  );

  app.post<{ Body: OpenF }>(
    '/v1/transfer/snatchRedEnvelope',
    { config: USER, schema: { body: OpenForm } },
    async (req) => ok(await snatch(sql, loggedIn(req), req.body.recordId, whereOf(req.body))),
  );

  app.post<{ Body: OpenF }>(
    '/v1/transfer/openRedEnvelope',
    { config: USER, schema: { body: OpenForm } },
    async (req) => ok(await openEnvelope(app, loggedIn(req), req.body.recordId, whereOf(req.body))),
  );

  app.post<{ Body: Static<typeof ReadForm> }>(
    '/v1/transfer/updateReadedRedEnvelop',
    { config: USER, schema: { body: ReadForm } },
    async (req) => {
      const user = loggedIn(req);
      const e = await envelopeFor(sql, req.body.recordCode, user.userId);
      await assertCanSee(sql, e, user, {});
      await sql`insert into red_envelope_reads (envelope_id, user_id) values (${e.id}, ${user.userId}) on conflict do nothing`;
      return ok(null);
    },
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/v1/transfer/queryReceiveRedEnvelope',
    { config: USER, schema: { querystring: DetailQuery } },
    async (req) => {
      const user = loggedIn(req);
      const e = await envelopeFor(sql, req.query.recordId, user.userId);
      await assertCanSee(sql, e, user, { roomCode: req.query.roomCode || undefined });
      return ok(
        await envelopeDetail(sql, e, user.userId, paging(req.query.pageNum, req.query.pageSize)),
      );
    },
  );

  app.get<{ Querystring: Static<typeof RecordsQuery> }>(
    '/v1/transfer/queryFrontReceiveRedEnvelopeByUserid',
    { config: USER, schema: { querystring: RecordsQuery } },
    async (req) => {
      const user = loggedIn(req);
      const q = req.query;
      return ok(
        await myRecords(sql, user.userId, {
          pageNum: q.pageNum,
          pageSize: q.pageSize,
          roomCode: q.roomCode || undefined,
          startTime: dateOnly(q.startTime),
          endTime: dateOnly(q.endTime),
        }),
      );
    },
  );
}
