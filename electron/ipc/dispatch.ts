/**
 * Turns a raw (channel, payload) into a validated handler call and a wrapped result. Shared by the
 * ipcMain registration and the browser e2e harness so both run exactly the same checks.
 */
import type { Caller } from '../../shared/call-source';
import { contract, methodOfChannel, validationDetails, type IpcResult, type Method } from '../../shared/contract';
import { DeskError, type DeskErrorData } from '../../shared/errors';
import { excerpt } from '../../shared/excerpt';
import type { CoreHandlers } from '../core/handlers';
import { notSavedError } from '../storage/storage-error';

/**
 * `caller`: who the host carries the call for, when not its own page (the local channel passes
 * `{ host: 'cli' }`). Hosts set it from where the call arrived, never from the payload.
 */
export type Dispatch = (channel: string, payload: unknown, caller?: Caller) => Promise<IpcResult>;

export interface DispatchOptions {
  /** Where unexpected failures are reported; never given a secret (errors are built without them). */
  onInternalError?: (channel: string, error: unknown) => void;
}

export function createDispatch(handlers: CoreHandlers, options: DispatchOptions = {}): Dispatch {
  return async (channel, payload, caller) => {
    const method = methodOfChannel(channel);
    if (!method)
      return fail({
        kind: 'validation',
        message: `Unknown IPC channel "${excerpt(String(channel), 64)}"`,
        mayHaveTakenEffect: false,
      });
    const parsed = contract[method].request.safeParse(payload ?? {});
    if (!parsed.success) {
      const details = validationDetails(parsed.error);
      return fail({
        kind: 'validation',
        message: `Invalid request on ${channel}: ${details.join('; ')}`,
        details,
        mayHaveTakenEffect: false,
      });
    }
    try {
      const handler = handlers[method] as (req: unknown, caller?: Caller) => Promise<unknown>;
      return { ok: true, data: await (caller ? handler(parsed.data, caller) : handler(parsed.data)) };
    } catch (e) {
      if (e instanceof DeskError) return fail(e.data);
      options.onInternalError?.(channel, e);
      // A write the disk refused (full, read-only, …) is said in words, never as a raw ENOSPC.
      const unsaved = notSavedError(e);
      if (unsaved) return fail(unsaved.data);
      return fail({
        kind: 'internal',
        message: `Unexpected failure on ${channel}: ${e instanceof Error ? e.message : String(e)}`,
        mayHaveTakenEffect: false,
      });
    }
  };
}

function fail(error: DeskErrorData): IpcResult {
  return { ok: false, error };
}

export type { Method };
