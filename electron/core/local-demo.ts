/**
 * The embedded demo exchange behind the Local demo profile, started on first use. An external URL
 * (a demo exchange the e2e suite started and controls) replaces the embedded one.
 */
import { startDemoExchange, type DemoExchange, type DemoExchangeOptions } from '../../demo-exchange';

export interface LocalDemoOptions extends DemoExchangeOptions {
  /** Use this already-running demo exchange instead of starting one. */
  externalUrl?: string;
}

export class LocalDemo {
  private starting: Promise<DemoExchange> | undefined;

  constructor(private readonly options: LocalDemoOptions = {}) {}

  /** Starts the server on 127.0.0.1 (random free port) once; later calls reuse it. */
  async url(): Promise<string> {
    if (this.options.externalUrl) return this.options.externalUrl;
    const { externalUrl: _ignored, ...options } = this.options;
    this.starting ??= startDemoExchange({ host: '127.0.0.1', port: 0, ...options });
    return (await this.starting).url;
  }

  async close(): Promise<void> {
    const s = this.starting;
    this.starting = undefined;
    if (s) await (await s).close();
  }
}
