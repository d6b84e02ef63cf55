/**
 * The embedded demo exchange behind the Local demo profile, started on first use. With a state file
 * (the app's user-data folder) it keeps its orders, fills and instrument changes across restarts:
 * the state is written atomically when it has changed (checked every second, and on close), so the
 * activity log and the order list agree after a restart. An external URL (a demo exchange the e2e
 * suite started and controls) replaces the embedded one, and then nothing is kept here.
 */
import { readFile, rename } from 'node:fs/promises';
import { startDemoExchange, type DemoExchange, type DemoExchangeOptions } from '../../demo-exchange';
import { validateState } from '../../demo-exchange/state-schema';
import { DeskError } from '../../shared/errors';
import { writeFileAtomic } from '../storage/atomic-file';

/** The embedded demo exchange's state, in the user-data folder. */
export const LOCAL_DEMO_STATE_FILE = 'demo-exchange-state.json';
/** The port it last listened on, in the user-data folder: a profile pointed at it keeps working. */
export const LOCAL_DEMO_PORT_FILE = 'demo-exchange-port';

export interface LocalDemoOptions extends DemoExchangeOptions {
  /** Use this already-running demo exchange instead of starting one. */
  externalUrl?: string;
  /** Where the embedded demo exchange keeps its state; without one it starts fresh every time. */
  stateFile?: string;
  /** Where it keeps its port: the same port after a restart when it is free, else a new one kept there. */
  portFile?: string;
  /** How often a changed state is written, in ms. Default 1000. */
  saveEveryMs?: number;
  /** Told when a stored state cannot be used or written; the demo exchange carries on. */
  onNote?: (message: string) => void;
}

export class LocalDemo {
  private starting: Promise<DemoExchange> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The JSON last written (or read): a state that has not changed is not written again. */
  private saved: string | undefined;
  private saving: Promise<void> = Promise.resolve();
  private writeFailed = false;

  constructor(private readonly options: LocalDemoOptions = {}) {}

  /** Starts the server on 127.0.0.1 once (its last port when free, else a free one); later calls reuse it. */
  async url(): Promise<string> {
    if (this.options.externalUrl) return this.options.externalUrl;
    return (await this.exchange()).url;
  }

  /** The embedded demo exchange (started if needed); tests drive it through its control. */
  exchange(): Promise<DemoExchange> {
    if (this.options.externalUrl) throw new Error('the Local demo uses an external demo exchange');
    this.starting ??= this.start();
    return this.starting;
  }

  /** Back to the bundled accounts, instruments and orders, written at once. */
  async reset(): Promise<void> {
    if (this.options.externalUrl) {
      throw new DeskError({
        kind: 'validation',
        message: 'This demo exchange runs outside the app; reset it where it was started.',
        mayHaveTakenEffect: false,
      });
    }
    const exchange = await this.exchange();
    exchange.replaceState();
    await this.save();
  }

  async close(): Promise<void> {
    const s = this.starting;
    this.starting = undefined;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (!s) return;
    const exchange = await s;
    await exchange.close();
    await this.save(exchange);
  }

  private async start(): Promise<DemoExchange> {
    const { externalUrl: _external, stateFile, portFile, saveEveryMs = 1000, onNote: _note, ...options } = this.options;
    const stored = options.state === undefined && stateFile ? await this.readStored(stateFile) : undefined;
    const start = (port: number) =>
      startDemoExchange({ host: '127.0.0.1', port, ...options, state: stored ?? options.state });
    const lastPort = portFile ? await readPort(portFile) : undefined;
    let exchange: DemoExchange;
    try {
      exchange = await start(lastPort ?? options.port ?? 0);
    } catch (e) {
      if (lastPort === undefined || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      exchange = await start(0);
    }
    if (portFile && exchange.port !== lastPort)
      await writeFileAtomic(portFile, `${exchange.port}\n`).catch((e: unknown) =>
        this.note(
          `Could not keep the demo exchange's port (${(e as Error).message}); it may change at the next start.`,
        ),
      );
    if (stateFile) {
      this.timer = setInterval(() => void this.save(exchange), saveEveryMs);
      this.timer.unref();
    }
    return exchange;
  }

  /** The stored state, or undefined (none yet, or unusable: then kept aside and noted, never a crash). */
  private async readStored(file: string): Promise<ReturnType<DemoExchange['snapshotState']> | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.note(`Could not read the demo exchange state (${(e as Error).message}); it starts fresh.`);
      return undefined;
    }
    try {
      const state = JSON.parse(text) as unknown;
      validateState(state, file);
      this.saved = text;
      return state as ReturnType<DemoExchange['snapshotState']>;
    } catch (e) {
      const aside = `${file}.unusable-${Date.now()}`;
      await rename(file, aside).catch(() => undefined);
      const why = (e as Error).message.split('\n').slice(0, 3).join(' ');
      this.note(
        `The demo exchange state could not be used and was kept aside as ${aside}; the demo exchange starts fresh. (${why})`,
      );
      return undefined;
    }
  }

  /** Writes the state if it changed since the last write; one write at a time. */
  private save(given?: DemoExchange): Promise<void> {
    const file = this.options.stateFile;
    if (!file) return Promise.resolve();
    this.saving = this.saving.then(async () => {
      const exchange = given ?? (await this.starting);
      if (!exchange) return;
      const text = JSON.stringify(exchange.snapshotState());
      if (text === this.saved) return;
      try {
        await writeFileAtomic(file, text);
        this.saved = text;
        this.writeFailed = false;
      } catch (e) {
        if (!this.writeFailed) this.note(`Could not keep the demo exchange state (${(e as Error).message}).`);
        this.writeFailed = true;
      }
    });
    return this.saving;
  }

  private note(message: string): void {
    (this.options.onNote ?? ((m: string) => console.warn(`uta-desk: ${m}`)))(message);
  }
}

/** The port a file holds, or undefined (none yet, or not a port). */
async function readPort(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const port = Number(text.trim());
  return /^\d+$/.test(text.trim()) && port >= 1024 && port <= 65535 ? port : undefined;
}
