/**
 * How an exchange command reaches the exchange, named by its table entry: public market data and a
 * read with the environment's credentials go directly; every amend (and a read with --profile or
 * --user-data) goes through the core: the running app's over its local channel, else a core in this
 * process under the user-data lock (desk-session.ts), so every attempt is guarded, recorded and shown
 * in Activity.
 */
import type { DeskApi } from '../../shared/contract';
import { ExchangeClient } from '../exchange/client';
import type { Credentials } from '../exchange/request-headers';
import { secretScrubber } from '../exchange/secret-scrub';
import { UserDataFolderError, UserDataLockedError } from '../core/user-data-lock';
import { signingNote } from './destination';
import { CREDENTIAL_VARIABLES, credentialsFrom, openDeskSession, profileWords, type DeskSession } from './desk-session';
import { EXIT, reportFailure } from './failure';
import type { GlobalOptions } from './global-options';
import { Output, type CliIo } from './output';
import { readerOf, type OrderReader } from './read-commands';
import { UsageError } from './usage-error';

/** What an exchange command's parse makes: the options every such command takes, and its own. */
export interface ExchangeCall<C> {
  global: GlobalOptions;
  command: C;
}

type Runner<C> = (call: ExchangeCall<C>, io: CliIo) => Promise<number>;
type Steps<Via, C> = (via: Via, out: Output, io: CliIo, call: ExchangeCall<C>) => Promise<number>;

/** Public market data, read directly: no credentials needed, and no note on where it signs. */
export function publicData<C>(steps: Steps<ExchangeClient, C>): Runner<C> {
  return async (call, io) => {
    const ready = prepare(io, call.global);
    if (typeof ready === 'number') return ready;
    return steps(clientOf(ready.credentials, call.global, io), ready.out, ready.io, call);
  };
}

/** A signed read: through the core with --profile or --user-data, else with the environment's credentials. */
export function signedRead<C extends { name: string }>(
  read: (reader: OrderReader, out: Output, command: C) => Promise<void>,
): Runner<C> {
  return async (call, io) => {
    const ready = prepare(io, call.global);
    if (typeof ready === 'number') return ready;
    const { global, command } = call;
    if (global.profile || global.userDataDir)
      return withSession(ready.io, global, (api) => guarded(ready.io, () => read(readerOf(api), ready.out, command)));
    if (!ready.credentials) {
      io.stderr.write(
        `uta-desk: ${command.name} is a signed request: give --profile NAME, or set ${CREDENTIAL_VARIABLES.join(', ')} in the environment.\n`,
      );
      return EXIT.usage;
    }
    // A signed request says where it goes: without --base-url that is the live exchange.
    const note = global.quiet ? undefined : signingNote(global);
    if (note) io.stderr.write(note);
    return guarded(ready.io, () => read(clientOf(ready.credentials, global, io), ready.out, command));
  };
}

/** An amend: always through the core. */
export function throughCore<C>(steps: Steps<DeskApi, C>): Runner<C> {
  return async (call, io) => {
    const ready = prepare(io, call.global);
    if (typeof ready === 'number') return ready;
    return withSession(ready.io, call.global, (api) => steps(api, ready.out, ready.io, call));
  };
}

/** A read that prints, or says why it could not (and the exit code that tells). */
export async function guarded(io: CliIo, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return EXIT.ok;
  } catch (e) {
    return reportFailure(e, io.stderr);
  }
}

/** The environment's credentials (all three or none), and the streams every command then writes to. */
function prepare(io: CliIo, global: GlobalOptions): number | { credentials?: Credentials; io: CliIo; out: Output } {
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
  return { credentials, io: scrubbed, out: new Output(io.stdout, global.json) };
}

function clientOf(credentials: Credentials | undefined, global: GlobalOptions, io: CliIo): ExchangeClient {
  return new ExchangeClient({
    baseUrl: global.baseUrl,
    credentials,
    locale: global.locale,
    demoTrading: global.demoTrading,
    timeoutMs: global.timeoutMs,
    fetch: io.fetch,
    sleep: io.sleep,
  });
}

async function withSession(
  io: CliIo,
  global: GlobalOptions,
  steps: (api: DeskApi) => Promise<number>,
): Promise<number> {
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
    return await steps(host.api);
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
