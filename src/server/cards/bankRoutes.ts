/**
 * Bank-card calls under /v1/users/ (docs/cards.md). A card is bound with the safety password;
 * the first binding locks the real name; a card number is bound by one account at a time.
 * Editing takes a single-use permit from safetyCheckBankCard; deleting takes the safety password.
 * Another player's card ids answer as if the card did not exist.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse } from '../http/envelope.ts';
import { newToken, tokenHash } from '../auth/kdf.ts';
import { LIMITS } from '../account/schemas.ts';
import { BANKS, MAX_BANK_CARDS, bankOfCardNumber, displayBankName } from '../../domain/banks.ts';
import { maskName } from '../../domain/money.ts';
import { checkSafetyPassword } from './safety.ts';
import {
  AddCardForm,
  BankNumberQuery,
  CheckCardForm,
  IdQuery,
  SafetyCardForm,
  UpdateCardForm,
  checkBranch,
  resolveBank,
} from './schemas.ts';
import {
  CARD_NOT_FOUND,
  NAME_MISMATCH,
  accountTaken,
  activeCards,
  cardView,
  findCard,
  lockAccountNo,
  lockRealName,
  normalizeRealName,
} from './store.ts';

export const EDIT_PERMIT_TTL_SEC = 10 * 60;
const TAKEN = '该银行卡已被绑定';

export default async function bankRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/users/getBankCardListFront', async (req) => {
    const list = (await activeCards(sql, loggedIn(req).userId)).map(cardView);
    return ok({ list, maxBankCards: MAX_BANK_CARDS });
  });

  app.get<{ Querystring: Static<typeof IdQuery> }>(
    '/v1/users/findUsersBankCardDetailsById',
    { schema: { querystring: IdQuery } },
    async (req) => {
      const card = await findCard(sql, loggedIn(req).userId, req.query.id);
      if (!card) refuse(CARD_NOT_FOUND);
      return ok(cardView(card));
    },
  );

  app.get<{ Querystring: Static<typeof BankNumberQuery> }>(
    '/v1/users/queryBankCardName',
    { schema: { querystring: BankNumberQuery } },
    async (req) => ok(bankOfCardNumber(req.query.bankNumber)),
  );

  app.get('/v1/users/queryBankInfo', async () => ok({ list: BANKS }));

  app.get('/v1/users/getFirstLockBankCard', async (req) => {
    const [u] = await sql<{ real_name: string | null; has_safety: boolean; cards: number }[]>`
      select real_name, safety_kdf is not null as has_safety,
             (select count(*)::int from bank_cards where user_id = ${loggedIn(req).userId} and kind = 'bank' and status = 'active') as cards
      from users where id = ${loggedIn(req).userId}`;
    return ok({
      locked: u.real_name !== null,
      realName: u.real_name ? maskName(u.real_name) : '',
      hasSafetyPassword: u.has_safety,
      bankCardCount: u.cards,
      maxBankCards: MAX_BANK_CARDS,
    });
  });

  app.post<{ Body: Static<typeof CheckCardForm> }>(
    '/v1/users/checkBankCard',
    { config: LIMITS.verify, schema: { body: CheckCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const [u] = await sql<
        { real_name: string | null }[]
      >`select real_name from users where id = ${userId}`;
      if (
        req.body.realName !== undefined &&
        u.real_name &&
        normalizeRealName(req.body.realName) !== u.real_name
      )
        refuse(NAME_MISMATCH);
      const [taken] =
        await sql`select 1 from bank_cards where kind = 'bank' and account_no = ${req.body.bankNumber} and status = 'active' limit 1`;
      if (taken) refuse(TAKEN);
      return ok(bankOfCardNumber(req.body.bankNumber));
    },
  );

  app.post<{ Body: Static<typeof AddCardForm> }>(
    '/v1/users/addBankCard',
    { config: LIMITS.verify, schema: { body: AddCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const bank = resolveBank(b.bankCode, b.bankName);
      const branch = checkBranch(b.branch);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      const id = await sql.begin(async (tx) => {
        const realName = await lockRealName(tx, userId, b.realName);
        const [{ n }] = await tx<{ n: number }[]>`
          select count(*)::int as n from bank_cards where user_id = ${userId} and kind = 'bank' and status = 'active'`;
        if (n >= MAX_BANK_CARDS) refuse(`最多只能绑定${MAX_BANK_CARDS}张银行卡`);
        await lockAccountNo(tx, 'bank', b.bankNumber);
        if (await accountTaken(tx, 'bank', b.bankNumber)) refuse(TAKEN);
        const [row] = await tx<{ id: number }[]>`
          insert into bank_cards (user_id, kind, bank_code, bank_name, account_no, real_name, branch)
          values (${userId}, 'bank', ${bank.bankCode}, ${bank.bankName}, ${b.bankNumber}, ${realName}, ${branch})
          returning id`;
        return row.id;
      });
      return ok({ id, bankName: displayBankName(bank.bankName) }, '银行卡绑定成功');
    },
  );

  app.post<{ Body: Static<typeof SafetyCardForm> }>(
    '/v1/users/safetyCheckBankCard',
    { config: LIMITS.verify, schema: { body: SafetyCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      if (!(await findCard(sql, userId, req.body.id, 'bank'))) refuse(CARD_NOT_FOUND);
      await checkSafetyPassword(sql, userId, req.body.safetyPassword);
      const { token, hash } = newToken();
      await sql`delete from bank_card_edit_permits where user_id = ${userId} and expires_at < now()`;
      await sql`
        insert into bank_card_edit_permits (token_hash, user_id, card_id, expires_at)
        values (${hash}, ${userId}, ${req.body.id}, now() + make_interval(secs => ${EDIT_PERMIT_TTL_SEC}))`;
      return ok({ verifyToken: token, expiresInSec: EDIT_PERMIT_TTL_SEC });
    },
  );

  app.post<{ Body: Static<typeof UpdateCardForm> }>(
    '/v1/users/updateBankCardFront',
    { schema: { body: UpdateCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const bank =
        b.bankCode !== undefined || b.bankName !== undefined
          ? resolveBank(b.bankCode, b.bankName)
          : null;
      const branch = b.branch !== undefined ? checkBranch(b.branch) : null;
      await sql.begin(async (tx) => {
        const card = await findCard(tx, userId, b.id, 'bank');
        if (!card) refuse(CARD_NOT_FOUND);
        const [permit] = await tx`
          delete from bank_card_edit_permits
          where token_hash = ${tokenHash(b.verifyToken)} and user_id = ${userId} and card_id = ${b.id} and expires_at > now()
          returning card_id`;
        if (!permit) refuse('验证已失效，请重新验证资金密码');
        const number = b.bankNumber ?? card.account_no;
        if (number !== card.account_no) {
          await lockAccountNo(tx, 'bank', number);
          if (await accountTaken(tx, 'bank', number, card.id)) refuse(TAKEN);
        }
        await tx`
          update bank_cards set account_no = ${number},
            bank_code = ${bank?.bankCode ?? card.bank_code}, bank_name = ${bank?.bankName ?? card.bank_name},
            branch = ${branch ?? card.branch}, updated_at = now()
          where id = ${card.id} and user_id = ${userId} and status = 'active'`;
      });
      return ok(cardView((await findCard(sql, userId, b.id))!), '银行卡修改成功');
    },
  );

  app.post<{ Body: Static<typeof SafetyCardForm> }>(
    '/v1/users/destructionCheckBankCard',
    { config: LIMITS.verify, schema: { body: SafetyCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      if (!(await findCard(sql, userId, req.body.id))) refuse(CARD_NOT_FOUND);
      await checkSafetyPassword(sql, userId, req.body.safetyPassword);
      const done = await sql`
        update bank_cards set status = 'deleted', updated_at = now()
        where id = ${req.body.id} and user_id = ${userId} and status = 'active' returning id`;
      if (done.length === 0) refuse(CARD_NOT_FOUND);
      return ok(null, '删除成功');
    },
  );
}
