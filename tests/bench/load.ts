/**
 * A small bounded load generator (autocannon is not a dependency): `connections` loops send
 * requests back to back over keep-alive sockets for `durationMs`, only to 127.0.0.1.
 * Each request leaves from one of many loopback source addresses (127.0.x.y) so the app's
 * per-IP rate limit measures nothing here: the benchmark is about throughput, not the limiter.
 */
import http from 'node:http';

export interface LoadResult {
  requests: number;
  ok: number;
  errors: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const SOURCE_ADDRESSES = 250;

function sourceAgents(): http.Agent[] {
  return Array.from({ length: SOURCE_ADDRESSES }, (_, i) => {
    const localAddress = `127.0.2.${1 + i}`;
    return new http.Agent({ keepAlive: true, maxSockets: 1, localAddress } as http.AgentOptions);
  });
}

function send(
  port: number,
  agent: http.Agent,
  req: LoadRequest,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, agent, headers: req.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/**
 * Runs the load. `next(i)` builds request number i; `isOk` says whether an answer counts as a
 * success (an envelope with code 1 for the app, HTTP 200 for the baseline).
 */
export async function runLoad(opts: {
  port: number;
  connections: number;
  durationMs: number;
  next: (i: number) => LoadRequest;
  isOk: (status: number, body: string) => boolean;
}): Promise<LoadResult> {
  const agents = sourceAgents();
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + opts.durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      try {
        const res = await send(opts.port, agents[i % agents.length], opts.next(i));
        if (opts.isOk(res.status, res.body)) ok++;
        else errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, loop));
  const elapsedSec = (performance.now() - start) / 1000;
  for (const a of agents) a.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    ok,
    errors,
    reqPerSec: ok / elapsedSec,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
