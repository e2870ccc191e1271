/**
 * The operator audit log: every POST under /v1/admin/ is recorded in `admin_audit` with the
 * operator, the path, the /admin page it came from (the client's `X-Admin-Page` header, else the
 * path's section), the HTTP status and envelope code of the answer, and the form body with its
 * secrets redacted. The row is written before the answer leaves (onSend), so what the operator
 * saw answered is already in the log; a failed write is logged and never turns the answer into
 * an error. GET /v1/admin/audit reads it back with filters.
 *
 * The hook is on the root instance, so it runs before compression (@fastify/compress adds its
 * onSend to each route, after the root's hooks), where the answer is still the serialised envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { requireBeijingDay } from '../http/dates.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { PageNum, PageSize, paging } from '../http/paging.ts';

export const ADMIN_PAGE_HEADER = 'x-admin-page';
const ADMIN_PREFIX = '/v1/admin/';
const REDACTED = '[已隐藏]';
/** Field names that carry secrets: passwords, the safety password, keys, tokens, card numbers. */
const SECRET_FIELD = /pass|pwd|safety|secret|token|key|card|cvv|cvc|otp/i;
/** A digit run as long as a bank card's (spec 000: 9 to 29 digits; phone numbers are 11). */
const CARD_DIGITS = /\d{12,29}/g;
const MAX_FIELDS = 40;
const MAX_VALUE_CHARS = 500;

/**
 * PostgreSQL text and jsonb refuse NUL and lone UTF-16 surrogates (22P05): a request holding one
 * is refused, and its audit row must still be written, so such a character is kept as its escape,
 * the literal six characters `\u0000`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly the character PostgreSQL refuses
const PG_REFUSED = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export function pgSafeText(text: string): string {
  return text.replace(PG_REFUSED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The body as it is logged: secret fields hidden, card-like digit runs masked, values bounded. */
export function redactBody(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>).slice(0, MAX_FIELDS)) {
    if (SECRET_FIELD.test(k)) {
      out[pgSafeText(k)] = REDACTED;
      continue;
    }
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    out[pgSafeText(k)] = pgSafeText(
      text.replace(CARD_DIGITS, (d) => `****${d.slice(-4)}`).slice(0, MAX_VALUE_CHARS),
    );
  }
  return out;
}

/** The page the operator acted from: the header the admin client sends, else the path's section. */
export function adminPageOf(header: unknown, path: string): string {
  if (typeof header === 'string' && header) {
    let page = '';
    try {
      page = decodeURIComponent(header);
    } catch {
      page = '';
    }
    page = page
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point: control characters are dropped
      .replace(/[\u0000-\u001f\u007f<>]/g, '')
      .trim()
      .slice(0, 30);
    if (page) return page;
  }
  return path.slice(ADMIN_PREFIX.length).split('/')[0]?.slice(0, 30) ?? '';
}

function envelopeOf(payload: unknown): { code: number | null; msg: string } {
  if (typeof payload !== 'string') return { code: null, msg: '' };
  try {
    const env = JSON.parse(payload) as { code?: unknown; msg?: unknown };
    return {
      code: typeof env.code === 'number' ? env.code : null,
      msg: typeof env.msg === 'string' ? pgSafeText(env.msg.slice(0, 200)) : '',
    };
  } catch {
    return { code: null, msg: '' };
  }
}

async function recordAdminPost(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const path = pgSafeText(req.url.split('?')[0] ?? '');
  if (req.method !== 'POST' || !path.startsWith(ADMIN_PREFIX)) return;
  const { code, msg } = envelopeOf(payload);
  try {
    await app.deps.sql`
      insert into admin_audit (operator_id, operator_name, path, page, http_status, outcome, msg, body, ip)
      values (${req.user?.userId ?? null}, ${req.user?.userName ?? ''}, ${path.slice(0, 200)},
              ${adminPageOf(req.headers[ADMIN_PAGE_HEADER], path)}, ${reply.statusCode}, ${code}, ${msg},
              ${app.deps.sql.json(redactBody(req.body))}, ${req.ip})`;
  } catch (err) {
    req.log.error({ err }, 'admin audit write failed');
  }
}

export function registerAdminAudit(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    await recordAdminPost(app, req, reply, payload);
    return payload;
  });
}

const AuditQuery = Form({
  operator: Type.Optional(Type.String({ maxLength: 20 })),
  path: Type.Optional(Type.String({ maxLength: 200 })),
  /** Beijing dates, inclusive */
  startDate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  endDate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
type AuditQueryT = Static<typeof AuditQuery>;

interface AuditRow {
  id: number;
  operator_name: string;
  path: string;
  page: string;
  http_status: number;
  outcome: number | null;
  msg: string;
  body: Record<string, string>;
  ip: string;
  created_at: Date;
}

export default async function adminAuditRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  app.get<{ Querystring: AuditQueryT }>(
    '/v1/admin/audit',
    { config: OPERATOR, schema: { querystring: AuditQuery } },
    async (req) => {
      const q = req.query;
      if (q.startDate && q.endDate && q.startDate > q.endDate) refuse('开始日期不能晚于结束日期');
      const start = q.startDate ? new Date(requireBeijingDay(q.startDate).startMs) : null;
      const end = q.endDate ? new Date(requireBeijingDay(q.endDate).endMs) : null;
      const { limit, offset } = paging(q.page, q.pageSize);
      const operator = q.operator?.trim().toLowerCase() || null;
      const path = q.path?.trim() || null;
      const where = sql`
      where (${operator}::text is null or lower(operator_name) = ${operator})
        and (${path}::text is null or strpos(path, ${path}) > 0)
        and (${start}::timestamptz is null or created_at >= ${start})
        and (${end}::timestamptz is null or created_at < ${end})`;
      const [rows, [count]] = await Promise.all([
        sql<AuditRow[]>`
        select id, operator_name, path, page, http_status, outcome, msg, body, ip, created_at
        from admin_audit ${where}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
        sql<{ n: number }[]>`select count(*)::int as n from admin_audit ${where}`,
      ]);
      return ok({
        total: count?.n ?? 0,
        list: rows.map((r) => ({
          id: r.id,
          operatorName: r.operator_name,
          path: r.path,
          page: r.page,
          httpStatus: r.http_status,
          outcome: r.outcome,
          msg: r.msg,
          body: r.body,
          ip: r.ip,
          createdAt: r.created_at.getTime(),
        })),
      });
    },
  );
}
