/**
 * Digital-currency withdrawal addresses (digital_addresses): add, update and list, the address by
 * the spec's pattern and the protocol's own shape, with the safety password. At most
 * MAX_DIGITAL_ADDRESSES active per player; the same address once per player.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { badRequest, ok, refuse } from '../http/envelope.ts';
import { LIMITS } from '../account/schemas.ts';
import {
  DIGITAL_CURRENCIES,
  MAX_DIGITAL_ADDRESSES,
  checkDigitalAddress,
} from '../../domain/banks.ts';
import { checkSafetyPassword } from './safety.ts';
import { AddDigitalForm, SafetyCardForm, UpdateDigitalForm, checkAlias } from './schemas.ts';
import { ADDRESS_NOT_FOUND, addressView, findAddress, type AddressRow } from './store.ts';

const DUPLICATE = '该地址已添加';

/** Checks the address fields; answers the alias to store. */
function checkAddressFields(b: {
  currency: string;
  protocol: string;
  address: string;
  alias?: string;
}): string | null {
  const problem = checkDigitalAddress(b.currency, b.protocol, b.address);
  if (problem) badRequest(problem);
  return checkAlias(b.alias);
}

export default async function digitalRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/users/queryDigitalCurrencyList', async (req) => {
    const rows = await sql<AddressRow[]>`
      select * from digital_addresses where user_id = ${loggedIn(req).userId} and status = 'active' order by id`;
    return ok({
      list: rows.map(addressView),
      currencies: DIGITAL_CURRENCIES,
      maxAddresses: MAX_DIGITAL_ADDRESSES,
    });
  });

  app.post<{ Body: Static<typeof AddDigitalForm> }>(
    '/v1/users/addDigitalCurrency',
    { config: LIMITS.verify, schema: { body: AddDigitalForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const alias = checkAddressFields(b);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      const id = await sql.begin(async (tx) => {
        await tx`select id from users where id = ${userId} for update`;
        const [{ n }] = await tx<{ n: number }[]>`
          select count(*)::int as n from digital_addresses where user_id = ${userId} and status = 'active'`;
        if (n >= MAX_DIGITAL_ADDRESSES) refuse(`最多只能添加${MAX_DIGITAL_ADDRESSES}个地址`);
        const [dup] =
          await tx`select 1 from digital_addresses where user_id = ${userId} and address = ${b.address} and status = 'active'`;
        if (dup) refuse(DUPLICATE);
        const [row] = await tx<{ id: number }[]>`
          insert into digital_addresses (user_id, currency, protocol, address, alias)
          values (${userId}, ${b.currency}, ${b.protocol}, ${b.address}, ${alias}) returning id`;
        return row.id;
      });
      return ok(addressView((await findAddress(sql, userId, id))!), '地址添加成功');
    },
  );

  app.post<{ Body: Static<typeof UpdateDigitalForm> }>(
    '/v1/users/updateDigitalCurrency',
    { config: LIMITS.verify, schema: { body: UpdateDigitalForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      const b = req.body;
      const alias = checkAddressFields(b);
      if (!(await findAddress(sql, userId, b.id))) refuse(ADDRESS_NOT_FOUND);
      await checkSafetyPassword(sql, userId, b.safetyPassword);
      await sql.begin(async (tx) => {
        await tx`select id from users where id = ${userId} for update`;
        const [dup] = await tx`
          select 1 from digital_addresses where user_id = ${userId} and address = ${b.address} and status = 'active' and id <> ${b.id}`;
        if (dup) refuse(DUPLICATE);
        const done = await tx`
          update digital_addresses set currency = ${b.currency}, protocol = ${b.protocol}, address = ${b.address},
            alias = ${alias}, updated_at = now()
          where id = ${b.id} and user_id = ${userId} and status = 'active' returning id`;
        if (done.length === 0) refuse(ADDRESS_NOT_FOUND);
      });
      return ok(addressView((await findAddress(sql, userId, b.id))!), '地址修改成功');
    },
  );

  app.post<{ Body: Static<typeof SafetyCardForm> }>(
    '/v1/users/deleteDigitalCurrency',
    { config: LIMITS.verify, schema: { body: SafetyCardForm } },
    async (req) => {
      const userId = loggedIn(req).userId;
      if (!(await findAddress(sql, userId, req.body.id))) refuse(ADDRESS_NOT_FOUND);
      await checkSafetyPassword(sql, userId, req.body.safetyPassword);
      const done = await sql`
        update digital_addresses set status = 'deleted', updated_at = now()
        where id = ${req.body.id} and user_id = ${userId} and status = 'active' returning id`;
      if (done.length === 0) refuse(ADDRESS_NOT_FOUND);
      return ok(null, '删除成功');
    },
  );
}
