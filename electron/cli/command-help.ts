/**
 * `uta-desk <command> --help`: the command's own entries of COMMAND_DETAILS, then the options every
 * command takes, the credentials and the exit codes (one text each, so no two helps disagree).
 */
import { COMMAND_DETAILS, CREDENTIALS_HELP, exitCodesHelp, OPTIONS_HELP } from './help-text';

/** The entries whose first word is `command` ("instruments diff" is instruments'). */
export function commandHelp(command: string): string | undefined {
  const entries: string[][] = [];
  for (const line of COMMAND_DETAILS.split('\n')) {
    if (/^ {2}\S/.test(line)) entries.push([line]);
    else if (line.trim() !== '') entries.at(-1)?.push(line);
  }
  const own = entries.filter((e) => e[0]!.trim().split(/\s+/)[0] === command);
  if (own.length === 0) return undefined;
  const usage = own.map((e) => `Usage: uta-desk ${e[0]!.trim()}\n${e.slice(1).join('\n')}`).join('\n\n');
  return `${usage}\n\n${OPTIONS_HELP}\n${CREDENTIALS_HELP}\n${exitCodesHelp()}`;
}
