import { describe, expect, it } from 'vitest';
import { cleanupExpired } from '../../src/server/jobs/cleanup.ts';
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
    expect(await cleanupExpired(sql)).toMatchObject({ imageCodes: 0, loginFailures: 0, loginLocks: 0 });
  });
});
