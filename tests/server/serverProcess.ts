/**
 * The real server as its own process (`src/server/main.ts` on a free port against a test database),
 * for the crash tests: a kill -9 of it mid-work is what a crash is. Each file calls `killServers()`
 * after all its tests so no child outlives it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children = new Set<ChildProcess>();

export function killServers(): void {
  for (const c of children) if (c.pid && c.exitCode === null) process.kill(-c.pid, 'SIGKILL');
}

/** Starts the server on `databaseUrl`; resolves with its base URL and a kill -9. */
export async function startServer(
  databaseUrl: string,
): Promise<{ baseUrl: string; kill(): Promise<void> }> {
  const proc = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'crash-admin-pass',
      LOG_LEVEL: 'silent',
      DIST_DIR: '/nonexistent',
    },
  });
  children.add(proc);
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += String(d);
      const m = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
  });
  return {
    baseUrl,
    async kill() {
      process.kill(-proc.pid!, 'SIGKILL');
      await exited;
      children.delete(proc);
    },
  };
}
