/** The PostgreSQL client (postgres.js) and the migration runner. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;
/**
 * A client or a transaction: what a query needs, postgres.js's interface common to both. A function
 * that runs its statements in whichever it is handed takes a Db; one that opens a transaction takes
 * a Sql, and one that must run inside the caller's transaction takes a Tx.
 */
export type Db = postgres.ISql<Record<string, never>>;

export const DB_POOL_SIZE = 10;

export function connect(url: string, max = DB_POOL_SIZE): Sql {
  return postgres(url, {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    // bigint columns come back as JS numbers: every amount is far below 2^53 fen.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (x: number) => String(x),
        parse: (x: string) => {
          const n = Number(x);
          if (!Number.isSafeInteger(n)) throw new Error(`bigint out of safe range: ${x}`);
          return n;
        },
      },
    },
    transform: { undefined: null },
  }) as unknown as Sql;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

/**
 * Applies the .sql files of migrations/ in name order, each once, under an advisory lock, then
 * `after` in the same transaction (what the features derive from code: src/server/migrateSite.ts).
 * The database layer calls no feature itself.
 */
export async function migrate(sql: Sql, after?: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set(
      (await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx`insert into schema_migrations (name) values (${file})`;
      applied.push(file);
    }
    await after?.(tx);
  });
  return applied;
}
