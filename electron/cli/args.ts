/**
 * Command-line parsing of `uta-desk <command> [options]`. Everything wrong with the arguments is a
 * UsageError (exit code 2) raised before any request is made. The option table is cli-options.ts,
 * single values option-values.ts, modify-batch's source batch-args.ts, the help help-text.ts.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORIES, TICKER_CATEGORIES, type Category, type TickerCategory } from '../../shared/schemas';
import { batchSource, type BatchSource } from './batch-args';
import { COMMAND_OPTIONS, COMMANDS, GLOBAL_OPTIONS, OPTIONS, RULE_OPTIONS, type CommandName } from './cli-options';
import {
  baseUrlOption,
  categoryOption,
  durationOption,
  integerOption,
  orderRef,
  textOption,
  tickerCategoryOption,
} from './option-values';
import { UsageError } from './usage-error';

export { COMMANDS, type CommandName } from './cli-options';
export { UsageError } from './usage-error';
export { durationOption } from './option-values';
export { HELP } from './help-text';
export type { BatchSource, OrderSelection } from './batch-args';

export interface GlobalOptions {
  baseUrl: string;
  /** --base-url was given (with environment credentials it says where they sign). */
  baseUrlGiven: boolean;
  demoTrading: boolean;
  locale: string;
  json: boolean;
  timeoutMs: number;
  /** No note on stderr about where a signed request goes, and no progress. */
  quiet: boolean;
  /** --user-data DIR; undefined: the desktop app's own folder. */
  userDataDir?: string;
  /** --profile NAME: a stored profile (or the Local demo). */
  profile?: string;
  /** --passphrase-fd N: the vault passphrase is read from this file descriptor. */
  passphraseFd?: number;
}

export type Command =
  | { name: 'help'; topic?: CommandName }
  | { name: 'version' }
  | { name: 'instruments'; category: Category; symbol?: string }
  /** `instruments diff`: see instruments-diff.ts. `sinceMs`: how far back, as a duration. */
  | { name: 'instruments-diff'; category?: Category; sinceMs?: number; stateDir?: string }
  | { name: 'tickers'; category: TickerCategory; symbol?: string }
  | { name: 'order'; orderId?: string; clientOid?: string }
  | { name: 'open-orders'; category?: Category; symbol?: string; limit?: number }
  | {
      name: 'modify';
      orderId?: string;
      clientOid?: string;
      qty?: string;
      price?: string;
      autoCancel?: string;
      symbol?: string;
      category?: string;
      /** Look up and check, print the request body, send nothing. */
      dryRun: boolean;
      /** Follow to the outcome (false: stop once the exchange has answered the modify). */
      follow: boolean;
    }
  | {
      name: 'modify-batch';
      source: BatchSource;
      dryRun: boolean;
      follow: boolean;
      /** For items that do not say; an item's own autoCancel wins. */
      autoCancel?: string;
    }
  | {
      name: 'revert';
      /** What is undone: exactly one of a run (every applied item) or one applied attempt. */
      runId?: string;
      attemptId?: string;
      /** Preview only: read and plan, send and record nothing. */
      dryRun: boolean;
      follow: boolean;
    };

export interface ParsedArgs {
  command: Command;
  global: GlobalOptions;
}

/**
 * Options whose value may be negative ("--price-steps -2"): parseArgs would take "-2" for an option
 * and refuse it as ambiguous, so a negative number right after one is joined to it first. The
 * others of a rule take it too, so a negative quantity meets the rule's own message.
 */
const SIGNED_OPTIONS = new Set(RULE_OPTIONS.map((n) => `--${n}`));

function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (SIGNED_OPTIONS.has(a) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i += 1;
    } else out.push(a);
  }
  return out;
}

/** Flags someone might try for credentials; refused by name, and their value is never echoed. */
const SECRET_FLAG =
  /^--?(api[-_]?key|key|secret|api[-_]?secret|secret[-_]?key|pass(phrase|word)?|api[-_]?passphrase)(=|$)/i;

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const secretFlag = argv.find((a) => SECRET_FLAG.test(a));
  if (secretFlag) {
    throw new UsageError(
      `Credentials are never accepted as options (${secretFlag.split('=')[0]}): use --profile NAME (a vault passphrase comes from the terminal, --passphrase-fd N or UTA_DESK_VAULT_PASSPHRASE_FILE), or set BITGET_API_KEY, BITGET_API_SECRET and BITGET_API_PASSPHRASE in the environment.`,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const userData = textOption('--user-data', values['user-data']);
  const global: GlobalOptions = {
    baseUrl: baseUrlOption(values['base-url']),
    baseUrlGiven: values['base-url'] !== undefined,
    demoTrading: values['demo-trading'] ?? false,
    locale: values.locale?.trim() || 'en-US',
    json: values.json ?? false,
    timeoutMs:
      values['timeout-ms'] === undefined ? 10_000 : integerOption('--timeout-ms', values['timeout-ms'], 1, 600_000),
    quiet: values.quiet ?? false,
    ...(userData ? { userDataDir: resolve(userData) } : {}),
    ...(values.profile !== undefined ? { profile: textOption('--profile', values.profile) } : {}),
    ...(values['passphrase-fd'] !== undefined
      ? { passphraseFd: integerOption('--passphrase-fd', values['passphrase-fd'], 0, 1_000_000) }
      : {}),
  };
  const [name, ...extra] = positionals;
  if (values.version && name === undefined) return { command: { name: 'version' }, global };
  if (name === 'help' || (values.help && !(COMMANDS as readonly string[]).includes(name ?? '')))
    return { command: { name: 'help' }, global };
  if (values.help) return { command: { name: 'help', topic: name as CommandName }, global };
  if (name === undefined) throw new UsageError(`Give a command: ${COMMANDS.join(', ')}, activity or serve.`);
  if (!(COMMANDS as readonly string[]).includes(name))
    throw new UsageError(`Unknown command "${name}". Commands: ${COMMANDS.join(', ')}, activity, serve.`);
  const command = name as CommandName;
  if (command === 'instruments' && extra[0] === 'diff' && extra.length === 1)
    return { command: diffCommand(values), global };
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" after ${command}.`);

  const allowed = new Set<string>([...GLOBAL_OPTIONS, ...COMMAND_OPTIONS[command]]);
  const misplaced = Object.keys(values).find((k) => !allowed.has(k));
  if (misplaced) throw new UsageError(`--${misplaced} is not an option of ${command}.`);

  const symbol = textOption('--symbol', values.symbol);
  const follow = !(values['no-follow'] ?? false);
  switch (command) {
    case 'instruments': {
      if (values.category === undefined)
        throw new UsageError('instruments needs --category (one of ' + CATEGORIES.join(', ') + ').');
      return { command: { name: command, category: categoryOption(values.category), symbol }, global };
    }
    case 'tickers': {
      if (values.category === undefined)
        throw new UsageError('tickers needs --category (one of ' + TICKER_CATEGORIES.join(', ') + ').');
      return { command: { name: command, category: tickerCategoryOption(values.category), symbol }, global };
    }
    case 'order':
      return { command: { name: command, ...orderRef(values['order-id'], values['client-oid']) }, global };
    case 'open-orders':
      return {
        command: {
          name: command,
          category: values.category === undefined ? undefined : categoryOption(values.category),
          symbol,
          limit: values.limit === undefined ? undefined : integerOption('--limit', values.limit, 1, 100),
        },
        global,
      };
    case 'modify':
      // Nothing to change is a question of the command line, answered before the exchange is asked.
      if (values.qty === undefined && values.price === undefined)
        throw new UsageError('modify needs the new quantity (--qty Q), the new price (--price P) or both.');
      // Values are checked by the amend rules, like the app does, so the messages are the same.
      return {
        command: {
          name: command,
          ...orderRef(values['order-id'], values['client-oid']),
          qty: values.qty,
          price: values.price,
          autoCancel: values['auto-cancel'],
          symbol,
          category: values.category?.trim().toUpperCase(),
          dryRun: values['dry-run'] ?? false,
          follow,
        },
        global,
      };
    case 'modify-batch': {
      const autoCancel = textOption('--auto-cancel', values['auto-cancel'])?.toLowerCase();
      if (autoCancel !== undefined && autoCancel !== 'yes' && autoCancel !== 'no')
        throw new UsageError('--auto-cancel must be yes or no.');
      return {
        command: { name: command, source: batchSource(values), dryRun: values['dry-run'] ?? false, follow, autoCancel },
        global,
      };
    }
    case 'revert': {
      const runId = textOption('--run', values.run);
      const attemptId = textOption('--attempt', values.attempt);
      if ((runId === undefined) === (attemptId === undefined))
        throw new UsageError(
          'Say what to revert: --run ID (every applied item of a finished run) or --attempt ID (one applied amend), not both.',
        );
      return {
        command: {
          name: command,
          ...(runId !== undefined ? { runId } : { attemptId }),
          dryRun: values['dry-run'] ?? false,
          follow,
        },
        global,
      };
    }
  }
}

/** `instruments diff [--since DURATION] [--category C] [--state-dir DIR]`. */
function diffCommand(values: Record<string, string | boolean | undefined>): Command {
  const allowed = new Set<string>([...GLOBAL_OPTIONS, 'category', 'since', 'state-dir']);
  const misplaced = Object.keys(values).find((k) => !allowed.has(k));
  if (misplaced) throw new UsageError(`--${misplaced} is not an option of instruments diff.`);
  const since = textOption('--since', values.since as string | undefined);
  return {
    name: 'instruments-diff',
    category: values.category === undefined ? undefined : categoryOption(values.category as string),
    sinceMs: since === undefined ? undefined : durationOption('--since', since),
    stateDir: textOption('--state-dir', values['state-dir'] as string | undefined),
  };
}
