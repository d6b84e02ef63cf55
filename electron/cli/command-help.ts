/**
 * `uta-desk <command> --help`: a command's own help when its entries have one (serve, activity, team); else
 * the usage entries of its details (its verbs' too), then the options every exchange command takes,
 * the credentials and the exit codes (one text each, so no two helps disagree).
 */
import { COMMAND_TABLE } from './command-table';
import { CREDENTIALS_HELP, exitCodesHelp, OPTIONS_HELP } from './help-text';

export function commandHelp(name: string): string | undefined {
  const entries = COMMAND_TABLE.filter((e) => e.name === name);
  // A command whose verbs each have a help of their own (team init, team import): every one of them.
  const own = [...new Set(entries.flatMap((e) => (e.help === undefined ? [] : [e.help])))];
  if (own.length > 0) return own.join('\n');
  const usages = entries.flatMap((e) => usageEntries(e.details ?? ''));
  if (usages.length === 0) return undefined;
  const usage = usages.map((u) => `Usage: uta-desk ${u[0]!.trim()}\n${u.slice(1).join('\n')}`).join('\n\n');
  return `${usage}\n\n${OPTIONS_HELP}\n${CREDENTIALS_HELP}\n${exitCodesHelp()}`;
}

/** A details text's usage entries: each its usage line (at two spaces) and the lines under it. */
export function usageEntries(details: string): string[][] {
  const entries: string[][] = [];
  for (const line of details.split('\n')) {
    if (/^ {2}\S/.test(line)) entries.push([line]);
    else if (line.trim() !== '') entries.at(-1)?.push(line);
  }
  return entries;
}
