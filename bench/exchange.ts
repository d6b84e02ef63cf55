/**
 * Throughput and latency of the demo exchange's two hot endpoints.
 *
 *   npx tsx bench/exchange.ts [--duration-ms 3000] [--concurrency 2]
 *
 * The server runs in this process (rate limits off); the load comes from a forked child process
 * with its own event loop, so client work does not eat into the server's: a fixed number of
 * keep-alive connections with one request in flight each, bounded duration, 127.0.0.1 only.
 * The default of 2 in flight matches a 2-core machine where client and server share the cores;
 * more only queues requests and lengthens the tail without adding throughput. The last stdout line is
 * a JSON object with the figures.
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundledInstruments } from '../demo-exchange/bundled-data';
import { DEMO_ACCOUNT, startDemoExchange, type DemoStateInput } from '../demo-exchange/index';

const BENCH_ORDERS = 2_000;
const WARMUP_MS = 500;

type Scenario = 'instruments' | 'modify-order';

interface LoadJob {
  url: string;
  scenario: Scenario;
  durationMs: number;
  concurrency: number;
}

interface LoadResult {
  scenario: Scenario;
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerResponse: number;
  codes: Record<string, number>;
  errors: number;
  /** CPU time (user + system) per answered request, comparable even on a busy machine. */
  clientCpuUsPerRequest: number;
  serverCpuUsPerRequest?: number;
}

// ------------------------------------------------------------------------------- load generator

interface Answer {
  status: number;
  /** The first body bytes only: enough for the code, and the rest need not be copied. */
  head: Buffer;
  bytes: number;
}

interface InFlight {
  resolve: (answer: Answer) => void;
  reject: (e: Error) => void;
  header: Buffer | null;
  /** Body bytes still expected; -1 while the header is incomplete. */
  remaining: number;
  answer: Answer;
}

/**
 * One keep-alive HTTP/1.1 connection with one request in flight, read with a minimal
 * Content-Length parser. node:http's client costs more CPU per 100 KB answer than the server
 * does to send it; on two cores that would measure the client, not the server.
 */
class RawConnection {
  private inFlight: InFlight | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.inFlight = { resolve, reject, header: null, remaining: -1, answer: { status: 0, head: EMPTY, bytes: 0 } };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(e: Error): void {
    const f = this.inFlight;
    this.inFlight = null;
    f?.reject(e);
  }

  private onData(chunk: Buffer): void {
    const f = this.inFlight;
    if (!f) return this.fail(new Error('unexpected data'));
    let body = chunk;
    if (f.remaining < 0) {
      const header = f.header ? Buffer.concat([f.header, chunk]) : chunk;
      const end = header.indexOf('\r\n\r\n');
      if (end < 0) {
        f.header = header;
        return;
      }
      const text = header.subarray(0, end).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text)?.[1];
      if (length === undefined) return this.fail(new Error('answer without Content-Length'));
      f.answer.status = Number(text.slice(9, 12));
      f.remaining = Number(length);
      body = header.subarray(end + 4);
      f.answer.head = body;
    }
    f.remaining -= body.length;
    f.answer.bytes += body.length;
    if (f.remaining > 0) return;
    this.inFlight = null;
    if (f.remaining < 0) return f.reject(new Error('answer longer than its Content-Length'));
    f.resolve(f.answer);
  }
}

const EMPTY = Buffer.alloc(0);

/** The envelope's code without parsing a 100 KB body: it is the first field. */
function codeOf(head: Buffer): string {
  return /^\{"code":"([^"]*)"/.exec(head.subarray(0, 40).toString('latin1'))?.[1] ?? 'unparsable';
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? 0) * 1000) / 1000;
}

/** The bytes of the next request of the scenario. */
function requestMaker(job: LoadJob): () => Buffer {
  const { host } = new URL(job.url);
  if (job.scenario === 'instruments') {
    const get = Buffer.from(`GET /api/v3/market/instruments?category=SPOT HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    return () => get;
  }
  const path = '/api/v3/trade/modify-order';
  const flips = new Uint8Array(BENCH_ORDERS);
  let next = 0;
  return () => {
    // Round-robin over many orders, alternating two valid prices, so an order's previous
    // modification has long been applied (engine latency 0) when it comes round again.
    const i = next++ % BENCH_ORDERS;
    flips[i] = flips[i] === 1 ? 2 : 1;
    const body = JSON.stringify({ clientOid: `bench-${i}`, price: `60000.${flips[i]}` });
    const ts = String(Date.now());
    const sign = createHmac('sha256', DEMO_ACCOUNT.secretKey).update(`${ts}POST${path}${body}`).digest('base64');
    return Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `ACCESS-KEY: ${DEMO_ACCOUNT.apiKey}\r\nACCESS-SIGN: ${sign}\r\nACCESS-PASSPHRASE: ${DEMO_ACCOUNT.passphrase}\r\n` +
        `ACCESS-TIMESTAMP: ${ts}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };
}

async function drive(job: LoadJob, makeRequest: () => Buffer, durationMs: number, record: boolean) {
  const { hostname, port } = new URL(job.url);
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const loop = async (): Promise<void> => {
    let conn = await RawConnection.open(hostname, Number(port));
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const answer = await conn.send(makeRequest());
        if (!record) continue;
        latencies.push(performance.now() - t0);
        bytes += answer.bytes;
        const code = codeOf(answer.head);
        codes[code] = (codes[code] ?? 0) + 1;
      } catch {
        errors++;
        conn.close();
        conn = await RawConnection.open(hostname, Number(port));
      }
    }
    conn.close();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  return { latencies, codes, bytes, errors, seconds: (performance.now() - started) / 1000 };
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const makeRequest = requestMaker(job);
  await drive(job, makeRequest, WARMUP_MS, false);
  const cpuBefore = process.cpuUsage();
  const run = await drive(job, makeRequest, job.durationMs, true);
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Float64Array.from(run.latencies).sort();
  return {
    scenario: job.scenario,
    requests: sorted.length,
    seconds: Math.round(run.seconds * 1000) / 1000,
    rps: Math.round(sorted.length / run.seconds),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: percentile(sorted, 100),
    bytesPerResponse: sorted.length ? Math.round(run.bytes / sorted.length) : 0,
    codes: run.codes,
    errors: run.errors,
    clientCpuUsPerRequest: sorted.length ? Math.round((cpu.user + cpu.system) / sorted.length) : 0,
  };
}

// ----------------------------------------------------------------------------------- controller

function benchState(): DemoStateInput {
  return {
    accounts: [{ ...DEMO_ACCOUNT }],
    instruments: bundledInstruments().map((i) => ({ ...i })),
    orders: Array.from({ length: BENCH_ORDERS }, (_, i) => ({
      uid: DEMO_ACCOUNT.uid,
      clientOid: `bench-${i}`,
      category: 'USDT-FUTURES' as const,
      symbol: 'BTCUSDT',
      price: '60000.0',
      qty: '0.0100',
    })),
  };
}

function inChild(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--load-generator'], { stdio: 'inherit' });
    child.once('message', (m) => {
      resolve(m as LoadResult);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(job);
  });
}

function show(r: LoadResult): void {
  const codes = Object.entries(r.codes)
    .map(([c, n]) => `${c}×${n}`)
    .join(' ');
  console.log(
    `${r.scenario.padEnd(13)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  ` +
      `p99 ${r.p99Ms} ms  max ${r.maxMs} ms  (${r.requests} requests, ${r.bytesPerResponse} B/answer, ` +
      `CPU per request: server ~${r.serverCpuUsPerRequest ?? '?'} µs, client ${r.clientCpuUsPerRequest} µs; ` +
      `codes ${codes}, errors ${r.errors})`,
  );
}

async function controller(): Promise<void> {
  const { values } = parseArgs({
    options: { 'duration-ms': { type: 'string', default: '3000' }, concurrency: { type: 'string', default: '2' } },
  });
  const durationMs = Number(values['duration-ms']);
  const concurrency = Number(values.concurrency);
  if (!(durationMs > 0 && durationMs <= 60_000) || !(concurrency >= 1 && concurrency <= 256)) {
    console.error('usage: npx tsx bench/exchange.ts [--duration-ms 1..60000] [--concurrency 1..256]');
    process.exit(2);
  }
  const exchange = await startDemoExchange({
    host: '127.0.0.1',
    rateLimit: false,
    engineLatencyMs: 0,
    state: benchState(),
  });
  console.log(
    `demo exchange bench: node ${process.version}, ${cpus().length} CPUs, ${concurrency} in flight, ${durationMs} ms per scenario`,
  );
  try {
    const results: LoadResult[] = [];
    for (const scenario of ['instruments', 'modify-order'] as const) {
      const cpuBefore = process.cpuUsage();
      const result = await inChild({ url: exchange.url, scenario, durationMs, concurrency });
      const cpu = process.cpuUsage(cpuBefore);
      // Includes the warm-up requests, which were not counted: an upper bound per request.
      const answered = result.requests * (1 + WARMUP_MS / durationMs);
      result.serverCpuUsPerRequest = answered > 0 ? Math.round((cpu.user + cpu.system) / answered) : 0;
      show(result);
      results.push(result);
    }
    const [instruments, modifyOrder] = results;
    const target = { rps: 2000, p99Ms: 10 };
    const meetsTarget = instruments !== undefined && instruments.rps >= target.rps && instruments.p99Ms <= target.p99Ms;
    console.log(
      `instruments target (≥ ${target.rps} req/s, p99 ≤ ${target.p99Ms} ms): ${meetsTarget ? 'met' : 'NOT met'}`,
    );
    console.log(
      JSON.stringify({
        bench: 'demo-exchange',
        concurrency,
        durationMs,
        instruments,
        modifyOrder,
        target,
        meetsTarget,
      }),
    );
  } finally {
    await exchange.close();
  }
}

if (process.argv.includes('--load-generator')) {
  process.once('message', (job) => {
    void runLoad(job as LoadJob).then((result) => process.send?.(result));
  });
} else {
  controller().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
