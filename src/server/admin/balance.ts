/** POST /v1/admin/balance/adjust: a manual credit or debit of a player's wallet. */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AMOUNT_MSG, formatFen, parseYuanToFen } from '../../domain/money.ts';
import { txTypeGroup } from '../../domain/txTypes.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, refuse, RequestId } from '../http/envelope.ts';
import { adjustBalance } from '../ledger/adjust.ts';
import { PlainText } from '../http/schemas.ts';
import { OPERATOR, UserName } from '../http/schemas.ts';

export const MAX_REMARK_CHARS = 200;
const MANUAL = txTypeGroup('manual');

const AdjustForm = Form({
  userName: UserName,
  amount: Type.String({ minLength: 1, maxLength: 20 }),
  remark: PlainText(MAX_REMARK_CHARS, { minLength: 1 }),
  typeCode: Type.Optional(Type.Integer({ minimum: MANUAL.first, maximum: MANUAL.last })),
  /** made once per adjustment by the operator's page and repeated on a retry */
  requestId: RequestId,
});

export default async function balanceRoutes(app: FastifyInstance) {
  app.post<{ Body: Static<typeof AdjustForm> }>(
    '/v1/admin/balance/adjust',
    { config: OPERATOR, schema: { body: AdjustForm } },
    async (req) => {
      const b = req.body;
      const amountFen = parseYuanToFen(b.amount, { allowNegative: true });
      if (amountFen === null) refuse(AMOUNT_MSG.format);
      if (amountFen === 0) refuse('调整金额不能为0');
      if (b.remark.trim() === '') refuse('备注不能为空');
      const r = await adjustBalance(app.deps.sql, {
        userName: b.userName,
        amountFen,
        remark: b.remark.trim(),
        typeCode: b.typeCode,
        requestId: b.requestId,
        operatorId: loggedIn(req).userId,
      });
      return ok({
        transferId: r.transferId,
        balance: formatFen(r.balanceFen),
        balanceFen: r.balanceFen,
        applied: r.applied,
      });
    },
  );
}
