/**
 * The one parser of `uta-desk`: reads a command line against a table of commands (command-table.ts)
 * and returns the command to run, its help, or the version. Everything wrong with the arguments is a
 * CommandLineError (exit code 2), raised before any request is made, naming the command it belongs
 * to so its words end as that command's always have (run-cli.ts).
 */
import { parseArgs } from 'node:util';
import { NEGATIVE_VALUE_OPTIONS, OPTIONS, type OptionName, type ParsedValues } from './cli-options';
import type { CliIo } from './output';
import { UsageError } from './usage-error';

/**
 * How a usage error of the command ends: pointing to the overview's help, to its own --help, or
 * followed by its whole help. Each command keeps the ending it has always had (scripts quote them).
 */
export type UsageErrorEnding = 'overview' | 'own-help' | 'with-help';

/** Its part of `<name> --help`: its usage line(s) and what it does; or the whole help, its own. */
type EntryHelp = { details: string; help?: never } | { help: string; details?: never };

/** One command (or one verb of a command): all the parser, the helps and the runner know of it. */
export type CommandEntry<T = unknown> = EntryHelp & {
  /** The word after `uta-desk`. Entries of one name are one command in the overview and its --help. */
  name: string;
  /** A sub-verb (`instruments diff`): the word after the name, with options and a runner of its own. */
  verb?: string;
  /** Words it takes after its name (and verb), each required, named as its usage names them. */
  operands?: readonly string[];
  /** Its line in `uta-desk --help` (a verb's follows "<name> <verb>: " on its command's line). */
  summary: string;
  /** The options it takes besides --help. */
  options: readonly OptionName[];
  onUsageError: UsageErrorEnding;
  /** Where its secrets come from, said when one is given as an option (default: the exchange's credentials). */
  secretWords?: string;
  /** Checks the values (a UsageError says what is wrong) and makes the command to run. */
  parse(values: ParsedValues, operands: readonly string[]): T;
  run(command: T, io: CliIo): Promise<number>;
};

/**
 * An entry whose run takes what its parse makes, checked here; the table then holds entries of any
 * command, and the parser only ever gives an entry's run what that entry's parse made.
 */
export function command<T>(entry: CommandEntry<T>): CommandEntry {
  return entry;
}

export type CommandLine =
  | { kind: 'version' }
  /** No name: the overview. */
  | { kind: 'help'; name?: string }
  | { kind: 'run'; entry: CommandEntry; command: unknown };

export class CommandLineError extends UsageError {
  /** The command named, when one was: its words end the message (undefined: the overview's). */
  constructor(
    message: string,
    readonly entry: CommandEntry | undefined,
  ) {
    super(message);
  }
}

/** Flags someone might try for credentials; refused by name, and their value is never echoed. */
const SECRET_FLAG =
  /^--?(api[-_]?key|key|secret|api[-_]?secret|secret[-_]?key|pass(phrase|word)?|api[-_]?passphrase)(=|$)/i;

const EXCHANGE_SECRET_WORDS =
  'use --profile NAME (a vault passphrase comes from the terminal, --passphrase-fd N or UTA_DESK_VAULT_PASSPHRASE_FILE), or set BITGET_API_KEY, BITGET_API_SECRET and BITGET_API_PASSPHRASE in the environment';

export function parseCommandLine(argv: readonly string[], table: readonly CommandEntry[]): CommandLine {
  const args = joinNegativeValues(argv);
  const positionals = positionalsOf(args);
  // A command of verbs only named without one (`team`): its words end as its verbs' do.
  const named = entryNamed(positionals, table) ?? table.find((e) => e.name === positionals[0]);
  try {
    return parseAgainst(args, table, named);
  } catch (e) {
    if (e instanceof UsageError) throw new CommandLineError(e.message, named);
    throw e;
  }
}

function parseAgainst(
  args: readonly string[],
  table: readonly CommandEntry[],
  named: CommandEntry | undefined,
): CommandLine {
  const secretFlag = args.find((a) => SECRET_FLAG.test(a));
  if (secretFlag)
    throw new UsageError(
      `Credentials are never accepted as options (${secretFlag.split('=')[0]}): ${named?.secretWords ?? EXCHANGE_SECRET_WORDS}.`,
    );
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const [name, ...words] = positionals;
  if (values.version && name === undefined) return { kind: 'version' };
  const entries = table.filter((e) => e.name === name);
  // Whoever asks for help gets it, also with a word that is no command (they are looking for one)
  // and with options the command does not take.
  if (name === 'help' || (values.help && entries.length === 0)) return { kind: 'help' };
  if (values.help) return { kind: 'help', name };
  const names = [...new Set(table.map((e) => e.name))];
  if (name === undefined) throw new UsageError(`Give a command: ${names.slice(0, -1).join(', ')} or ${names.at(-1)}.`);
  if (entries.length === 0) throw new UsageError(`Unknown command "${name}". Commands: ${names.join(', ')}.`);

  const entry = entryNamed(positionals, table);
  if (!entry) throw new UsageError(`${name} needs one of: ${entries.map((e) => e.verb).join(', ')}.`);
  const label = labelOf(entry);
  const operands = entry.verb === undefined ? words : words.slice(1);
  const wanted = entry.operands ?? [];
  if (operands.length > wanted.length)
    throw new UsageError(`Unexpected argument "${operands[wanted.length]}" after ${label}.`);
  if (operands.length < wanted.length) throw new UsageError(`${label} needs ${wanted[operands.length]}.`);
  const misplaced = Object.keys(values).find((k) => k !== 'help' && !entry.options.includes(k as OptionName));
  if (misplaced) throw new UsageError(`--${misplaced} is not an option of ${label}.`);
  return { kind: 'run', entry, command: entry.parse(values, operands) };
}

/** An entry as an operator types it ("instruments diff", "modify"), in messages and helps. */
export function labelOf(entry: Pick<CommandEntry, 'name' | 'verb'>): string {
  return entry.verb === undefined ? entry.name : `${entry.name} ${entry.verb}`;
}

/** The entry the first words name: its verb's when the second word is one, else its own (if any). */
function entryNamed(positionals: readonly string[], table: readonly CommandEntry[]): CommandEntry | undefined {
  const [name, verb] = positionals;
  const entries = table.filter((e) => e.name === name);
  return entries.find((e) => e.verb !== undefined && e.verb === verb) ?? entries.find((e) => e.verb === undefined);
}

/** The words that are no option's value, read leniently: the command is known even when an option is wrong. */
function positionalsOf(args: readonly string[]): string[] {
  return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false }).positionals;
}

/** "--price-steps -2" → "--price-steps=-2", so parseArgs reads the value as one. */
function joinNegativeValues(argv: readonly string[]): string[] {
  const signed = new Set(NEGATIVE_VALUE_OPTIONS.map((n) => `--${n}`));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (signed.has(a) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i += 1;
    } else out.push(a);
  }
  return out;
}
