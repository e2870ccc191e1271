/**
 * First-start seeding: the operator account, a demo player and a demo agent, and the demo
 * site's content. Runs only on an empty database; nothing is re-seeded over existing data.
 * No password is ever logged, not even a demo one (they are in the README).
 */
import { loginPasswordHash } from '../domain/credentials.ts';
import { transferIds } from '../domain/transferIds.ts';
import { TxType } from '../domain/txTypes.ts';
import { DEFAULT_ADMIN, type Config } from './config.ts';
import type { Sql } from './db/client.ts';
import { kdfVerify } from './auth/kdf.ts';
import { insertUserWithPassword } from './account/users.ts';
import { transfer } from './ledger/ledger.ts';
import { putSetting } from './site/settings.ts';
import { seedSiteContent } from './site/seedContent.ts';
import { seedPaymentChannels } from './payments/seed.ts';
import { seedPledgeProducts } from './wallet/pledge.ts';
import { seedActivities } from './activity/seed.ts';
import { seedChatDemo } from './chat/seed.ts';
import { seedLotteries } from './lottery/seed.ts';

import { DEMO_USERS } from './demoUsers.ts';

export { DEMO_USERS };
export const DEMO_PLAYER_BALANCE_FEN = 100_000;

/**
 * The built-in demo password is public (README): it may stand in only on the embedded demo
 * database, and then it must be changed at the first login. A real database needs ADMIN_PASSWORD.
 */
async function createOperator(
  sql: Sql,
  config: Config,
  log: (msg: string) => void,
): Promise<number> {
  if (!config.adminPasswordGiven && config.databaseUrl) {
    throw new Error(
      'ADMIN_PASSWORD must be set to create the operator account on the DATABASE_URL database',
    );
  }
  const adminId = (await insertUserWithPassword(sql, config.adminUserName, config.adminPassword, {
    isOperator: true,
  }))!;
  if (config.adminPasswordGiven) {
    log(`operator account created: ${config.adminUserName} (password from ADMIN_PASSWORD)`);
  } else {
    await sql`update users set must_change_password = true where id = ${adminId}`;
    log(
      `operator account created: ${config.adminUserName} with the built-in demo password; it must be changed at the first login under /admin`,
    );
  }
  return adminId;
}

/**
 * A site seeded before the must-change flag existed may still have its operator on the demo
 * password: flag it now, unless ADMIN_PASSWORD names that password as the operator's own.
 */
async function flagDemoOperatorPassword(
  sql: Sql,
  config: Config,
  log: (msg: string) => void,
): Promise<void> {
  if (config.adminPasswordGiven) return;
  const [op] = await sql<{ id: number; password_kdf: string }[]>`
    select id, password_kdf from users
    where lower(user_name) = lower(${config.adminUserName}) and is_operator and not must_change_password`;
  if (
    !op ||
    !(await kdfVerify(
      loginPasswordHash(config.adminUserName, DEFAULT_ADMIN.password),
      op.password_kdf,
    ))
  )
    return;
  await sql`update users set must_change_password = true where id = ${op.id}`;
  log(
    `operator ${config.adminUserName} still has the built-in demo password; it must be changed at the next login under /admin`,
  );
}

export async function seedIfEmpty(
  sql: Sql,
  config: Config,
  log: (msg: string) => void,
): Promise<boolean> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from users`;
  if (n > 0) {
    await flagDemoOperatorPassword(sql, config, log);
    return false;
  }
  const adminId = await createOperator(sql, config, log);
  if (!config.seedDemo) return true;
  const agentId = await insertUserWithPassword(
    sql,
    DEMO_USERS.agent.userName,
    DEMO_USERS.agent.password,
    {
      isAgent: true,
    },
  );
  const playerId = await insertUserWithPassword(
    sql,
    DEMO_USERS.player.userName,
    DEMO_USERS.player.password,
    {
      parentId: agentId,
    },
  );
  await transfer(sql, {
    transferId: transferIds.seed(DEMO_USERS.player.userName),
    from: { kind: 'house', userId: null },
    to: { kind: 'player', userId: playerId! },
    amountFen: DEMO_PLAYER_BALANCE_FEN,
    typeCode: TxType.MANUAL_DEPOSIT,
    userId: playerId,
    remark: '演示账户初始余额',
    operatorId: adminId,
  });
  await putSetting(sql, 'seeded_at', { at: new Date().toISOString() });
  await seedSiteContent(sql);
  await seedPledgeProducts(sql);
  await seedPaymentChannels(sql);
  await seedActivities(sql);
  // the demo push plan names a lottery: the catalogue's rows first (main.ts seeds them again, a no-op)
  await seedLotteries(sql);
  await seedChatDemo(sql, adminId);
  // Names only: no password goes to a log, not even the demo ones (they are in the README).
  log(`demo accounts: ${DEMO_USERS.player.userName}, ${DEMO_USERS.agent.userName}`);
  return true;
}
