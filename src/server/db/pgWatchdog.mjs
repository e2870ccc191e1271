/**
 * The embedded PostgreSQL's watchdog, started by db/embedded.ts next to the postmaster it guards:
 *   node pgWatchdog.mjs <postmasterPid> <dataDir>
 * Its stdin is a pipe whose write end only the server process holds. However the server ends
 * (exit, crash, kill -9, OOM kill) the kernel closes that end and this sees end-of-file at once:
 * no polling, no pid reuse to guess about. It then stops the postmaster, if it is still the
 * postgres of that data directory: SIGINT (fast shutdown; the server's sessions are dead anyway),
 * then SIGQUIT (immediate) as the last resort. Plain JavaScript so it starts in milliseconds
 * without the TypeScript loader. It writes nothing: its stdout/stderr may be a closed terminal.
 */
import fs from 'node:fs';
import path from 'node:path';

const [pidArg, dirArg] = process.argv.slice(2);
const pid = Number(pidArg);
const dir = path.resolve(dirArg ?? '');

function alive() {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The same test as pgProcess.ts isPostgresOf (Linux /proc; elsewhere only the pid file is checked). */
function stillOurs() {
  if (!alive()) return false;
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const d = args.indexOf('-D');
    return (
      /(^|\/)postgres$/.test(args[0] ?? '') && d >= 0 && path.resolve(args[d + 1] ?? '') === dir
    );
  } catch {
    const line = fs.existsSync(path.join(dir, 'postmaster.pid'))
      ? fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8')
      : '';
    return Number(line.split('\n')[0]) === pid;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitGone(ms) {
  for (let t = 0; t < ms; t += 100) {
    if (!alive()) return true;
    await sleep(100);
  }
  return !alive();
}

async function stopPostmaster() {
  if (!stillOurs()) return;
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ]) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(ms)) return;
  }
}

let done = false;
const onParentGone = () => {
  if (done) return;
  done = true;
  void stopPostmaster().finally(() => process.exit(0));
};
process.stdin.on('end', onParentGone);
process.stdin.on('close', onParentGone);
process.stdin.on('error', onParentGone);
process.stdin.resume();
// a terminal's Ctrl+C or hang-up is for the server, which stops PostgreSQL itself
for (const s of ['SIGINT', 'SIGHUP']) process.on(s, () => {});
