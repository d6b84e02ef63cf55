/**
 * Command-line entry of the demo exchange:
 *
 *   npm run demo-exchange -- [--host 127.0.0.1] [--port 0] [--state FILE] [--engine-latency-ms 500]
 *                            [--cancel-latency-ms 100] [--clock-offset-ms 0] [--no-rate-limit] [--scenario]
 *
 * The first line on stdout is always `demo exchange listening on http://HOST:PORT`; the e2e suite
 * and other tools read the URL from it. Exit codes: 0 after SIGINT/SIGTERM, 2 for bad arguments or
 * a bad state file, 1 when the server cannot start (e.g. the port is taken).
 */
import { parseCliArgs, USAGE, type CliArgs } from './cli-args';
import { DEMO_ACCOUNT, loadStateFile, startDemoExchange } from './index';
import { startScenario } from './instrument-scenario';

async function main(): Promise<number> {
  let parsed: CliArgs;
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
  let scenario: ReturnType<typeof startScenario> | undefined = undefined;
  // Signals are taken before the first line is printed: a reader may stop us as soon as it has the
  // URL, and a signal with no listener yet would kill the process instead of closing it.
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      scenario?.stop();
      void exchange.close().then(() => {
        console.log(`demo exchange stopped (${signal})`);
        resolve(0);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log(`demo exchange listening on ${exchange.url}`);
  if (parsed.stateFile === undefined) {
    console.log(
      `demo credentials: apiKey ${DEMO_ACCOUNT.apiKey}  secretKey ${DEMO_ACCOUNT.secretKey}  passphrase ${DEMO_ACCOUNT.passphrase}`,
    );
  }
  const offset = options.clockOffsetMs ?? 0;
  scenario = parsed.scenario
    ? startScenario(exchange.control, { now: () => Date.now() + offset, log: (line) => console.log(line) })
    : undefined;
  return stopped;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`demo exchange failed to start: ${(e as Error).message}`);
    process.exit(1);
  },
);
