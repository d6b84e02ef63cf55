import type { DeskApi } from '../../shared/contract';

declare global {
  interface Window {
    /** The typed API the preload exposes (or the e2e harness injects). The renderer's only way out. */
    desk: DeskApi;
  }
}
export {};
