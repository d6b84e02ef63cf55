/**
 * One private-stream connection: its login, its subscriptions and its idle timer. Frames are
 * answered in the exchange's shapes (login and subscribe acks, error events, text pong); a bad
 * frame gets an error event and the connection stays, as on the exchange.
 */
import type { RawData, WebSocket } from 'ws';
import type { DemoAccount } from './accounts';
import type { ExchangeCore } from './exchange-core';
import { errorEvent, StreamError, streamErrors } from './stream-errors';
import { verifyLogin } from './stream-login';

/** Subscriptions are kept as `instType:topic`, instType upper-cased; the demo pushes one topic. */
const ORDER_SUBSCRIPTION = 'UTA:order';
const SUPPORTED_TOPICS: ReadonlySet<string> = new Set([ORDER_SUBSCRIPTION]);

/** A reader this far behind is not reading: it is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Failed logins one connection may make before it is closed: a client with a typo needs one or two. */
export const MAX_BAD_LOGINS_PER_CONNECTION = 3;
/** The close code of a connection closed for failed logins (RFC 6455: policy violation). */
export const TOO_MANY_BAD_LOGINS = 1008;

export interface SessionSettings {
  core: ExchangeCore;
  /** No frame (a ping included) for this long closes the connection. */
  idleMs: number;
  /** Counts a failed login against the client's address; false once it has used up its budget. */
  badLogin?: () => boolean;
}

interface SubscriptionArg {
  instType: string;
  topic: string;
}

function parseFrame(text: string): { op: string; args: unknown } {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    throw streamErrors.param('the frame is neither "ping" nor JSON');
  }
  // Other top-level keys are ignored: ccxt adds "url" to its login and "uta" to its subscribe.
  if (typeof frame !== 'object' || frame === null || typeof (frame as { op?: unknown }).op !== 'string') {
    throw streamErrors.param('expected an object with an "op"');
  }
  const { op, args } = frame as { op: string; args?: unknown };
  return { op, args };
}

function subscriptionArgs(args: unknown): unknown[] {
  if (!Array.isArray(args) || args.length === 0) throw streamErrors.param('args must be a non-empty array');
  return args;
}

function subscriptionArg(raw: unknown): SubscriptionArg {
  const a = raw as Partial<Record<keyof SubscriptionArg, unknown>> | null;
  if (typeof a !== 'object' || a === null || typeof a.instType !== 'string' || typeof a.topic !== 'string') {
    throw streamErrors.param('each arg needs instType and topic strings', raw);
  }
  return { instType: a.instType, topic: a.topic };
}

export class StreamSession {
  private account: DemoAccount | undefined;
  private badLogins = 0;
  private readonly subscriptions = new Set<string>();
  private readonly idle: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly settings: SessionSettings,
  ) {
    this.idle = setTimeout(() => this.ws.close(1000, 'idle: no ping received'), settings.idleMs);
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', () => clearTimeout(this.idle));
    // Protocol violations (an oversized frame, say) end in 'close' as well; only silence is needed here.
    ws.on('error', () => undefined);
  }

  /** Whether order pushes for this account's orders go to this connection. */
  wantsOrdersOf(uid: string): boolean {
    return this.account?.uid === uid && this.subscriptions.has(ORDER_SUBSCRIPTION);
  }

  send(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  /** Ends the connection without a closing handshake, as a network failure would. */
  drop(): void {
    this.ws.terminate();
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.idle.refresh();
    if (isBinary) {
      this.send(errorEvent(streamErrors.param('binary frames are not accepted')));
      return;
    }
    const text = data.toString();
    if (text === 'ping') {
      this.send('pong');
      return;
    }
    try {
      this.handle(parseFrame(text));
    } catch (e) {
      // Thrown from a socket event, anything else would take the whole exchange down.
      if (!(e instanceof StreamError)) console.error('[demo-exchange] private stream frame failed', e);
      this.send(errorEvent(e instanceof StreamError ? e : streamErrors.param('the frame could not be processed')));
    }
  }

  private handle(frame: { op: string; args: unknown }): void {
    switch (frame.op) {
      case 'login':
        return this.login(frame.args);
      case 'subscribe':
      case 'unsubscribe':
        return this.subscribe(frame.op, frame.args);
      default:
        throw streamErrors.invalidOp(frame.op);
    }
  }

  private login(args: unknown): void {
    const { core } = this.settings;
    let account: DemoAccount;
    try {
      account = verifyLogin(args, core.accountsByKey, core.clock.now());
    } catch (e) {
      if (!(e instanceof StreamError)) throw e;
      // Guessing keys or passphrases over one connection, or over many from one address, is cut short.
      this.badLogins++;
      const withinBudget = this.settings.badLogin?.() ?? true;
      if (this.badLogins < MAX_BAD_LOGINS_PER_CONNECTION && withinBudget) throw e;
      this.send(errorEvent(e));
      this.ws.close(TOO_MANY_BAD_LOGINS, 'too many failed logins');
      return;
    }
    // Subscriptions belong to the login that made them.
    if (this.account && this.account.uid !== account.uid) this.subscriptions.clear();
    this.account = account;
    this.send(JSON.stringify({ event: 'login', code: 0 }));
  }

  /** Each argument is acknowledged, or refused, on its own, in the order given. */
  private subscribe(op: 'subscribe' | 'unsubscribe', args: unknown): void {
    for (const raw of subscriptionArgs(args)) {
      try {
        const arg = subscriptionArg(raw);
        if (!this.account) throw streamErrors.loginRequired(raw);
        const key = `${arg.instType.toUpperCase()}:${arg.topic}`;
        if (!SUPPORTED_TOPICS.has(key)) throw streamErrors.topicMissing(arg);
        if (op === 'subscribe') this.subscriptions.add(key);
        else this.subscriptions.delete(key);
        this.send(JSON.stringify({ event: op, arg: raw }));
      } catch (e) {
        if (!(e instanceof StreamError)) throw e;
        this.send(errorEvent(e));
      }
    }
  }
}
