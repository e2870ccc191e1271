/**
 * The agent's records of its team: bets (the betting records' own query, betting/records.ts),
 * bills (records/bills.ts) and card-game rounds (the ledger's card-game codes). Rows are the
 * player calls' rows plus `userName`; every row is of the agent's team, never another's.
 */
import { CARD_GAME_CODES } from '../../domain/agent/reportFigures.ts';
import type { Sql } from '../db/client.ts';
import { listBetRows } from '../betting/records.ts';
import { betRow, type RecordFilter } from '../betting/rows.ts';
import { billRows } from '../records/bills.ts';
import type { DayRange } from '../http/dates.ts';
import { teamIds } from './rollups.ts';
import { REPORT_PAGE_SIZE, type Paging } from './team.ts';
import { paging } from '../http/paging.ts';

const limits = (p: Paging) => paging(p.pageNum, p.pageSize, REPORT_PAGE_SIZE);

/** A condition on `<col>`: the agent's team, or the one team member of that exact name. */
function teamMember(sql: Sql, col: string, agentId: number, userName: string | undefined) {
  const name = userName?.trim();
  return sql`${sql.unsafe(col)} in ${teamIds(sql, agentId)}
    ${name ? sql`and ${sql.unsafe(col)} = (select id from users where user_name = ${name})` : sql``}`;
}

async function namesOf(sql: Sql, ids: number[]): Promise<Map<number, string>> {
  const rows = await sql<
    { id: number; user_name: string }[]
  >`select id, user_name from users where id = any(${[...new Set(ids)]}::bigint[])`;
  return new Map(rows.map((r) => [r.id, r.user_name]));
}

export async function teamBets(
  sql: Sql,
  agentId: number,
  q: Paging & { userName?: string; lotteryCode?: string; status?: string },
  r: DayRange,
) {
  const { limit, offset } = limits(q);
  const filter: RecordFilter & { page: number; pageSize: number } = {
    lotteryCode: q.lotteryCode,
    status: q.status,
    startDate: r.startDate,
    endDate: r.endDate,
    page: offset / limit + 1,
    pageSize: limit,
  };
  const { rows, total } = await listBetRows(
    sql,
    teamMember(sql, 'b.user_id', agentId, q.userName),
    filter,
  );
  const names = await namesOf(
    sql,
    rows.map((x) => x.user_id),
  );
  return { list: rows.map((x) => ({ ...betRow(x), userName: names.get(x.user_id) ?? '' })), total };
}

export async function teamBills(
  sql: Sql,
  agentId: number,
  q: Paging & { userName?: string; typeCodes: number[] | null },
  r: DayRange,
) {
  const { limit, offset } = limits(q);
  const page = await billRows(sql, teamMember(sql, 't.user_id', agentId, q.userName), {
    range: r,
    typeCodes: q.typeCodes,
    limit,
    offset,
  });
  const names = await namesOf(
    sql,
    page.list.map((x) => x.userId),
  );
  return {
    ...page,
    list: page.list.map((x) => ({ ...x.bill, userName: names.get(x.userId) ?? '' })),
  };
}

/** The team's card-game ledger rows (stakes and payouts); none while the site has no card games. */
export async function teamCardGameRecords(sql: Sql, agentId: number, q: Paging, r: DayRange) {
  const { list, total } = await teamBills(
    sql,
    agentId,
    { ...q, typeCodes: [...CARD_GAME_CODES] },
    r,
  );
  return { list, total };
}
