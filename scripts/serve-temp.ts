/**
 * Runs the real server on a temp data dir and a fixed port (argument `--port N`, default 8765)
 * until told to stop: Lighthouse CI's `startServerCommand` and the benchmarks' app server.
 * Prints `temp server ready on http://localhost:N` once it listens. Whoever started us kills
 * us when done; should they die first, we notice our parent is gone and stop, so no server or
 * PostgreSQL is left behind.
 */
import { startTempServer } from './tempServer.ts';

const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 8765;
/** A hard stop, in case nobody ever kills us. */
const MAX_LIFETIME_MS = 20 * 60_000;

const temp = await startTempServer({ port: PORT });
console.log(`temp server ready on http://localhost:${temp.port}`);

const parentPid = process.ppid;
const stop = (why: string) => {
  console.log(`temp server stopping (${why})`);
  void temp.close().finally(() => process.exit(0));
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
setTimeout(() => stop('lifetime reached'), MAX_LIFETIME_MS).unref();
setInterval(() => {
  if (process.ppid !== parentPid) stop('parent gone');
}, 1000).unref();
