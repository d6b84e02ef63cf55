/**
 * Test support: a recording HTTP server on 127.0.0.1 whose answers each test scripts, and a virtual
 * clock. Not used by the app.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Clock } from '../clock';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The raw query string as sent (percent-encoded), without "?". */
  rawQuery: string;
  /** The decoded parameters in the order sent. */
  params: Array<[string, string]>;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export type FakeAnswer =
  | { status?: number; json?: unknown; text?: string; delayMs?: number }
  /** Never answer (the client must time out). */
  | 'hang'
  /** Read the request, then drop the connection without an answer. */
  | 'drop';

export interface FakeExchange {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function ok(data: unknown, requestTime = 1_700_000_000_000): FakeAnswer {
  return { status: 200, json: { code: '00000', msg: 'success', requestTime, data } };
}

export function rejection(code: string, msg: string, status = 400): FakeAnswer {
  return { status, json: { code, msg, requestTime: 1_700_000_000_000, data: null } };
}

export async function startFakeExchange(
  answer: (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeExchange> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        rawQuery: url.search.replace(/^\?/, ''),
        params: [...url.searchParams.entries()],
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      void Promise.resolve(answer(recorded)).then(async (a) => {
        if (a === 'hang') return;
        if (a === 'drop') {
          req.socket.destroy();
          return;
        }
        if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
        const body = a.text ?? JSON.stringify(a.json ?? null);
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A clock whose time only moves when every task is waiting on a sleep: it then jumps to the earliest
 * wake-up. Concurrent sleepers see consistent time, and a paced burst of seconds runs in milliseconds.
 * Work that takes time (a fake network hop) must sleep on this clock, not change `t`.
 */
export class VirtualClock implements Clock {
  private readonly timers: Array<{ at: number; seq: number; wake: () => void }> = [];
  private seq = 0;
  private driving = false;

  constructor(public t = 1_700_000_000_000) {}

  now = (): number => this.t;

  sleep = (ms: number): Promise<void> =>
    new Promise<void>((wake) => {
      this.timers.push({ at: this.t + Math.max(0, ms), seq: this.seq++, wake });
      this.drive();
    });

  private drive(): void {
    if (this.driving) return;
    this.driving = true;
    const step = (): void => {
      // setImmediate runs once the pending promise callbacks have settled.
      setImmediate(() => {
        this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = this.timers.shift();
        if (!next) {
          this.driving = false;
          return;
        }
        this.t = Math.max(this.t, next.at);
        next.wake();
        step();
      });
    };
    step();
  }
}

/** A port on 127.0.0.1 with nothing listening (refused connections). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
