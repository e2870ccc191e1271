/**
 * The site's schema: the SQL migrations (db/client.ts), then, under the same lock and in the same
 * transaction, the tables the features derive from code: the report category of each ledger type
 * (reports/categories.ts), which the roll-up triggers read. Every start, test database and benchmark
 * migrates through here.
 */
import { migrate, type Sql } from './db/client.ts';
import { syncReportCategories } from './reports/categories.ts';

export function migrateSite(sql: Sql): Promise<string[]> {
  return migrate(sql, syncReportCategories);
}
