/**
 * A server process killed (SIGKILL) while envelopes are being sent, and again while one is being
 * opened by many, loses nothing: every envelope has its message and its send transfer (and no
 * transfer is without its envelope), every receipt its open transfer, and each sender's escrow
 * holds exactly what their envelopes have left. After expiry a restarted server's job refunds
 * each envelope once; a further run (another instance) finds nothing to do.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../e2e/api.ts';
import { insertUserWithPassword } from '../../src/server/account/users.ts';
import { newToken } from '../../src/server/auth/kdf.ts';
import { encodeEnpath } from '../../src/domain/enpath.ts';
import { safetyPasswordHash } from '../../src/domain/credentials.ts';
import { ledgerMismatches, ledgerSum, playerBalance } from '../../src/server/ledger/ledger.ts';
import { refundDue } from '../../src/server/redEnvelope/refund.ts';
import { fund } from './betting-fixtures.ts';
import { testDb } from './settlement-fixtures.ts';
import { killServers, startServer as startProcess } from './serverProcess.ts';
import { SAFETY, setSafety } from './withdraw-fixtures.ts';

const { sql, url } = await testDb();
afterAll(killServers);
const startServer = () => startProcess(url);

/** The books agree: envelopes, messages, transfers, receipts, escrow; zero-sum; journal = balances. */
async function expectBooksAgree(senderId: number) {
  const envs = await sql<
    {
      record_code: string;
      message_id: number | null;
      remaining_fen: number;
      state: number;
      taken: number;
      total_fen: number;
    }[]
  >`
    select record_code, message_id, remaining_fen, state, taken, total_fen from red_envelopes where sender_id = ${senderId}`;
  for (const e of envs) expect(e.message_id).not.toBeNull();
  const sends = await sql<
    { transfer_id: string; amount: number }[]
  >`select transfer_id, amount from transfers where type_code = 307 and user_id = ${senderId}`;
  expect(sends.map((s) => s.transfer_id).sort()).toEqual(
    envs.map((e) => `rs:${e.record_code}`).sort(),
  );
  const orphanMessages = await sql`
    select m.id from chat_messages m where m.message_type_id = 3 and m.user_id = ${senderId}
      and not exists (select 1 from red_envelopes e where e.message_id = m.id)`;
  expect(orphanMessages).toHaveLength(0);
  const [r] = await sql<
    { receipts: number; opens: number; receipt_sum: number; open_sum: number }[]
  >`
    select (select count(*)::int from red_envelope_receipts) as receipts,
           (select count(*)::int from transfers where type_code = 207) as opens,
           (select coalesce(sum(amount_fen), 0)::bigint from red_envelope_receipts) as receipt_sum,
           (select coalesce(sum(amount), 0)::bigint from transfers where type_code = 207) as open_sum`;
  expect(r!.receipts).toBe(r!.opens);
  expect(r!.receipt_sum).toBe(r!.open_sum);
  for (const e of envs) {
    const [c] = await sql<
      { n: number }[]
    >`select count(*)::int as n from red_envelope_receipts x join red_envelopes y on y.id = x.envelope_id where y.record_code = ${e.record_code}`;
    expect(c!.n).toBe(e.taken);
  }
  const open = envs.filter((e) => e.state !== 4).reduce((s, e) => s + e.remaining_fen, 0);
  const [esc] = await sql<
    { b: number }[]
  >`select balance as b from ledger_accounts where kind = 'red_envelope_escrow' and user_id = ${senderId}`;
  expect(esc!.b).toBe(open);
  expect(await ledgerSum(sql)).toBe(0);
  expect(await ledgerMismatches(sql)).toEqual([]);
}

/** n members with a session each (no kdf per user), as cookies. */
async function sessions(n: number): Promise<string[]> {
  const tag = crypto.randomBytes(3).toString('hex');
  const users = await sql<{ id: number }[]>`
    insert into users (user_name, password_kdf) select unnest(${Array.from({ length: n }, (_, i) => `c${tag}${i}`)}::text[]), 'x' returning id`;
  const tokens = users.map(() => newToken());
  await sql`insert into sessions (token_hash, user_id, expires_at)
            select decode(unnest(${tokens.map((t) => t.hash.toString('hex'))}::text[]), 'hex'), unnest(${users.map((u) => u.id)}::bigint[]),
                   now() + interval '1 day'`;
  return tokens.map((t) => `sid=${t.token}`);
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function openAs(baseUrl: string, cookie: string, recordId: string, roomCode: string) {
  const body = new URLSearchParams({ recordId, roomCode, roomId: '', isDirect: '0' }).toString();
  return fetch(baseUrl + encodeEnpath('/v1/transfer/openRedEnvelope'), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
    .then((r) => r.json())
    .catch(() => null);
}

describe('a crash while sending and while opening', () => {
  it('loses nothing, and the envelopes are refunded once after a restart', {
    timeout: 240_000,
  }, async () => {
    const userName = `rc${Date.now().toString(36)}`;
    const userId = (await insertUserWithPassword(sql, userName, 'pass1234'))!;
    await setSafety(sql, userId, userName);
    await fund(sql, userId, 10_000_000);
    const roomCode = `9${String(process.pid % 10000).padStart(4, '0')}`;
    await sql`insert into chat_rooms (type, room_code, title, message_length) values (1, ${roomCode}, '崩溃测试', 200)`;
    const safety = safetyPasswordHash(userName, SAFETY);
    const form = (num: number, amount: string) => ({
      roomCode,
      messageTypeId: 3,
      status: 0,
      userIds: '',
      safetyPassword: safety,
      requestId: crypto.randomUUID().replace(/-/g, ''),
      message: JSON.stringify({ num, type: 2, amount, wishingRemark: '崩溃' }),
    });

    let server = await startServer();
    const client = new ApiClient(server.baseUrl);
    await client.login(userName, 'pass1234');
    const first = await client.call<{ message: string }>(
      'POST',
      '/v1/chat/addMessage',
      form(100, '1000'),
    );
    expect(first.code, first.msg).toBe(1);
    const hot = JSON.parse(first.data.message).recordId as string;
    // sends in flight when the process dies
    const inFlight = Array.from({ length: 10 }, () =>
      client.call('POST', '/v1/chat/addMessage', form(5, '50')).catch(() => null),
    );
    // killed once some have been stored and others are still going
    await until(
      async () =>
        (
          await sql<
            { n: number }[]
          >`select count(*)::int as n from red_envelopes where sender_id = ${userId}`
        )[0]!.n >= 4,
    );
    await server.kill();
    await Promise.all(inFlight);
    await expectBooksAgree(userId);

    // opens in flight when the process dies
    server = await startServer();
    const cookies = await sessions(300);
    const opens = cookies.map((c) => openAs(server.baseUrl, c, hot, roomCode));
    await until(
      async () =>
        (
          await sql<{ taken: number }[]>`select taken from red_envelopes where record_code = ${hot}`
        )[0]!.taken >= 20,
    );
    await server.kill();
    await Promise.all(opens);
    await expectBooksAgree(userId);
    const [taken] = await sql<
      { taken: number }[]
    >`select taken from red_envelopes where record_code = ${hot}`;
    expect(taken!.taken).toBeLessThanOrEqual(100);
    const [sent] = await sql<
      { n: number }[]
    >`select count(*)::int as n from red_envelopes where sender_id = ${userId}`;
    console.info(
      `crash test: ${sent!.n} envelopes stored of 11 sent, ${taken!.taken} of 100 shares opened before the kill`,
    );

    // expired while down: a restarted server's job refunds every envelope once
    await sql`update red_envelopes set expires_at = now() - interval '1 second' where sender_id = ${userId}`;
    const before = await playerBalance(sql, userId);
    const [left] = await sql<{ s: number; n: number }[]>`
      select coalesce(sum(remaining_fen), 0)::bigint as s, count(*) filter (where remaining_fen > 0)::int as n from red_envelopes where sender_id = ${userId}`;
    server = await startServer();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [open] = await sql<
        { n: number }[]
      >`select count(*)::int as n from red_envelopes where sender_id = ${userId} and state = 0`;
      if (open!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`not refunded: ${open!.n} open`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await server.kill();
    expect(await refundDue(sql, Date.now())).toBe(0);
    expect(await playerBalance(sql, userId)).toBe(before + left!.s);
    const [rr] = await sql<
      { n: number }[]
    >`select count(*)::int as n from transfers where type_code = 208 and user_id = ${userId}`;
    expect(rr!.n).toBe(left!.n);
    await expectBooksAgree(userId);
  });
});
