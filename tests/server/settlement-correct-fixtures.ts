/**
 * The setup shared by settlement-correct-result.test.ts, settlement-cancel-issue.test.ts.
 * Draw correction (reverse + settle again at the next version) and system cancel of an issue.
 */
import { afterEach } from 'vitest';
import { expectLedgerSound, OFFICIAL_SSC, SSC, testDb } from './settlement-fixtures.ts';

/** Corrections exist for official games only (a self-run result is fixed by its seed). */
export const OFF = OFFICIAL_SSC;

export const { sql } = await testDb();
afterEach(() => expectLedgerSound(sql));

export async function issueState(issue: string, code = SSC) {
  const [row] = await sql<
    {
      status: string;
      result: string | null;
      result_version: number;
      cancel_remark: string | null;
    }[]
  >`
    select status, result, result_version, cancel_remark from lottery_issues where lottery_code = ${code} and issue = ${issue}`;
  return row!;
}
