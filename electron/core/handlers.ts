import type { Method, ParsedRequestOf, ResponseOf } from '../../shared/contract';

/** One plain async function per contract method: what both ipcMain and the e2e harness call. */
export type CoreHandlers = { [M in Method]: (request: ParsedRequestOf<M>) => Promise<ResponseOf<M>> };
