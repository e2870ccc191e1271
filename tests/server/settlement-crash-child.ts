/**
 * Child process of settlement-crash.test.ts: settles one issue in small batches so the parent can
 * SIGKILL it mid-way. Usage: npx tsx tests/server/settlement-crash-child.ts <dbUrl> <lotteryCode> <issue> <batchSize>
 */
import { connect } from '../../src/server/db/client.ts';
import { settleIssue } from '../../src/server/lottery/settlement/index.ts';

const [url, code, issue, batch] = process.argv.slice(2);
if (!url || !code || !issue) throw new Error('usage: <dbUrl> <lotteryCode> <issue> <batchSize>');
const sql = connect(url, 2);
const res = await settleIssue(sql, code, issue, { batchSize: Number(batch ?? 1) });
process.stdout.write(`settled ${res.settled}\n`);
await sql.end();
