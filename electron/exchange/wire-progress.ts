/**
 * How far a request got before it failed, for Node's own fetch (undici): whether undici created the
 * request and whether it wrote the request's headers to a socket. A request created but never
 * written (still connecting, resolving, in the TLS handshake) did not leave this computer, whatever
 * the failure: a timeout or an abort then means "not sent", not "outcome unknown".
 *
 * undici reports both steps on its public diagnostics channels. The request it creates is tied to
 * the fetch that caused it through AsyncLocalStorage (the creation runs in that fetch's async
 * context) and matched by method and path. Evidence is only trusted in the safe direction:
 * "not written" counts only once this process has seen undici report a write at all (so a renamed or
 * missing channel can never turn a sent request into an unsent one), and a fetch that is not Node's
 * (a test double, a wrapper) yields no evidence.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';

export type WireVerdict = 'not-written' | 'written' | 'unknown';

export class WireProgress {
  created = false;
  written = false;
  constructor(
    readonly method: string,
    /** Path with query, as undici sees it. */
    readonly path: string,
  ) {}

  verdict(): WireVerdict {
    if (this.written) return 'written';
    if (this.created && writesObserved) return 'not-written';
    return 'unknown';
  }
}

interface UndiciRequest {
  method?: unknown;
  path?: unknown;
}

const current = new AsyncLocalStorage<WireProgress>();
const byRequest = new WeakMap<object, WireProgress>();
let writesObserved = false;

function requestOf(message: unknown): (UndiciRequest & object) | undefined {
  const request = (message as { request?: unknown } | null)?.request;
  return request !== null && typeof request === 'object' ? request : undefined;
}

subscribe('undici:request:create', (message) => {
  const progress = current.getStore();
  const request = requestOf(message);
  if (!progress || !request || progress.created) return;
  if (request.method !== progress.method || request.path !== progress.path) return;
  progress.created = true;
  byRequest.set(request, progress);
});

subscribe('undici:client:sendHeaders', (message) => {
  writesObserved = true;
  const request = requestOf(message);
  const progress = request && byRequest.get(request);
  if (progress) progress.written = true;
});

/** Runs the fetch with its progress recorded on `progress`. */
export function trackWire<T>(progress: WireProgress, run: () => Promise<T>): Promise<T> {
  return current.run(progress, run);
}
