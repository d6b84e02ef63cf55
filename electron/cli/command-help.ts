/**
 * `uta-desk <command> --help`: the command's own entries of the global help (one text, so the two
 * never disagree), with the options every command takes and the credentials line.
 */

/** The entries of the "Commands:" section whose first word is `command` ("instruments diff" is instruments'). */
export function commandHelp(help: string, command: string): string | undefined {
  const lines = help.split('\n');
  const start = lines.indexOf('Commands:');
  const optionsAt = lines.indexOf('Options:');
  if (start < 0 || optionsAt < 0) return undefined;
  const entries: string[][] = [];
  for (const line of lines.slice(start + 1, optionsAt)) {
    if (/^ {2}\S/.test(line)) entries.push([line]);
    else if (line.trim() !== '') entries.at(-1)?.push(line);
  }
  const own = entries.filter((e) => e[0]!.trim().split(/\s+/)[0] === command);
  if (own.length === 0) return undefined;
  const rest = lines.slice(optionsAt);
  const end = rest.findIndex((l, i) => i > 0 && l.trim() === '');
  const usage = own.map((e) => `Usage: uta-desk ${e[0]!.trim()}\n${e.slice(1).join('\n')}`).join('\n\n');
  const credentials = lines.findIndex((l) => l.startsWith('Credentials come from'));
  const credentialLines = credentials < 0 ? [] : ['', ...lines.slice(credentials, credentials + 2)];
  return `${usage}\n\n${rest.slice(0, end < 0 ? undefined : end).join('\n')}\n${credentialLines.join('\n')}\n`;
}
