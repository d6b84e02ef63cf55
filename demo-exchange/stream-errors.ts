/**
 * Error events of the private WebSocket: `{"event":"error","code":<number>,"msg":...}`, codes from
 * the exchange's 300xx table as the public clients know it (ccxt pro's `exceptions.ws.exact`). The
 * code is a number, as in the exchange's samples; neither client library minds either type. No
 * `id` field: bitget-api would take an event with a string id for a WS-API trade reply.
 */
export class StreamError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The subscribe argument the error is about, echoed so a client can tell which one failed. */
    readonly arg?: unknown,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

export const streamErrors = {
  topicMissing: (arg: { instType: string; topic: string }) =>
    new StreamError(30001, `instType:${arg.instType},topic:${arg.topic} doesn't exist`, arg),
  // The op is the client's text (up to a 64 KiB frame): named, not echoed at length.
  invalidOp: (op: string) => new StreamError(30003, `Invalid op: ${op.length > 40 ? `${op.slice(0, 40)}…` : op}`),
  loginRequired: (arg?: unknown) => new StreamError(30004, 'Login required: send the login op first', arg),
  accessKeyInvalid: () => new StreamError(30011, 'Invalid ACCESS_KEY'),
  passphraseInvalid: () => new StreamError(30012, 'Invalid ACCESS_PASSPHRASE'),
  timestampInvalid: (why: string) => new StreamError(30013, `Invalid ACCESS_TIMESTAMP: ${why}`),
  timestampExpired: () => new StreamError(30014, 'Request timestamp expired'),
  signInvalid: () => new StreamError(30015, 'Invalid sign'),
  param: (detail: string, arg?: unknown) => new StreamError(30016, `Param error: ${detail}`, arg),
};

export function errorEvent(e: StreamError): string {
  return JSON.stringify(
    e.arg === undefined
      ? { event: 'error', code: e.code, msg: e.message }
      : { event: 'error', arg: e.arg, code: e.code, msg: e.message },
  );
}
