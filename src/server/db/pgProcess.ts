/**
 * The embedded PostgreSQL's processes as the operating system sees them: who runs the postmaster of
 * a data directory, whether that process is still the same one (pids are reused), and stopping it.
 * Linux reads /proc; elsewhere `ps` answers the same questions (without start times).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const HAS_PROC = fs.existsSync('/proc/self/stat');

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start time in clock ticks since boot (Linux), or null: with the pid it names one process. */
export function startTimeOf(pid: number): string | null {
  if (!HAS_PROC) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields after its last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The argument list of a live process, or null. */
function argsOf(pid: number): { args: string[]; cwd: string } | null {
  try {
    if (HAS_PROC) {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      let cwd = '/';
      try {
        cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        /* another user's process: absolute paths still compare */
      }
      return { args, cwd };
    }
    const line = execFileSync('ps', ['-p', String(pid), '-o', 'command='], {
      encoding: 'utf8',
    }).trim();
    return line ? { args: line.split(/\s+/), cwd: '/' } : null;
  } catch {
    return null;
  }
}

const real = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** Whether `pid` is a postgres server (postmaster) running on the data directory `dir`. */
export function isPostgresOf(pid: number, dir: string): boolean {
  if (!isAlive(pid)) return false;
  const info = argsOf(pid);
  if (!info || info.args.length === 0) return false;
  if (!/(^|\/)postgres$/.test(info.args[0]!)) return false;
  const d = info.args.indexOf('-D');
  if (d < 0 || !info.args[d + 1]) return false;
  return real(path.resolve(info.cwd, info.args[d + 1]!)) === real(dir);
}

/** The postmaster pid written in `<dir>/postmaster.pid`, or null when there is none. */
export function postmasterPidOf(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * Stops a postmaster and waits for it to be gone: SIGTERM (smart shutdown: new sessions refused,
 * done when the open ones end; an orphan's clients are dead, so that is at once), then SIGINT (fast:
 * open sessions cut, transactions rolled back, a checkpoint), then SIGQUIT (immediate: crash recovery
 * at the next start) as the last resort. Never SIGKILL: it would leave its backends behind.
 */
export async function stopPostmaster(
  pid: number,
  log: (msg: string) => void,
  waits = { smart: 3000, fast: 30_000, immediate: 10_000 },
): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGTERM', waits.smart],
    ['SIGINT', waits.fast],
    ['SIGQUIT', waits.immediate],
  ];
  for (const [signal, ms] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await exited(pid, ms)) return;
    log(`PostgreSQL (pid ${pid}) still running after ${signal}`);
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}
