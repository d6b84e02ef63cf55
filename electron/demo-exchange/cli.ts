/**
 * Command-line entry of the demo exchange:
 *
 *   npm run demo-exchange -- [--host 127.0.0.1] [--port 0] [--state FILE] [--engine-latency-ms 500]
 *                            [--cancel-latency-ms 100] [--clock-offset-ms 0] [--no-rate-limit]
 *
 * The first line on stdout is always `demo exchange listening on http://HOST:PORT`; the e2e suite
 * and other tools read the URL from it. Exit codes: 0 after SIGINT/SIGTERM, 2 for bad arguments or
 * a bad state file, 1 when the server cannot start (e.g. the port is taken).
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNT, loadStateFile, startDemoExchange, type DemoExchangeOptions } from './index';

const USAGE = `usage: npm run demo-exchange -- [options]

  --host HOST               interface to bind (default 127.0.0.1)
  --port PORT               TCP port, 0 for a free one (default 0)
  --state FILE              JSON state file replacing the bundled accounts/instruments/orders
  --engine-latency-ms MS    delay before the matching engine applies a modification (default 500)
  --cancel-latency-ms MS    length of the cancelling phase after a failed autoCancel (default 100)
  --clock-offset-ms MS      server clock = machine clock + MS (default 0)
  --no-rate-limit           disable rate limits (benchmarks only)
  -h, --help                show this help`;

class UsageError extends Error {}

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
  help: { type: 'boolean', short: 'h' },
} as const;

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** Parses argv into options; throws UsageError for anything unknown or malformed. */
function parseCliArgs(argv: readonly string[]): { help: boolean; options: DemoExchangeOptions; stateFile?: string } {
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
  return { help: values.help === true, options, stateFile: values.state };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
  const options = parsed.options;
  if (parsed.stateFile !== undefined) {
    try {
      options.state = loadStateFile(parsed.stateFile);
    } catch (e) {
      console.error((e as Error).message);
      return 2;
    }
  }
  const exchange = await startDemoExchange(options);
  console.log(`demo exchange listening on ${exchange.url}`);
  if (parsed.stateFile === undefined) {
    console.log(
      `demo credentials: apiKey ${DEMO_ACCOUNT.apiKey}  secretKey ${DEMO_ACCOUNT.secretKey}  passphrase ${DEMO_ACCOUNT.passphrase}`,
    );
  }
  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      void exchange.close().then(() => {
        console.log(`demo exchange stopped (${signal})`);
        resolve(0);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`demo exchange failed to start: ${(e as Error).message}`);
    process.exit(1);
  },
);
