/** (being written) the seeded lotteries; idempotent, run at every start. */
import type { Sql } from '../db/client.ts';

export async function seedLotteries(sql: Sql): Promise<void> {
  void sql;
}
