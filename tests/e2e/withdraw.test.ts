/**
 * A withdrawal end to end in Chromium: a funded player with a bound card (made in the server's
 * database) withdraws on /withdraw, the money is held at once (the balance falls), the operator
 * pays it from /admin, and the journal holds the hold and the payout.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { e2eFixture, logIn, newUserName, OPERATOR } from './browser.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { kdfHash } from '../../src/server/auth/kdf.ts';
import { transfer } from '../../src/server/ledger/ledger.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const fx = e2eFixture();
const PASSWORD = 'player123';

async function fundedPlayerWithCard(): Promise<{ userName: string; userId: number }> {
  const sql = fx.sql;
  const userName = newUserName();
  const userId = (await insertUserWithPassword(sql, userName, PASSWORD))!;
  await sql`update users set safety_kdf = ${await kdfHash(safetyPasswordHash(userName, '246810'))} where id = ${userId}`;
  await sql`insert into bank_cards (user_id, kind, bank_code, bank_name, account_no, real_name)
            values (${userId}, 'bank', 'ICBC', '中国工商银行', '6222020200112233445', '李四')`;
  await transfer(sql, {
    transferId: transferIds.fixture(`e2e-fund:${crypto.randomUUID()}`),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId },
    amountFen: 100_000,
    typeCode: 401,
    userId,
  });
  return { userName, userId };
}

describe('withdraw', () => {
  it('is held at once, paid by the operator, and journalled', async () => {
    const p = await fundedPlayerWithCard();
    const b = await fx.browser();
    await logIn(b, p.userName, PASSWORD);
    await b.page.goto(`${b.baseUrl}/withdraw`);
    await expect
      .poll(() => b.page.getByTestId('withdraw-balance').textContent(), { timeout: 15_000 })
      .toBe('¥1000.00');
    await expect
      .poll(() => b.page.getByRole('radio', { name: /中国工商银行/ }).isChecked())
      .toBe(true);
    await b.page.getByLabel('提现金额（元）').fill('300');
    await expect
      .poll(() => b.page.locator('p[aria-live]').textContent())
      .toBe('手续费 ¥0.00，实际到账 ¥300.00');
    await b.page.getByLabel('资金密码').fill('246810');
    await b.page.getByRole('button', { name: '提交提现' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: '确认提现' }).click();
    await expect
      .poll(() => b.page.getByRole('heading', { name: '提现申请已提交' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await b.page.getByTestId('withdraw-balance-after').textContent()).toBe('¥700.00');
    const [order] = await fx.sql<
      { id: number; status: string; amount: number; order_no: string }[]
    >`
      select id, status, amount, order_no from withdraw_orders where user_id = ${p.userId}`;
    expect(order).toMatchObject({ status: 'pending', amount: 30_000 });
    // the money is held: the wallet the page reads again has fallen
    await b.page.getByRole('button', { name: '继续提现' }).click();
    await expect
      .poll(() => b.page.getByTestId('withdraw-balance').textContent(), { timeout: 15_000 })
      .toBe('¥700.00');
    await b.page.getByRole('tab', { name: '提现记录' }).click();
    await expect
      .poll(() => b.page.getByRole('listitem').filter({ hasText: '¥300.00' }).textContent())
      .toContain('审核中');

    const op = await fx.browser();
    await logIn(op, OPERATOR.userName, OPERATOR.password);
    await op.page.goto(`${op.baseUrl}/admin`);
    await op.page.getByRole('tab', { name: '提现审核', exact: true }).click();
    const row = op.page.getByRole('listitem', { name: `提现订单 ${order!.order_no}` });
    await expect
      .poll(() => row.textContent(), { timeout: 15_000 })
      .toContain('6222020200112233445');
    await row.getByRole('button', { name: '出款', exact: true }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: '确认出款' }).click();
    await expect
      .poll(
        async () =>
          (await fx.sql`select status from withdraw_orders where id = ${order!.id}`)[0]!.status,
        { timeout: 15_000 },
      )
      .toBe('paid');

    const journal = await fx.sql<
      { transfer_id: string; type_code: number; amount: number; debit: string; credit: string }[]
    >`
      select t.transfer_id, t.type_code, t.amount, d.kind as debit, c.kind as credit
      from transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where t.user_id = ${p.userId} order by t.id`;
    expect(journal.map((t) => [t.transfer_id, t.type_code, t.amount, t.debit, t.credit])).toEqual([
      [journal[0]!.transfer_id, 401, 100_000, 'house', 'player'],
      [`withdraw:hold:${order!.id}`, 305, 30_000, 'player', 'withdraw_hold'],
      [`withdraw:pay:${order!.id}`, 305, 30_000, 'withdraw_hold', 'house'],
    ]);
    await b.page.reload();
    await b.page.getByRole('tab', { name: '提现记录' }).click();
    await expect
      .poll(() => b.page.getByRole('listitem').filter({ hasText: '¥300.00' }).textContent(), {
        timeout: 15_000,
      })
      .toContain('已出款');
  });
});
