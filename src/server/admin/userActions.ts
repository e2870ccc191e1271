/**
 * The actions of the operator's page of one user that are not elsewhere (freeze and force logout
 * are users.ts): the login password reset and the turnover waiver. Both are POSTs under
 * /v1/admin/, so the operator audit log keeps who, when and the reason (audit.ts; the password
 * field is hidden there).
 *
 * Password reset: the operator sets a temporary password (sent as the credential hash every
 * password travels as, src/domain/credentials.ts) and tells the player by phone or customer
 * service; every session of the player ends with 'password_reset', login failures and a lock are
 * cleared so the player can sign in at once, and the player changes it in the security centre.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { clearLoginFailures } from '../account/loginGuard.ts';
import { kdfHash } from '../auth/kdf.ts';
import { endUserSessions, loggedIn } from '../auth/sessions.ts';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { Id, PlainText } from '../http/schemas.ts';
import { waiveTurnover } from '../withdraw/turnover.ts';
import { requireUser } from './userDetail.ts';
import { OPERATOR } from '../http/schemas.ts';

const ResetForm = Form({ userId: Id, password: CredentialHash });
const WaiveForm = Form({ userId: Id, flowId: Type.Optional(Id), reason: PlainText(200) });

export default async function userActionRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.post<{ Body: Static<typeof ResetForm> }>(
    '/v1/admin/users/resetPassword',
    { config: OPERATOR, schema: { body: ResetForm } },
    async (req) => {
      const { userId, password } = req.body;
      // an operator changes their own password in the security centre, with the old one
      if (userId === loggedIn(req).userId) refuse('不能在此重置自己的密码');
      const { userName } = await requireUser(sql, userId);
      const kdf = await kdfHash(password);
      await sql`update users set password_kdf = ${kdf}, password_set_at = now() where id = ${userId}`;
      const ended = await endUserSessions(sql, userId, 'password_reset');
      await clearLoginFailures(sql, userName);
      return ok({ ended }, '密码已重置，请将临时密码告知用户');
    },
  );

  app.post<{ Body: Static<typeof WaiveForm> }>(
    '/v1/admin/users/waiveTurnover',
    { config: OPERATOR, schema: { body: WaiveForm } },
    async (req) => {
      const { userId, flowId } = req.body;
      const reason = req.body.reason.trim();
      if (!reason) refuse('请填写免除原因');
      await requireUser(sql, userId);
      const waived = await waiveTurnover(sql, {
        operatorId: loggedIn(req).userId,
        reason,
        userId,
        flowId,
      });
      if (waived === 0 && flowId !== undefined) refuse('流水要求不存在或已完成');
      return ok({ waived }, waived > 0 ? `已免除${waived}笔流水要求` : '没有未完成的流水要求');
    },
  );
}
