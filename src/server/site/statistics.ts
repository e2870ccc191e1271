/**
 * What the client reports: page views, operations and health checks (view/op/hc) and the
 * usage trace sent every 60 s (dataPush/yyDataPush). Anyone may report (auth 'optional'); the
 * user id is kept when a session is present. Fields are bounded and plain text: junk is
 * refused with -1, never stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Form, ok } from '../http/envelope.ts';
import { PagePath, PlainText } from '../http/schemas.ts';

const StatisticsForm = Form({
  path: PagePath,
  title: Type.Optional(PlainText(100)),
  ref: Type.Optional(PlainText(500)),
  value: Type.Optional(PlainText(500)),
});

/** A day is the most one trace can cover: the client sends one every 60 s. */
export const MAX_TRACE_ELAPSED_SEC = 86_400;

const UsageTraceForm = Form({
  path: PagePath,
  elapsedSec: Type.Integer({ minimum: 0, maximum: MAX_TRACE_ELAPSED_SEC }),
});

const OPTIONAL = { auth: 'optional' as const };

export default async function statisticsRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  for (const kind of ['view', 'op', 'hc'] as const) {
    app.post<{ Body: Static<typeof StatisticsForm> }>(
      `/v1/statistics/${kind}`,
      { config: OPTIONAL, schema: { body: StatisticsForm } },
      async (req: FastifyRequest<{ Body: Static<typeof StatisticsForm> }>) => {
        const b = req.body;
        await sql`
          insert into statistics_events (kind, user_id, path, title, ref, value, ip)
          values (${kind}, ${req.user?.userId ?? null}, ${b.path}, ${b.title ?? null}, ${b.ref ?? null},
                  ${b.value ?? null}, ${req.ip})`;
        return ok(null);
      },
    );
  }

  for (const kind of ['dataPush', 'yyDataPush'] as const) {
    app.post<{ Body: Static<typeof UsageTraceForm> }>(
      `/v1/statistics/${kind}`,
      { config: OPTIONAL, schema: { body: UsageTraceForm } },
      async (req: FastifyRequest<{ Body: Static<typeof UsageTraceForm> }>) => {
        await sql`
          insert into usage_traces (kind, user_id, path, elapsed_sec, ip)
          values (${kind}, ${req.user?.userId ?? null}, ${req.body.path}, ${req.body.elapsedSec}, ${req.ip})`;
        return ok(null);
      },
    );
  }
}
