import { describe, expect, it } from 'vitest';
import { cleanupExpired } from '../../src/server/jobs/cleanup.ts';
import { EXPIRED_ORDER_REMARK } from '../../src/server/payments/orders.ts';
import { seedPaymentChannels } from '../../src/server/payments/seed.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

describe('housekeeping', () => {
  it('deletes expired short-lived rows and keeps live ones', async () => {
    const { sql } = ctx;
    await sql`insert into image_codes (key_hash, answer_hash, created_at) values
      ('\\x01', '\\x01', now() - interval '2 hours'), ('\\x02', '\\x02', now())`;
    await sql`insert into login_failures (user_name_lc, created_at) values ('a', now() - interval '3 hours'), ('b', now())`;
    await sql`insert into login_locks (user_name_lc, locked_until) values ('a', now() - interval '1 minute'), ('b', now() + interval '5 minutes')`;
    const removed = await cleanupExpired(sql);
    expect(removed).toMatchObject({ imageCodes: 1, loginFailures: 1, loginLocks: 1 });
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from image_codes`;
    expect(n).toBe(1);
    const locks = await sql`select user_name_lc from login_locks`;
    expect(locks.map((r) => r.user_name_lc)).toEqual(['b']);
    expect(await cleanupExpired(sql)).toMatchObject({
      imageCodes: 0,
      loginFailures: 0,
      loginLocks: 0,
    });
  });

  it('closes recharge orders left pending for a day, and nothing else', async () => {
    const { sql } = ctx;
    const [user] = await sql<
      { id: number }[]
    >`insert into users (user_name, password_kdf) values ('cleanup_rc', 'x') returning id`;
    await seedPaymentChannels(sql);
    const [config] = await sql<
      { id: number }[]
    >`select id from payment_configs where channel = 'banktransfer' order by id limit 1`;
    const insert = (no: string, status: string, age: string) => sql`
      insert into recharge_orders (order_no, user_id, request_id, channel, config_id, type_code, amount_fen, status, created_at)
      values (${no}, ${user!.id}, ${no}, 'banktransfer', ${config!.id}, 101, 10000, ${status}, now() - ${age}::interval)`;
    await insert('RC-OLD', 'pending', '25 hours');
    await insert('RC-NEW', 'pending', '1 hour');
    await insert('RC-DONE', 'approved', '30 hours');
    // no money moves: every balance and the journal stay as they were
    const ledger = () =>
      sql`select id, balance, (select count(*)::int from transfers) as journal from ledger_accounts order by id`;
    const before = await ledger();
    expect((await cleanupExpired(sql)).rechargeOrdersClosed).toBe(1);
    const rows = await sql<{ order_no: string; status: string; remark: string }[]>`
      select order_no, status, remark from recharge_orders where user_id = ${user!.id} order by order_no`;
    expect(rows.map((r) => [r.order_no, r.status])).toEqual([
      ['RC-DONE', 'approved'],
      ['RC-NEW', 'pending'],
      ['RC-OLD', 'rejected'],
    ]);
    expect(rows.find((r) => r.order_no === 'RC-OLD')!.remark).toBe(EXPIRED_ORDER_REMARK);
    expect(await ledger()).toEqual(before);
    expect((await cleanupExpired(sql)).rechargeOrdersClosed).toBe(0);
  });
});
