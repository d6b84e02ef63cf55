/**
 * The main process's core: every IPC handler as a plain function over injected dependencies.
 * main.ts gives it Electron's pieces; the e2e harness and unit tests give it their own.
 */
import type { CoreContext, CoreDeps } from './context';
import type { CoreHandlers } from './handlers';
import { LocalDemo } from './local-demo';
import { marketHandlers } from './market-handlers';
import { createAmendService, orderHandlers } from './order-handlers';
import { profileHandlers } from './profile-handlers';
import { createProfileService } from '../profiles/profile-service';
import { OrderStream } from '../exchange/order-stream';
import { OrderStreams } from '../exchange/order-streams';

export interface Core {
  handlers: CoreHandlers;
  localDemo: LocalDemo;
  /** Stops following amends, flushes the activity log, closes the order stream, then stops the embedded demo exchange. */
  close(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const now = deps.now ?? Date.now;
  const localDemo = new LocalDemo({ engineLatencyMs: 400, ...deps.localDemo });
  const streams = new OrderStreams((config) => new OrderStream({ ...config, ...deps.orderStream }));
  const ctx: CoreContext = { deps, now, localDemo, profiles: createProfileService(deps, localDemo), streams };
  const amend = createAmendService(ctx);
  const handlers: CoreHandlers = { ...profileHandlers(ctx), ...marketHandlers(ctx), ...orderHandlers(ctx, amend) };
  return {
    handlers,
    localDemo,
    // Attempts still being followed are recorded as they stand before the exchange goes away.
    close: async () => {
      await amend.close();
      await streams.close();
      await localDemo.close();
    },
  };
}
