/**
 * The exchange's side of the private order stream, in words the stream acts on: the login and
 * subscribe frames, what a frame is (ping, pong, an answer, order pushes, junk), what an answer
 * means in the phase the connection is in (go on, try again later, refused), and an order push as
 * the app sees it. No socket, no timer: order-stream.ts keeps the connection.
 */
import { orderPushSchema, type OrderPush } from '../../shared/schemas';
import type { Credentials } from './request-headers';
import { sign } from './signing';

/** Where a connection is: the socket opening, the login sent, the subscription sent, or live. */
export type Phase = 'opening' | 'login' | 'subscribe' | 'live';

/**
 * The exchange's WebSocket error codes that mean "try again later", not "these credentials are
 * refused": too many requests or connections, and a login timestamp out of the window (the skew
 * may be re-measured meanwhile). Every other error before the subscription is live is a refusal.
 */
const TRANSIENT_CODES = new Set(['30006', '30007', '30013', '30014']);

export const SUBSCRIBE_FRAME = JSON.stringify({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] });

/** The login frame; the signed timestamp is in seconds, on the exchange's clock as far as it is known. */
export function loginFrame(c: Credentials, nowMs: number, skewMs: number): string {
  const timestamp = String(Math.round((nowMs - skewMs) / 1000));
  const args = {
    apiKey: c.apiKey,
    passphrase: c.passphrase,
    timestamp,
    sign: sign(c.secretKey, `${timestamp}GET/user/verify`),
  };
  return JSON.stringify({ op: 'login', args: [args] });
}

export type Frame =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'answer'; msg: Record<string, unknown> }
  | { kind: 'pushes'; items: unknown[] }
  | { kind: 'invalid' };

/** What a frame the exchange sent is; binary frames and anything unparseable are invalid. */
export function readFrame(text: string | undefined): Frame {
  if (text === 'pong') return { kind: 'pong' };
  if (text === 'ping') return { kind: 'ping' };
  let msg: unknown;
  try {
    msg = text === undefined ? undefined : JSON.parse(text);
  } catch {
    msg = undefined;
  }
  if (!isRecord(msg)) return { kind: 'invalid' };
  if (typeof msg.event === 'string') return { kind: 'answer', msg };
  if (isRecord(msg.arg) && msg.arg.topic === 'order' && Array.isArray(msg.data))
    return { kind: 'pushes', items: msg.data };
  return { kind: 'invalid' };
}

export type Answer =
  | { kind: 'logged-in' }
  | { kind: 'subscribed' }
  /** Refused for now: reconnect with the usual backoff. */
  | { kind: 'busy'; why: string }
  /** Refused: go down, and try again only much later. */
  | { kind: 'refused'; why: string };

/** What an answer means in the connection's phase; undefined when there is nothing to act on. */
export function judgeAnswer(phase: Phase, msg: Record<string, unknown>): Answer | undefined {
  const code = msg.code === undefined ? undefined : String(msg.code);
  if (msg.event === 'login' && (code === '0' || code === undefined))
    return phase === 'login' ? { kind: 'logged-in' } : undefined;
  if (msg.event === 'subscribe') return phase === 'subscribe' ? { kind: 'subscribed' } : undefined;
  if (msg.event !== 'error' && msg.event !== 'login') return undefined;
  // After the subscription is live an error concerns some other request: nothing to act on.
  if (phase === 'live') return undefined;
  const what = phase === 'subscribe' ? 'the order subscription' : 'the login of the order stream';
  const said = exchangeSaid(code, msg.msg);
  if (code !== undefined && TRANSIENT_CODES.has(code))
    return { kind: 'busy', why: `The exchange refused ${what} for now${said}.` };
  return {
    kind: 'refused',
    why:
      phase === 'subscribe'
        ? `The exchange refused ${what}${said}.`
        : `The exchange refused ${what}${said}: check the profile's API key, secret key and passphrase.`,
  };
}

/** An order push as the app sees it (`category` upper case, as REST reports it); undefined if invalid. */
export function readPush(item: unknown): OrderPush | undefined {
  const r = orderPushSchema.safeParse(item);
  return r.success ? { ...r.data, category: r.data.category.toUpperCase() } : undefined;
}

function exchangeSaid(code: string | undefined, msg: unknown): string {
  const text = typeof msg === 'string' && msg ? msg : undefined;
  if (code === undefined && text === undefined) return '';
  return ` (${[code === undefined ? undefined : `code ${code}`, text].filter(Boolean).join(': ')})`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A duration in words for reasons ("10 s", "250 ms"). */
export function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
