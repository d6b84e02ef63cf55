/** `uta-desk team init` and `team import`: their helps, and the address and options they take. */
import type { ParsedValues } from './cli-options';
import { integerOption } from './option-values';
import { TEAM_PASSWORD_FILE_VARIABLE, TEAM_PASSWORD_SOURCES } from './team-password';
import { UsageError } from './usage-error';
import { storeAddressProblem } from '../../shared/team-store-address';

/** The --password-fd lines of a help whose descriptions start at column `at`. */
function passwordHelp(at: number): string {
  const pad = ' '.repeat(at);
  return [
    `  --password-fd N${' '.repeat(at - 17)}Read the store's password from file descriptor N; else from the file named`,
    `${pad}by ${TEAM_PASSWORD_FILE_VARIABLE}; else it is asked on the terminal (not`,
    `${pad}echoed); else none (PGPASSWORD or ~/.pgpass, as psql). Never in the address.`,
  ].join('\n');
}

export const TEAM_INIT_HELP = `Usage: uta-desk team init URL [--password-fd N]

Creates the UTA Desk tables in the PostgreSQL database at URL, or brings them to this UTA Desk's
schema version; a store already at it is left as it is. Safe to run again, and by two at once.

  URL               postgres://[user@]host[:port]/database[?sslmode=…], without the password
${passwordHelp(20)}
  -h, --help        This help

Exit codes: 0 created, upgraded or already current; 1 refused, nothing changed: the store's schema is
newer than this UTA Desk, or the server refused (read-only, no right to create tables); 2 bad usage:
the address (a password in it), the password (wrong, missing, unreadable), no such database; 3 the
store cannot be reached (network, timeout, server out of connections).
`;

export const TEAM_IMPORT_HELP = `Usage: uta-desk team import URL [--user-data DIR] [--display-name NAME] [--password-fd N]

Copies every attempt of the folder's activity log into the team store at URL: each with every state
the log recorded of it and its newest, under this folder's desk (CLI, the OS user, this machine).
An attempt the store has already is skipped, neither duplicated nor overwritten, so running it again
imports only what is new. It only reads the folder, as \`uta-desk activity\` does: safe while the app
runs, and no lock is taken (in a folder of yours without a desk id, one is saved, as the app would).

  URL                  The team store's address, as for team init (its tables made by team init)
  --user-data DIR      The folder whose log is copied (default: the desktop app's own)
  --display-name NAME  The desk's name on the team (default: the OS user)
${passwordHelp(23)}
  -h, --help           This help

Exit codes: 0 imported (also when nothing was new); 1 refused: the store's schema is not this UTA
Desk's, the server refused a write, the log could not be read; 2 bad usage: the address, the
password, the folder; 3 the store cannot be reached (network, timeout, server out of connections).
Stopped partway (1 or 3), what was imported stays, and a run again goes on from there.
`;

export interface TeamInitCommand {
  url: string;
  passwordFd?: number;
}

export interface TeamImportCommand extends TeamInitCommand {
  /** undefined: the desktop app's own folder. */
  userDataDir?: string;
  /** undefined: the OS user. */
  displayName?: string;
}

export function teamInitArgs(values: ParsedValues, operands: readonly string[]): TeamInitCommand {
  const url = storeAddress(operands[0] ?? '');
  const fd = values['password-fd'];
  return { url, ...(fd === undefined ? {} : { passwordFd: integerOption('--password-fd', fd, 0, 1_000_000) }) };
}

export function teamImportArgs(values: ParsedValues, operands: readonly string[]): TeamImportCommand {
  const dir = values['user-data']?.trim();
  if (dir === '') throw new UsageError('--user-data needs a folder.');
  const name = values['display-name']?.trim();
  if (name !== undefined && !/^[^\p{Cc}]{1,64}$/u.test(name))
    throw new UsageError('--display-name takes 1 to 64 characters, no line breaks.');
  return {
    ...teamInitArgs(values, operands),
    ...(dir === undefined ? {} : { userDataDir: dir }),
    ...(name === undefined ? {} : { displayName: name }),
  };
}

export const PASSWORD_IN_ADDRESS = `Put the password in ${TEAM_PASSWORD_SOURCES}, not in the address: an address is seen in process lists and shell history`;

/**
 * The store's address as typed, refused in words (never quoting it: a password may be in it) when
 * it is not one UTA Desk connects to: the rules a profile's store address follows.
 */
export function storeAddress(text: string): string {
  const problem = storeAddressProblem(text.trim(), PASSWORD_IN_ADDRESS);
  if (problem) throw new UsageError(`${problem.replace(/\.$/, '')}.`);
  return text.trim();
}
