/**
 * What a command writes to: the process's streams (or a test's strings), and the one switch between
 * tables for people and JSON for scripts.
 */
import { LIVE_BASE_URL } from '../../shared/profiles';
import type { ServeDeps } from '../web-host/serve';
import type { HostDeps } from './cli-host';
import type { GlobalOptions } from './global-options';
import type { PassphraseTty } from './secret-input';

export interface TextSink {
  write(text: string): unknown;
}

/** process.stdout, or a test's: a write that returns false asks the writer to wait for 'drain'. */
export interface OutputStream extends TextSink {
  once?(event: 'drain', listener: () => void): unknown;
}

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: OutputStream;
  stderr: TextSink;
  fetch?: typeof fetch;
  /** Backoff sleeps between retries of reads (tests make them instant). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The running app's channel and the in-process core's options (tests give their own). */
  host?: HostDeps;
  /** The terminal to ask a vault passphrase on; none: a passphrase must come from a descriptor or a file. */
  tty?: PassphraseTty;
  /** The version recorded by an in-process core. */
  version?: string;
  /** Between two reads of a run's progress (tests shorten it). */
  pollMs?: number;
  /** Close an in-process core on SIGINT / SIGTERM before exiting (the process, not tests). */
  trapSignals?: boolean;
  /** `serve`: the built renderer it serves (beside the built CLI); tests give the core and the window. */
  serve?: Omit<ServeDeps, 'out' | 'version'>;
}

export class Output {
  constructor(
    private readonly sink: TextSink,
    readonly json: boolean,
  ) {}
  data(value: unknown): void {
    this.sink.write(`${JSON.stringify(value, null, 2)}\n`);
  }
  text(text: string): void {
    this.sink.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}

/** The `order` command that shows this order on the same exchange. */
export function orderCommand(global: GlobalOptions, ref: { orderId?: string; clientOid?: string }): string {
  const parts = ['uta-desk order', ref.orderId ? `--order-id ${ref.orderId}` : `--client-oid ${ref.clientOid ?? ''}`];
  if (global.baseUrl !== LIVE_BASE_URL) parts.push(`--base-url ${global.baseUrl}`);
  if (global.demoTrading) parts.push('--demo-trading');
  return parts.join(' ');
}

export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}
