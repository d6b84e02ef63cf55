/**
 * Command-line arguments of the demo exchange (cli.ts), parsed with node:util parseArgs. Kept
 * apart from the entry point so every refusal can be tested without starting a process.
 */
import { parseArgs } from 'node:util';
import type { DemoExchangeOptions } from './index';

export const USAGE = `usage: npm run demo-exchange -- [options]

  --host HOST               interface to bind (default 127.0.0.1)
  --port PORT               TCP port, 0 for a free one (default 0)
  --state FILE              JSON state file replacing the bundled accounts/instruments/orders
  --engine-latency-ms MS    delay before the matching engine applies a modification (default 500)
  --cancel-latency-ms MS    length of the cancelling phase after a failed autoCancel (default 100)
  --clock-offset-ms MS      server clock = machine clock + MS (default 0; negative: --clock-offset-ms=-5000)
  --no-rate-limit           disable rate limits (benchmarks only)
  --scenario                move the market for a demo of the desk's Changes screen: over about four
                            minutes, a fee change, a maintenance scheduled and cleared, status changes,
                            a listing and a delisting (each step is printed as it happens)
  -h, --help                show this help`;

export class UsageError extends Error {}

function integer(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${flag} expects an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

const FLAGS = {
  host: { type: 'string' },
  port: { type: 'string' },
  state: { type: 'string' },
  'engine-latency-ms': { type: 'string' },
  'cancel-latency-ms': { type: 'string' },
  'clock-offset-ms': { type: 'string' },
  'no-rate-limit': { type: 'boolean' },
  scenario: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export interface CliArgs {
  help: boolean;
  options: DemoExchangeOptions;
  stateFile?: string;
  /** Run the instrument scenario (instrument-scenario.ts). */
  scenario: boolean;
}

/** Parses argv into options; throws UsageError for anything unknown or malformed. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const values = readFlags(argv);
  if (values.host !== undefined && values.host.trim() === '')
    throw new UsageError('--host expects a host name or address');
  const options: DemoExchangeOptions = {
    host: values.host ?? '127.0.0.1',
    port: integer('port', values.port, 0, 65535) ?? 0,
    engineLatencyMs: integer('engine-latency-ms', values['engine-latency-ms'], 0, 3_600_000),
    cancelLatencyMs: integer('cancel-latency-ms', values['cancel-latency-ms'], 0, 3_600_000),
    clockOffsetMs: integer('clock-offset-ms', values['clock-offset-ms'], -86_400_000, 86_400_000),
    rateLimit: values['no-rate-limit'] !== true,
  };
  return { help: values.help === true, options, stateFile: values.state, scenario: values.scenario === true };
}
