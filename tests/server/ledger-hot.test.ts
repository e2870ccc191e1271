/**
 * Account pages keep room for new row versions (migration 016): a transfer's balance updates are HOT
 * (no new index entries), even when one transaction changes every account of a page, more than once.
 */
import { describe, expect, it } from 'vitest';
import { bulkTransfersInTx, type TransferInput } from '../../src/server/ledger/ledger.ts';
import { setupTestApp } from './helpers.ts';
import { transferIds } from '../../src/domain/transferIds.ts';

const ctx = await setupTestApp();
const sql = ctx.sql;
const USERS = 60;

describe('ledger account updates', () => {
  it('are HOT: every balance change of a settlement-sized batch, twice in one transaction', async () => {
    const [{ fillfactor }] = await sql<{ fillfactor: string | null }[]>`
      select (select option_value from pg_options_to_table(reloptions) where option_name = 'fillfactor') as fillfactor
      from pg_class where oid = 'ledger_accounts'::regclass`;
    expect(fillfactor).toBe('50');
    const tag = Date.now().toString(36);
    const users = await sql<{ id: number }[]>`
      insert into users (user_name, password_kdf) select 'hot' || g || ${tag}, 'x' from generate_series(1, ${USERS}) g returning id`;
    const credit = (round: number) =>
      users.map(
        (u): TransferInput => ({
          transferId: transferIds.fixture(`hot-${tag}:${round}:${u.id}`),
          from: { kind: 'house', userId: null },
          to: { kind: 'player', userId: u.id },
          amountFen: 100 + round,
          typeCode: 401,
          userId: u.id,
        }),
      );
    const counts = await sql.begin(async (tx) => {
      await bulkTransfersInTx(tx, credit(1));
      await bulkTransfersInTx(tx, credit(2));
      const [c] = await tx<{ updated: number; hot: number }[]>`
        select pg_stat_get_xact_tuples_updated('ledger_accounts'::regclass)::int as updated,
               pg_stat_get_xact_tuples_hot_updated('ledger_accounts'::regclass)::int as hot`;
      return c!;
    });
    // each round: every player's wallet and the house
    expect(counts.updated).toBe(2 * (USERS + 1));
    expect(counts.hot).toBe(counts.updated);
  });
});
