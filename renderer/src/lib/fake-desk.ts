/**
 * For renderer tests: window.desk backed by plain functions standing in for main. Answers pass
 * through the real contract, so a fake that drifts from the response schemas fails like main would;
 * a DeskError thrown by a fake reaches the renderer as main's would.
 */
import { buildDeskApi, methodOfChannel, type Method, type RequestOf, type ResponseOf } from '../../../shared/contract';
import { DeskError } from '../../../shared/errors';

export type FakeMain = { [M in Method]?: (request: RequestOf<M>) => ResponseOf<M> | Promise<ResponseOf<M>> };

export interface FakeDesk {
  calls: { method: Method; request: unknown }[];
  count(method: Method): number;
}

export function installFakeDesk(main: FakeMain): FakeDesk {
  const calls: FakeDesk['calls'] = [];
  window.desk = buildDeskApi(async (channel, request) => {
    const method = methodOfChannel(channel);
    const handler = method && (main[method] as ((r: unknown) => unknown) | undefined);
    if (!method || !handler) {
      return { ok: false, error: { kind: 'internal', message: `No fake for ${channel}`, mayHaveTakenEffect: false } };
    }
    calls.push({ method, request });
    try {
      return { ok: true, data: await handler(request) };
    } catch (e) {
      if (e instanceof DeskError) return { ok: false, error: e.data };
      throw e;
    }
  });
  return { calls, count: (method) => calls.filter((c) => c.method === method).length };
}
