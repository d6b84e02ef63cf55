/**
 * The CLI as a function: parse the command line against the table of commands, then print a help,
 * the version or a usage error, or run the command; returns the exit code. uta-desk.ts is only the
 * process glue, so tests run the whole CLI in-process.
 */
import { commandHelp } from './command-help';
import { CommandLineError, parseCommandLine, type CommandEntry, type CommandLine } from './command-line';
import { COMMAND_TABLE } from './command-table';
import { EXIT } from './failure';
import { HELP } from './help-text';
import type { CliIo } from './output';

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let line: CommandLine;
  try {
    line = parseCommandLine(argv, COMMAND_TABLE);
  } catch (e) {
    if (!(e instanceof CommandLineError)) throw e;
    io.stderr.write(usageErrorText(e.message, e.entry));
    return EXIT.usage;
  }
  switch (line.kind) {
    case 'version':
      // The Node it runs on too: the server bundle's own, never the machine's (its test checks this).
      io.stdout.write(`uta-desk ${io.version ?? 'unknown'} (Node ${process.version}, ${process.execPath})\n`);
      return EXIT.ok;
    case 'help':
      io.stdout.write((line.name !== undefined && commandHelp(line.name)) || HELP);
      return EXIT.ok;
    case 'run':
      return line.entry.run(line.command, io);
  }
}

/** A usage error in the words its command ends them with (the overview's when none was named). */
function usageErrorText(message: string, entry: CommandEntry | undefined): string {
  switch (entry?.onUsageError ?? 'overview') {
    case 'overview':
      return `uta-desk: ${message}\nRun "uta-desk --help" for usage.\n`;
    case 'own-help':
      return `uta-desk ${entry!.name}: ${message}\nRun "uta-desk ${entry!.name} --help" for usage.\n`;
    case 'with-help':
      return `uta-desk ${entry!.name}: ${message}\n\n${commandHelp(entry!.name) ?? ''}`;
  }
}
