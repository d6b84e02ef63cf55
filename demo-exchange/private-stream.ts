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
import { StreamSession } from './stream-session';

export const PRIVATE_STREAM_PATH = '/v3/ws/private';
/** Client frames are a login or a few subscriptions: a few hundred bytes. */
export const MAX_STREAM_FRAME_BYTES = 64 * 1024;
/** The exchange drops a connection that sent no ping for 2 minutes. */
export const DEFAULT_STREAM_IDLE_MS = 120_000;

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

export function attachPrivateStream(server: Server, core: ExchangeCore, idleMs: number): PrivateStream {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_STREAM_FRAME_BYTES, clientTracking: false });
  const sessions = new Set<StreamSession>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // A client that resets mid-handshake must not surface as an unhandled 'error'.
    socket.on('error', () => socket.destroy());
    if (pathOf(req.url) !== PRIVATE_STREAM_PATH) {
      refuse(socket, '404 Not Found');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new StreamSession(ws, { core, idleMs });
      sessions.add(session);
      ws.on('close', () => sessions.delete(session));
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
