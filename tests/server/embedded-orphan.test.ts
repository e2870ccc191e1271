/**
 * startEmbedded on a data dir something was left in: a pid file naming a live process that is not
 * this data dir's postgres (the pid was reused) is stale; a live postgres whose owner server still
 * runs is refused; its own watchdog ends with it on a clean stop.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbedded } from '../../src/server/db/embedded.ts';
import {
  isAlive,
  isPostgresOf,
  postmasterPidOf,
  startTimeOf,
} from '../../src/server/db/pgProcess.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-orphan-'));
fs.chmodSync(dataDir, 0o755);
const dir = path.join(dataDir, 'pg');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const ownerPath = path.join(dataDir, 'pg-owner.json');

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end && !cond()) await new Promise((r) => setTimeout(r, 50));
  return cond();
}

describe('startEmbedded and what a crash left behind', () => {
  it('takes a pid file naming a live unrelated process as stale; a clean stop ends the watchdog too', {
    timeout: 60_000,
  }, async () => {
    const first = await startEmbedded(dataDir);
    const { postmasterPid, watchdogPid } = JSON.parse(fs.readFileSync(ownerPath, 'utf8'));
    expect(isPostgresOf(postmasterPid, dir)).toBe(true);
    expect(isPostgresOf(process.pid, dir)).toBe(false);
    expect(isAlive(watchdogPid)).toBe(true);
    await first.stop();
    expect(fs.existsSync(ownerPath)).toBe(false);
    expect(await until(() => !isAlive(watchdogPid), 10_000)).toBe(true);
    expect(isAlive(postmasterPid)).toBe(false);

    // as after a host restart: the pid in the file now belongs to some other process (here: us)
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n0\n5432\n`);
    const again = await startEmbedded(dataDir);
    expect(postmasterPidOf(dir)).not.toBe(process.pid);
    expect(isAlive(process.pid)).toBe(true);
    await again.stop();
  });

  it('refuses a data dir whose PostgreSQL belongs to a server that is still running', {
    timeout: 60_000,
  }, async () => {
    const running = await startEmbedded(dataDir);
    const mine = fs.readFileSync(ownerPath, 'utf8');
    // another live server process owns it
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const owner = { ...JSON.parse(mine), pid: other.pid, startTime: startTimeOf(other.pid!) };
      fs.writeFileSync(ownerPath, JSON.stringify(owner));
      await expect(startEmbedded(dataDir)).rejects.toThrow(/belongs to a running server/);
      expect(isPostgresOf(owner.postmasterPid, dir)).toBe(true);
    } finally {
      other.kill('SIGKILL');
      fs.writeFileSync(ownerPath, mine);
      await running.stop();
    }
  });
});
