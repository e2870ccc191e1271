/** One Db type (src/server/db/client.ts): a client and a transaction both run a query through it, no cast. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Db, Sql, Tx } from '../../src/server/db/client.ts';
import { setupTestApp } from './helpers.ts';

const ctx = await setupTestApp();

/** A query written once for either: a tagged template and a helper (array), the calls the casts were for. */
async function countOf(db: Db, ids: number[]): Promise<number> {
  const [row] = await db<
    { n: number }[]
  >`select count(*)::int as n from unnest(${db.array(ids)}::int[])`;
  return row!.n;
}

describe('Db', () => {
  it('is what a client and a transaction both are', async () => {
    expectTypeOf<Sql>().toMatchTypeOf<Db>();
    expectTypeOf<Tx>().toMatchTypeOf<Db>();
    expect(await countOf(ctx.sql, [1, 2, 3])).toBe(3);
    expect(await ctx.sql.begin((tx) => countOf(tx, [4, 5]))).toBe(2);
  });
});
