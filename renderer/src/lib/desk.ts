/** The renderer's access to main: window.desk, unwrapped into values or thrown DeskErrors. */
import { unwrap, type DeskResult, type Method, type RequestOf, type ResponseOf } from '../../../shared/contract';

declare global {
  interface Window {
    /** Set by the browser host's page script; absent under Electron. Only chooses words. */
    deskHost?: 'browser';
  }
}

let onInternalFailure: (() => void) | undefined;

/**
 * Told when a call fails in a way that may mean main is gone (no answer, a refused session, a core
 * that stopped): the heartbeat checks at once instead of waiting for its next beat.
 */
export function onCallFailure(listener: (() => void) | undefined): void {
  onInternalFailure = listener;
}

export async function call<M extends Method>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>> {
  const fn = window.desk[method] as unknown as (r: RequestOf<M>) => Promise<DeskResult<ResponseOf<M>>>;
  const result = await fn(request);
  if (!result.ok && (result.error.kind === 'internal' || result.error.kind === 'forbidden')) onInternalFailure?.();
  return unwrap(result);
}
