/**
 * The team store's password for `uta-desk team …`, never from an argument or the address: the file
 * descriptor of --password-fd, the file named by UTA_DESK_TEAM_PASSWORD_FILE, or a prompt on the
 * terminal with nothing echoed; with none of them, none (pg then reads PGPASSWORD or ~/.pgpass, as
 * psql would). The value is only ever handed to pg.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error';
import { promptHidden, type PassphraseTty } from './vault-passphrase';

export const TEAM_PASSWORD_FILE_VARIABLE = 'UTA_DESK_TEAM_PASSWORD_FILE';
/** Where the words send the password (a refused address, a wrong or missing password). */
export const TEAM_PASSWORD_SOURCES = `--password-fd N or ${TEAM_PASSWORD_FILE_VARIABLE}`;
/** What a team command says of a password given as an option. */
export const TEAM_PASSWORD_WORDS = `give the team store's password on a terminal, with ${TEAM_PASSWORD_SOURCES}`;
const MAX_BYTES = 4096;

export interface TeamPasswordSources {
  fd?: number;
  env: Readonly<Record<string, string | undefined>>;
  tty?: PassphraseTty;
  /** "127.0.0.1:5432/desk", for the prompt. */
  where: string;
}

export async function readTeamPassword(from: TeamPasswordSources): Promise<string | undefined> {
  if (from.fd !== undefined) return firstLine(read(() => readFileSync(from.fd as number), `--password-fd ${from.fd}`));
  const file = from.env[TEAM_PASSWORD_FILE_VARIABLE]?.trim();
  if (file) return firstLine(read(() => readFileSync(file), `${TEAM_PASSWORD_FILE_VARIABLE} (${file})`));
  if (from.tty?.input.isTTY) return promptHidden(from.tty, `Password for the team store at ${from.where}: `);
  return undefined;
}

function read(load: () => Buffer, where: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = load();
  } catch (e) {
    throw new UsageError(
      `The team store password could not be read from ${where} (${(e as NodeJS.ErrnoException).code ?? 'I/O error'}).`,
    );
  }
  if (bytes.length > MAX_BYTES)
    throw new UsageError(`${where} holds more than a password (${MAX_BYTES} bytes at most).`);
  return bytes;
}

/** The first line, without its line ending (a file written by `echo` ends with one). */
function firstLine(bytes: Buffer): string {
  const text = bytes.toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!text) throw new UsageError('The team store password given is empty.');
  return text;
}
