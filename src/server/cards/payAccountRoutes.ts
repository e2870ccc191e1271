/**
 * Alipay and WeChat payout accounts (rows of bank_cards with kind alipay/weixin): one of each per
 * player, added and then updated, each time with the safety password. The real name follows the
 * same lock as bank cards. Deleting goes through destructionCheckBankCard.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse } from '../http/envelope.ts';
import { LIMITS } from '../account/schemas.ts';
import { MAX_WALLET_ACCOUNTS, PAY_ACCOUNT_LABEL, type PayAccountKind } from '../../domain/banks.ts';
import { checkSafetyPassword } from './safety.ts';
import {
  AddPayAccountForm,
  UpdatePayAccountForm,
  checkPayAccount,
  checkQrImageShape,
} from './schemas.ts';
import {
  ACCOUNT_NOT_FOUND,
  accountTaken,
  cardView,
  checkQrImageOwner,
  findCard,
  lockAccountNo,
  lockRealName,
} from './store.ts';

const PATHS: Record<PayAccountKind, { add: string; update: string; name: string }> = {
  alipay: { add: '/v1/users/addAlipay', update: '/v1/users/updateAlipay', name: '支付宝' },
  weixin: { add: '/v1/users/addWeixin', update: '/v1/users/updateWeixin', name: '微信' },
};

function payAccountKindRoutes(app: FastifyInstance, kind: PayAccountKind) {
  const sql = app.deps.sql;
  const { add, update, name } = PATHS[kind];
  const taken = `该${PAY_ACCOUNT_LABEL[kind]}已被绑定`;

  app.post<{ Body: Static<typeof AddPayAccountForm> }>(
    add,
    { config: LIMITS.verify, schema: { body: AddPayAccountForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const account = checkPayAccount(kind, b.account);
      checkQrImageShape(b.qrImage);
      await checkQrImageOwner(sql, userId, b.qrImage);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      const id = await sql.begin(async (tx) => {
        const realName = await lockRealName(tx, userId, b.realName);
        const [{ n }] = await tx<{ n: number }[]>`
        select count(*)::int as n from bank_cards where user_id = ${userId} and kind = ${kind} and status = 'active'`;
        if (n >= MAX_WALLET_ACCOUNTS) refuse(`已绑定${name}账号，请使用修改`);
        await lockAccountNo(tx, kind, account);
        if (await accountTaken(tx, kind, account)) refuse(taken);
        const [row] = await tx<{ id: number }[]>`
        insert into bank_cards (user_id, kind, account_no, real_name, qr_image)
        values (${userId}, ${kind}, ${account}, ${realName}, ${b.qrImage ?? null}) returning id`;
        return row.id;
      });
      return ok(cardView((await findCard(sql, userId, id))!), `${name}账号绑定成功`);
    },
  );

  app.post<{ Body: Static<typeof UpdatePayAccountForm> }>(
    update,
    { config: LIMITS.verify, schema: { body: UpdatePayAccountForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const account = checkPayAccount(kind, b.account);
      checkQrImageShape(b.qrImage);
      if (!(await findCard(sql, userId, b.id, kind))) refuse(ACCOUNT_NOT_FOUND);
      await checkQrImageOwner(sql, userId, b.qrImage);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      await sql.begin(async (tx) => {
        await lockRealName(tx, userId, b.realName);
        const card = await findCard(tx, userId, b.id, kind);
        if (!card) refuse(ACCOUNT_NOT_FOUND);
        if (account !== card.account_no) {
          await lockAccountNo(tx, kind, account);
          if (await accountTaken(tx, kind, account, card.id)) refuse(taken);
        }
        await tx`
        update bank_cards set account_no = ${account}, qr_image = ${b.qrImage ?? card.qr_image}, updated_at = now()
        where id = ${card.id} and user_id = ${userId} and status = 'active'`;
      });
      return ok(cardView((await findCard(sql, userId, b.id))!), `${name}账号修改成功`);
    },
  );
}

export default async function payAccountRoutes(app: FastifyInstance) {
  payAccountKindRoutes(app, 'alipay');
  payAccountKindRoutes(app, 'weixin');
}
