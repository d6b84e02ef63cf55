/**
 * `uta-desk team init URL` (the store's tables, migrate.ts) and `uta-desk team import URL` (a folder's
 * activity log copied into the store, store-import.ts): a line of what was done, or the failure in
 * words with its exit code (failure.ts). The password is never printed, nor the address with it.
 */
import { storeAddressWords } from '../../shared/team-store-address';
import { stat } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import pg from 'pg';
import { MAX_SOURCE_USER } from '../../shared/call-source';
import { groupDigits } from '../../shared/decimal-text';
import { defaultUserDataDir } from '../core/open-core';
import { migrate } from '../team-store/migrate';
import { SCHEMA_VERSION } from '../team-store/migrations';
import { ActivityReadError, importActivity, importDeskId } from '../team-store/store-import';
import { failureOf, TeamStoreError } from '../team-store/store-words';
import { connectionConfig } from '../team-store/connection';
import { EXIT } from './failure';
import type { CliIo } from './output';
import type { TeamImportCommand, TeamInitCommand } from './team-args';
import { readTeamPassword, TEAM_PASSWORD_SOURCES } from './team-password';
import { UsageError } from './usage-error';

/** What the desk row of an import names as its profile: the attempts name their own. */
export const IMPORT_PROFILE_NAME = 'activity import';

export async function runTeamInit(c: TeamInitCommand, io: CliIo): Promise<number> {
  const where = storeAddressWords(c.url);
  return reported('team init', where, c, io, async (password) => {
    const client = new pg.Client({
      ...connectionConfig({ url: c.url, password }),
      application_name: 'uta-desk team init',
    });
    // A connection cut mid-query fails that query; without a listener it would also crash the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const applied = await migrate(client, where);
      const last = applied.at(-1);
      if (last === undefined)
        io.stdout.write(`${where} is already at schema version ${SCHEMA_VERSION}: nothing to do.\n`);
      else if (applied[0] === 1) io.stdout.write(`Created the UTA Desk tables in ${where} (schema version ${last}).\n`);
      else
        io.stdout.write(
          `Upgraded the UTA Desk tables in ${where} from schema version ${applied[0]! - 1} to ${last}.\n`,
        );
    } finally {
      await client.end().catch(() => undefined);
    }
  });
}

export async function runTeamImport(c: TeamImportCommand, io: CliIo): Promise<number> {
  const where = storeAddressWords(c.url);
  const dir = c.userDataDir ?? defaultUserDataDir(process.platform, io.env);
  // A mistyped folder is said as such, not imported as an empty log.
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
    io.stderr.write(`uta-desk team import: there is no folder ${dir}.\n`);
    return EXIT.usage;
  }
  return reported('team import', where, c, io, async (password) => {
    const osUser = userInfo().username.slice(0, MAX_SOURCE_USER);
    const { id, saved } = await importDeskId(dir);
    const r = await importActivity({
      userDataDir: dir,
      store: { url: c.url, password },
      desk: {
        id,
        osUser,
        hostName: hostname(),
        hostKind: 'cli',
        displayName: c.displayName ?? osUser,
        profileName: IMPORT_PROFILE_NAME,
      },
    });
    const attempts = `${groupDigits(String(r.imported))} attempt${r.imported === 1 ? '' : 's'}`;
    io.stdout.write(
      `Imported ${attempts} (${groupDigits(String(r.present))} already in the store) from ${dir} into ${where}.\n`,
    );
    if (r.skippedLines > 0)
      io.stderr.write(
        `${groupDigits(String(r.skippedLines))} unreadable line${r.skippedLines === 1 ? '' : 's'} in the journal skipped.\n`,
      );
    if (!saved)
      io.stderr.write(
        `The folder is not yours to write: its desk id (${id}) was derived from this machine and the folder, not saved in it.\n`,
      );
  });
}

/** Reads the password, runs the work, and turns a failure into words and an exit code. */
async function reported(
  label: string,
  where: string,
  c: TeamInitCommand,
  io: CliIo,
  work: (password: string | undefined) => Promise<void>,
): Promise<number> {
  let password: string | undefined;
  try {
    password = await readTeamPassword({ fd: c.passwordFd, env: io.env, tty: io.tty, where });
    await work(password);
    return EXIT.ok;
  } catch (e) {
    const { code, words } = localFailure(e) ?? storeFailure(e, where, password !== undefined);
    io.stderr.write(`uta-desk ${label}: ${words}\n`);
    return code;
  }
}

/** A failure of this machine's side: the arguments, the password's source, the folder's log. */
function localFailure(e: unknown): { code: number; words: string } | undefined {
  if (e instanceof UsageError) return { code: EXIT.usage, words: e.message };
  if (e instanceof ActivityReadError) return { code: EXIT.rejected, words: `${e.message}.` };
  return undefined;
}

const CHECK_AGAIN = 'Check the address, the network and the server, then try again.';

/**
 * A store's failure for the team commands: the exit code failure.ts gives its kind (a refusal 1, bad
 * usage 2, no answer 3) and words that say what to do from a terminal (store-words.ts's send to
 * Profiles). Never an SQLSTATE or errno alone; the server's own message where it is the clearest.
 */
export function storeFailure(e: unknown, where: string, passwordGiven: boolean): { code: number; words: string } {
  const code = (e as { code?: unknown } | undefined)?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof TeamStoreError && e.failure === 'schema') return { code: EXIT.rejected, words: e.message };
  if (/client password must be|Password must be a string/i.test(message) || (!passwordGiven && failureOf(e) === 'auth'))
    return {
      code: EXIT.usage,
      words: `The team store at ${where} asks for a password: give it on a terminal, with ${TEAM_PASSWORD_SOURCES}.`,
    };
  if (code === '3D000') {
    const slash = where.indexOf('/');
    return {
      code: EXIT.usage,
      words: `The server at ${where.slice(0, slash)} has no database "${where.slice(slash + 1)}": check the address, or ask its administrator to create it.`,
    };
  }
  switch (failureOf(e)) {
    case 'auth':
      return {
        code: EXIT.usage,
        words: `The team store at ${where} refused the user name or password: check the user in the address and the password given (${TEAM_PASSWORD_SOURCES}, or the terminal).`,
      };
    case 'unreachable':
      return {
        code: EXIT.unreachable,
        words: `The team store at ${where} cannot be reached (${unreachableWhy(code, message)}). ${CHECK_AGAIN}`,
      };
    case 'full':
      return {
        code: EXIT.unreachable,
        words: `The team store at ${where} is out of space or connections. Ask its administrator to free some, then try again.`,
      };
    case 'read-only':
      return {
        code: EXIT.rejected,
        words: `The team store at ${where} is read-only (a standby, or set read-only): give the primary server's address. Nothing was changed.`,
      };
    default:
      return { code: EXIT.rejected, words: `The team store at ${where} refused: ${serverWords(e)}.` };
  }
}

function unreachableWhy(code: unknown, message: string): string {
  if (code === 'ECONNREFUSED') return 'connection refused: nothing answers at that port';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (/timeout/i.test(message) || code === 'ETIMEDOUT') return 'no answer in time';
  if (typeof code === 'string' && code.startsWith('57')) return 'the server is shutting down or restarting';
  return 'the connection was lost';
}

/** The server's message (it never holds the password), cut short; a program's error as the unexpected. */
function serverWords(e: unknown): string {
  const message = e instanceof Error ? e.message.trim() : '';
  const fromServer = typeof (e as { severity?: unknown } | undefined)?.severity === 'string';
  const said = message.length > 300 ? `${message.slice(0, 300)}…` : message;
  return fromServer ? `"${said}"` : `an unexpected failure (${said || 'no message'})`;
}
