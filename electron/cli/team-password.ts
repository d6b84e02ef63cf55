/**
 * The team store's password for `uta-desk team …`, never from an argument or the address: the file
 * descriptor of --password-fd, the file named by UTA_DESK_TEAM_PASSWORD_FILE, or a prompt on the
 * terminal with nothing echoed; with none of them, none (pg then reads PGPASSWORD or ~/.pgpass, as
 * psql would). The value is only ever handed to pg.
 */
import { readSecret, type PassphraseTty } from './secret-input';

export const TEAM_PASSWORD_FILE_VARIABLE = 'UTA_DESK_TEAM_PASSWORD_FILE';
/** Where the words send the password (a refused address, a wrong or missing password). */
export const TEAM_PASSWORD_SOURCES = `--password-fd N or ${TEAM_PASSWORD_FILE_VARIABLE}`;
/** What a team command says of a password given as an option. */
export const TEAM_PASSWORD_WORDS = `give the team store's password on a terminal, with ${TEAM_PASSWORD_SOURCES}`;

export interface TeamPasswordSources {
  fd?: number;
  env: Readonly<Record<string, string | undefined>>;
  tty?: PassphraseTty;
  /** "127.0.0.1:5432/desk", for the prompt. */
  where: string;
}

export function readTeamPassword(from: TeamPasswordSources): Promise<string | undefined> {
  return readSecret(
    {
      what: 'The team store password',
      one: 'a password',
      fdOption: '--password-fd',
      fileVariable: TEAM_PASSWORD_FILE_VARIABLE,
      question: `Password for the team store at ${from.where}: `,
    },
    from,
  );
}
