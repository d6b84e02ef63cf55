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

export interface LocalDemoOptions extends DemoExchangeOptions {
  /** Use this already-running demo exchange instead of starting one. */
  externalUrl?: string;
  /** Where the embedded demo exchange keeps its state; without one it starts fresh every time. */
  stateFile?: string;
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

  /** Starts the server on 127.0.0.1 (random free port) once; later calls reuse it. */
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
    const { externalUrl: _external, stateFile, saveEveryMs = 1000, onNote: _note, ...options } = this.options;
    const stored = options.state === undefined && stateFile ? await this.readStored(stateFile) : undefined;
    const exchange = await startDemoExchange({
      host: '127.0.0.1',
      port: 0,
      ...options,
      state: stored ?? options.state,
    });
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
