import type { Caller } from '../../shared/call-source';
import type { Method, ParsedRequestOf, ResponseOf } from '../../shared/contract';

/**
 * One plain async function per contract method: what both ipcMain and the e2e harness call. `caller`
 * is set by a host for calls it carries for someone else (the local channel's 'cli'), never by a payload.
 */
export type CoreHandlers = {
  [M in Method]: (request: ParsedRequestOf<M>, caller?: Caller) => Promise<ResponseOf<M>>;
};
