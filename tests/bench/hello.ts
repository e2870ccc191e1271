/** The baseline: a bare Fastify 5 JSON hello on a given port, in its own process. */
import Fastify from 'fastify';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
console.log(
  `temp server ready on http://localhost:${(app.server.address() as { port: number }).port}`,
);
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) process.exit(0);
}, 1000).unref();
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
