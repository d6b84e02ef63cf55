/**
 * The CLI as a function: parse, run one command, print, return the exit code. uta-desk.ts is only
 * the process glue, so tests run the whole CLI in-process.
 *
 * Public market data, and `order` / `open-orders` with the environment's credentials, read the
 * exchange directly. Everything that amends (and `order` / `open-orders` with --profile) goes through
 * the core: the running app's over its local channel, else a core in this process under the
 * user-data lock (desk-session.ts), so every attempt is guarded, recorded and shown in Activity.
 */
import { ExchangeClient } from '../exchange/client';
import type { Credentials } from '../exchange/request-headers';
import { secretScrubber } from '../exchange/secret-scrub';
import { UserDataFolderError, UserDataLockedError } from '../core/user-data-lock';
import { parseCliArgs, HELP, UsageError, type Command, type GlobalOptions } from './args';
import { commandHelp } from './command-help';
import { signingNote } from './destination';
import { CREDENTIAL_VARIABLES, credentialsFrom, openDeskSession, profileWords, type DeskSession } from './desk-session';
import { EXIT, reportFailure } from './failure';
import { instrumentsDiff } from './instruments-diff';
import { modify } from './modify-command';
import { modifyBatch } from './modify-batch';
import { Output, type CliIo } from './output';
import { instruments, openOrders, order, readerOf } from './read-commands';
import { revert } from './revert-command';
import { tickers } from './tickers';

export type { CliIo, TextSink } from './output';
export { CREDENTIAL_VARIABLES } from './desk-session';

/** Public market data: no credentials needed. */
const PUBLIC_COMMANDS: ReadonlySet<Command['name']> = new Set(['instruments', 'instruments-diff', 'tickers']);
/** Commands that go through the core always. */
const CORE_COMMANDS: ReadonlySet<Command['name']> = new Set(['modify', 'modify-batch', 'revert']);

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  let global: GlobalOptions;
  try {
    ({ command, global } = parseCliArgs(argv));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`uta-desk: ${e.message}\nRun "uta-desk --help" for usage.\n`);
    return EXIT.usage;
  }
  if (command.name === 'help') {
    io.stdout.write((command.topic && commandHelp(command.topic)) || HELP);
    return EXIT.ok;
  }
  if (command.name === 'version') {
    // The Node it runs on too: the server bundle's own, never the machine's (its test checks this).
    io.stdout.write(`uta-desk ${io.version ?? 'unknown'} (Node ${process.version}, ${process.execPath})\n`);
    return EXIT.ok;
  }
  let credentials: Credentials | undefined;
  try {
    credentials = credentialsFrom(io.env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`uta-desk: ${e.message}\n`);
    return EXIT.usage;
  }
  // The client already scrubs what the exchange says; this catches any other text that could quote a
  // credential (an unexpected error's message). stdout carries the client's (scrubbed) data only.
  const scrub = secretScrubber([credentials?.apiKey, credentials?.secretKey, credentials?.passphrase]);
  const scrubbed: CliIo = { ...io, stderr: { write: (text: string) => io.stderr.write(scrub.text(text)) } };
  const out = new Output(io.stdout, global.json);
  const throughCore =
    CORE_COMMANDS.has(command.name) ||
    ((command.name === 'order' || command.name === 'open-orders') && (global.profile || global.userDataDir));
  if (throughCore) return withSession(scrubbed, global, command, out);

  if (!PUBLIC_COMMANDS.has(command.name) && !credentials) {
    io.stderr.write(
      `uta-desk: ${command.name} is a signed request: give --profile NAME, or set ${CREDENTIAL_VARIABLES.join(', ')} in the environment.\n`,
    );
    return EXIT.usage;
  }
  const client = new ExchangeClient({
    baseUrl: global.baseUrl,
    credentials,
    locale: global.locale,
    demoTrading: global.demoTrading,
    timeoutMs: global.timeoutMs,
    fetch: io.fetch,
    sleep: io.sleep,
  });
  // A signed request says where it goes: without --base-url that is the live exchange.
  const note = credentials && !PUBLIC_COMMANDS.has(command.name) && !global.quiet ? signingNote(global) : undefined;
  if (note) io.stderr.write(note);
  switch (command.name) {
    case 'instruments':
      return guarded(scrubbed, () => instruments(client, out, command.category, command.symbol));
    case 'instruments-diff':
      return instrumentsDiff(client, out, scrubbed, global, command);
    case 'tickers':
      return guarded(scrubbed, () => tickers(client, out, command.category, command.symbol));
    case 'order':
      return guarded(scrubbed, () => order(client, out, command));
    case 'open-orders':
      return guarded(scrubbed, () => openOrders(client, out, command));
    default:
      throw new Error(`unreachable: ${command.name}`);
  }
}

async function withSession(io: CliIo, global: GlobalOptions, command: Command, out: Output): Promise<number> {
  let session: DeskSession;
  try {
    session = await openDeskSession(global, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`uta-desk: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof UserDataLockedError || e instanceof UserDataFolderError) {
      io.stderr.write(`uta-desk: ${e.message}\n`);
      return EXIT.rejected;
    }
    return reportFailure(e, io.stderr, { note: 'Nothing was sent.' });
  }
  const { host, profile } = session;
  const stopOnSignal = io.trapSignals ? trapSignals(() => host.close()) : undefined;
  try {
    if (!global.quiet) {
      const where = host.kind === 'app' ? 'through the UTA Desk app running on' : 'in this process, on';
      io.stderr.write(
        `uta-desk: ${profileWords(profile)} (${profile.environment}, ${new URL(profile.baseUrl).host}), ${where} ${session.userDataDir}\n`,
      );
    }
    switch (command.name) {
      case 'modify':
        return await modify(host.api, out, io, global, command);
      case 'modify-batch':
        return await modifyBatch(host.api, out, io, global, command);
      case 'revert':
        return await revert(host.api, out, io, global, command);
      case 'order':
        return await guarded(io, () => order(readerOf(host.api), out, command));
      case 'open-orders':
        return await guarded(io, () => openOrders(readerOf(host.api), out, command));
      default:
        throw new Error(`unreachable: ${command.name}`);
    }
  } finally {
    stopOnSignal?.();
    // In process: the activity log is flushed and the lock released before the process exits.
    await host.close();
  }
}

/**
 * Ctrl+C or SIGTERM while a core runs in this process: close it (attempts in flight are recorded as
 * they stand, the log flushed, the lock released), then exit 130 / 143. Returns the untrap.
 */
function trapSignals(close: () => Promise<void>): () => void {
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = () => {
      void close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
}

async function guarded(io: CliIo, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return EXIT.ok;
  } catch (e) {
    return reportFailure(e, io.stderr);
  }
}
