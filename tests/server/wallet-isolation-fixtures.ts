/**
 * The setup shared by wallet-isolation-ids.test.ts, wallet-isolation-lists.test.ts.
 *
 * Issue 4 proof: another player's order, card or record ids give a clear refusal on every money
 * endpoint, and nothing changes. Player A owns one of everything (recharge orders pending and
 * approved, a bank card, Alipay, WeChat, a digital address, a held withdrawal, a virtual-wallet
 * transfer, a pledge, a bet and a chase); player B (funded, with a card of its own) calls every
 * player endpoint that takes an id with A's ids. Each refusal: code ≠ 1, HTTP 200 (403 for the
 * operator calls), the documented Chinese msg, A's rows, B's rows and every ledger balance
 * unchanged. Then: B's lists never show A's rows, B replaying A's requestIds gets its own rows,
 * the ledger sums to zero and every balance is rebuilt from the journal.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { ledgerMismatches } from '../../src/server/ledger/ledger.ts';
import { expectZeroSum, setupTestApp, type TestClient } from './helpers.ts';
import {
  must,
  ownEverything,
  player,
  siteSetup,
  type Owned,
  type Player,
} from './isolation-fixtures.ts';

export const ctx = await setupTestApp();
export let a: Player;
export let b: Player;
export let op: TestClient;
export let site: { configId: number; productId: number };
export let own: Owned;
export let bCard: number;

beforeAll(async () => {
  op = await ctx.userClient({ isOperator: true });
  site = await siteSetup(ctx, op);
  a = await player(ctx, 1_000_000);
  b = await player(ctx, 1_000_000);
  own = await ownEverything(ctx, a, op, site);
  bCard = (
    await must(
      b.post('/v1/users/addBankCard', {
        bankCode: 'ICBC',
        bankNumber: '6222021000000000025',
        realName: '李小龙',
        branch: '上海浦东支行',
        safetyPassword: b.safety,
      }),
    )
  ).id;
}, 60_000);

afterEach(async () => {
  await expectZeroSum(ctx.sql);
  expect(await ledgerMismatches(ctx.sql)).toEqual([]);
});

export const U = '/v1/users';
export const T = '/v1/transaction';
export const V = '/v1/virtualWallet';
export const B_ = '/v1/betting';

/** All rows of a paged list call (pageSize 100). */
export async function listAll(
  c: TestClient,
  path: string,
  query: Record<string, string | number> = {},
) {
  const res = await c.get(path, { page: 1, pageSize: 100, ...query });
  expect(res.code, `${path}: ${res.msg}`).toBe(1);
  return res.data as { list: Record<string, unknown>[]; total: number };
}
export const ids = (rows: Record<string, unknown>[], key = 'id') =>
  rows.map((r) => Number(r[key])).sort((x, y) => x - y);
export const dbIds = async (table: string, userId: number) =>
  (await ctx.sql.unsafe(`select id from ${table} where user_id = $1 order by id`, [userId])).map(
    (r) => Number(r.id),
  );
