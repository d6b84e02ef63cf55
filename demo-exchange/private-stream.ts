/**
 * The private WebSocket `/v3/ws/private` on the demo's HTTP port. Order pushes are driven by the
 * order event hub: each change is serialized once, the moment the engine made it, and sent to every
 * connection logged in to that order's account and subscribed to the order topic.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ExchangeCore } from './exchange-core';
import { orderPushFrame } from './order-push';
import { SlidingWindowLimiter } from './sliding-window';
import { StreamSession } from './stream-session';

export const PRIVATE_STREAM_PATH = '/v3/ws/private';
/** Client frames are a login or a few subscriptions: a few hundred bytes. */
export const MAX_STREAM_FRAME_BYTES = 64 * 1024;
/** The exchange drops a connection that sent no ping for 2 minutes. */
export const DEFAULT_STREAM_IDLE_MS = 120_000;
/** Open connections one address may hold; a desk holds one per profile in use. */
export const DEFAULT_MAX_STREAMS_PER_ADDRESS = 32;
/** Failed logins one address may make in a minute, over all its connections. */
export const BAD_LOGINS_PER_ADDRESS_PER_MINUTE = 20;

export interface StreamLimits {
  idleMs: number;
  maxPerAddress?: number;
}

export interface PrivateStream {
  connectionCount(): number;
  /** Terminates every connection without a closing handshake, as a network failure would. */
  dropAll(): void;
  /** Stops listening to the engine and terminates every connection. */
  close(): void;
}

function pathOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

function refuse(socket: Duplex, status: string): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function attachPrivateStream(server: Server, core: ExchangeCore, limits: StreamLimits): PrivateStream {
  const { idleMs, maxPerAddress = DEFAULT_MAX_STREAMS_PER_ADDRESS } = limits;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_STREAM_FRAME_BYTES, clientTracking: false });
  const sessions = new Set<StreamSession>();
  /** Open connections (and upgrades under way) by client address. */
  const perAddress = new Map<string, number>();
  const badLogins = new SlidingWindowLimiter(BAD_LOGINS_PER_ADDRESS_PER_MINUTE, 60_000);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // A client that resets mid-handshake must not surface as an unhandled 'error'.
    socket.on('error', () => socket.destroy());
    if (pathOf(req.url) !== PRIVATE_STREAM_PATH) {
      refuse(socket, '404 Not Found');
      return;
    }
    const address = req.socket.remoteAddress ?? 'unknown';
    const open = perAddress.get(address) ?? 0;
    if (open >= maxPerAddress) {
      refuse(socket, '429 Too Many Requests');
      return;
    }
    perAddress.set(address, open + 1);
    let counted = true;
    const release = (): void => {
      if (!counted) return;
      counted = false;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    };
    // A handshake that never completes gives its place back too.
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new StreamSession(ws, { core, idleMs, badLogin: () => badLogins.tryAcquire(address) });
      sessions.add(session);
      ws.on('close', () => {
        sessions.delete(session);
        release();
      });
    });
  };
  server.on('upgrade', onUpgrade);

  const stopListening = core.orderEvents.listen(({ order }) => {
    let frame: string | undefined;
    for (const session of sessions) {
      if (!session.wantsOrdersOf(order.uid)) continue;
      frame ??= orderPushFrame(order, core.catalog.get(order.wire.category, order.wire.symbol), core.clock.now());
      session.send(frame);
    }
  });

  const dropAll = (): void => {
    for (const session of sessions) session.drop();
    // Gone for every purpose at once, though each socket reports its close a moment later.
    sessions.clear();
  };
  return {
    connectionCount: () => sessions.size,
    dropAll,
    close() {
      stopListening();
      server.off('upgrade', onUpgrade);
      dropAll();
      wss.close();
    },
  };
}
