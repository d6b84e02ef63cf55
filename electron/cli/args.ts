/**
 * Command-line parsing of `uta-desk <command> [options]`. Everything wrong with the arguments is a
 * UsageError (exit code 2) raised before any request is made.
 */
import { parseArgs } from 'node:util';
import {
  CATEGORIES,
  MAX_DECIMAL_LENGTH,
  TICKER_CATEGORIES,
  type Category,
  type TickerCategory,
} from '../../shared/schemas';
import { LIVE_BASE_URL } from '../../shared/profiles';
import { DeskError } from '../../shared/errors';
import { validatePlanRule, type PlanRule, type PriceRule, type QtyRule } from '../../shared/amend-plan';
import { normalizeBaseUrl } from '../profiles/base-url';

export const COMMANDS = ['instruments', 'tickers', 'order', 'open-orders', 'modify', 'modify-batch'] as const;
export type CommandName = (typeof COMMANDS)[number];

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface GlobalOptions {
  baseUrl: string;
  demoTrading: boolean;
  locale: string;
  json: boolean;
  timeoutMs: number;
  /** No note on stderr about where a signed request goes. */
  quiet: boolean;
}

export type Command =
  | { name: 'help'; topic?: CommandName }
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
    }
  | {
      name: 'modify-batch';
      source: BatchSource;
      dryRun: boolean;
      /** For items that do not say; an item's own autoCancel wins. */
      autoCancel?: string;
    };

/** Where `modify-batch` gets its modifications: a file of items, or one rule over the open orders. */
export type BatchSource = { kind: 'file'; file: string } | { kind: 'rule'; rule: PlanRule; selection: OrderSelection };

/** Which open orders a rule applies to; filters combine (AND). */
export interface OrderSelection {
  category?: Category;
  symbol?: string;
  side?: 'buy' | 'sell';
  /** Said explicitly when no --category or --symbol scopes the selection. */
  all: boolean;
}

export interface ParsedArgs {
  command: Command;
  global: GlobalOptions;
}

const OPTIONS = {
  'base-url': { type: 'string' },
  'demo-trading': { type: 'boolean' },
  locale: { type: 'string' },
  json: { type: 'boolean' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  quiet: { type: 'boolean', short: 'q' },
  category: { type: 'string' },
  symbol: { type: 'string' },
  'order-id': { type: 'string' },
  'client-oid': { type: 'string' },
  limit: { type: 'string' },
  qty: { type: 'string' },
  price: { type: 'string' },
  'auto-cancel': { type: 'string' },
  file: { type: 'string' },
  'dry-run': { type: 'boolean' },
  since: { type: 'string' },
  'state-dir': { type: 'string' },
  'price-steps': { type: 'string' },
  'price-pct': { type: 'string' },
  'qty-pct': { type: 'string' },
  side: { type: 'string' },
  all: { type: 'boolean' },
} as const;

type OptionName = keyof typeof OPTIONS;
const GLOBAL_OPTIONS: readonly OptionName[] = [
  'base-url',
  'demo-trading',
  'locale',
  'json',
  'timeout-ms',
  'help',
  'quiet',
];
const COMMAND_OPTIONS: Readonly<Record<CommandName, readonly OptionName[]>> = {
  instruments: ['category', 'symbol'],
  tickers: ['category', 'symbol'],
  order: ['order-id', 'client-oid'],
  'open-orders': ['category', 'symbol', 'limit'],
  modify: ['order-id', 'client-oid', 'qty', 'price', 'auto-cancel', 'symbol', 'category', 'dry-run'],
  'modify-batch': [
    'file',
    'dry-run',
    'auto-cancel',
    'price-steps',
    'price-pct',
    'price',
    'qty-pct',
    'qty',
    'category',
    'symbol',
    'side',
    'all',
  ],
};

/** The options of a rule over the open orders, which --file excludes. */
const RULE_OPTIONS = ['price-steps', 'price-pct', 'price', 'qty-pct', 'qty'] as const;
const SELECTION_OPTIONS = ['category', 'symbol', 'side', 'all'] as const;

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
      `Credentials are never accepted as options (${secretFlag.split('=')[0]}): set BITGET_API_KEY, BITGET_API_SECRET and BITGET_API_PASSPHRASE in the environment.`,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const global: GlobalOptions = {
    baseUrl: baseUrlOption(values['base-url']),
    demoTrading: values['demo-trading'] ?? false,
    locale: values.locale?.trim() || 'en-US',
    json: values.json ?? false,
    timeoutMs:
      values['timeout-ms'] === undefined ? 10_000 : integerOption('--timeout-ms', values['timeout-ms'], 1, 600_000),
    quiet: values.quiet ?? false,
  };
  const [name, ...extra] = positionals;
  if (name === 'help' || (values.help && !(COMMANDS as readonly string[]).includes(name ?? '')))
    return { command: { name: 'help' }, global };
  if (values.help) return { command: { name: 'help', topic: name as CommandName }, global };
  if (name === undefined) throw new UsageError(`Give a command: ${COMMANDS.join(', ')} or serve.`);
  if (!(COMMANDS as readonly string[]).includes(name))
    throw new UsageError(`Unknown command "${name}". Commands: ${COMMANDS.join(', ')}, serve.`);
  const command = name as CommandName;
  if (command === 'instruments' && extra[0] === 'diff' && extra.length === 1)
    return { command: diffCommand(values), global };
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" after ${command}.`);

  const allowed = new Set<string>([...GLOBAL_OPTIONS, ...COMMAND_OPTIONS[command]]);
  const misplaced = Object.keys(values).find((k) => !allowed.has(k));
  if (misplaced) throw new UsageError(`--${misplaced} is not an option of ${command}.`);

  const symbol = textOption('--symbol', values.symbol);
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
        },
        global,
      };
    case 'modify-batch': {
      const autoCancel = textOption('--auto-cancel', values['auto-cancel'])?.toLowerCase();
      if (autoCancel !== undefined && autoCancel !== 'yes' && autoCancel !== 'no')
        throw new UsageError('--auto-cancel must be yes or no.');
      return {
        command: { name: command, source: batchSource(values), dryRun: values['dry-run'] ?? false, autoCancel },
        global,
      };
    }
  }
}

type ParsedValues = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

const flags = (names: readonly string[]) => names.map((n) => `--${n}`).join(', ');

function batchSource(values: ParsedValues): BatchSource {
  const given = (names: readonly OptionName[]) => names.filter((n) => values[n] !== undefined);
  const file = textOption('--file', values.file);
  if (file !== undefined) {
    const mixed = given([...RULE_OPTIONS, ...SELECTION_OPTIONS]);
    if (mixed.length > 0)
      throw new UsageError(
        `--file and a rule over the open orders are exclusive: leave out ${flags(mixed)}, or --file. Nothing was sent.`,
      );
    return { kind: 'file', file };
  }
  if (given(RULE_OPTIONS).length === 0)
    throw new UsageError(
      'modify-batch needs --file PATH (a CSV or JSON file of modifications), or a rule over the open orders: ' +
        '--price-steps N, --price-pct X or --price P, and/or --qty-pct X or --qty Q.',
    );
  const rule = ruleOf(values);
  const problems = validatePlanRule(rule);
  if (problems.length > 0) throw new UsageError(`The rule cannot be applied: ${problems.join('; ')}.`);
  const selection = orderSelection(values);
  // One price or quantity for several instruments is a slip: their steps and units differ.
  const setValue = given(['price', 'qty']);
  if (setValue.length > 0 && !selection.symbol)
    throw new UsageError(`${flags(setValue)} sets one value for every selected order: give --symbol S as well.`);
  return { kind: 'rule', rule, selection };
}

function ruleOf(values: ParsedValues): PlanRule {
  const prices = (['price-steps', 'price-pct', 'price'] as const).filter((n) => values[n] !== undefined);
  if (prices.length > 1) throw new UsageError(`Give one price rule: ${flags(prices)} are exclusive.`);
  const qtys = (['qty-pct', 'qty'] as const).filter((n) => values[n] !== undefined);
  if (qtys.length > 1) throw new UsageError(`Give one quantity rule: ${flags(qtys)} are exclusive.`);
  let price: PriceRule | undefined;
  const steps = decimalOption('--price-steps', values['price-steps']);
  const pricePct = decimalOption('--price-pct', values['price-pct']);
  const priceSet = decimalOption('--price', values.price);
  if (steps !== undefined) {
    if (!/^[+-]?\d{1,15}$/.test(steps))
      throw new UsageError('--price-steps must be a whole number of steps, such as 2 or -1.');
    price = { kind: 'steps', n: Number(steps) };
  } else if (pricePct !== undefined) price = { kind: 'percent', pct: pricePct };
  else if (priceSet !== undefined) price = { kind: 'set', value: priceSet };
  let qty: QtyRule | undefined;
  const qtyPct = decimalOption('--qty-pct', values['qty-pct']);
  const qtySet = decimalOption('--qty', values.qty);
  if (qtyPct !== undefined) qty = { kind: 'percent', pct: qtyPct };
  else if (qtySet !== undefined) qty = { kind: 'set', value: qtySet };
  const autoCancel = values['auto-cancel']?.trim().toLowerCase();
  return {
    ...(price ? { price } : {}),
    ...(qty ? { qty } : {}),
    ...(autoCancel === 'yes' || autoCancel === 'no' ? { autoCancel } : {}),
  };
}

function orderSelection(values: ParsedValues): OrderSelection {
  const side = textOption('--side', values.side)?.toLowerCase();
  if (side !== undefined && side !== 'buy' && side !== 'sell') throw new UsageError('--side must be buy or sell.');
  const selection: OrderSelection = {
    ...(values.category !== undefined ? { category: categoryOption(values.category) } : {}),
    ...(values.symbol !== undefined ? { symbol: textOption('--symbol', values.symbol)?.toUpperCase() } : {}),
    ...(side ? { side } : {}),
    all: values.all ?? false,
  };
  // --side alone still spans every market of the account: amending all of it takes saying so.
  if (!selection.category && !selection.symbol && !selection.all)
    throw new UsageError(
      'Say which open orders the rule applies to: --category C and/or --symbol S (--side buy|sell narrows ' +
        'further), or --all for every open order of the account.',
    );
  return selection;
}

/** The value as given (trimmed), bounded like every decimal the desk sends. */
function decimalOption(flag: string, value: string | undefined): string | undefined {
  const t = textOption(flag, value);
  if (t !== undefined && t.length > MAX_DECIMAL_LENGTH)
    throw new UsageError(`${flag} is longer than ${MAX_DECIMAL_LENGTH} characters.`);
  return t;
}

function orderRef(
  orderId: string | undefined,
  clientOid: string | undefined,
): { orderId?: string; clientOid?: string } {
  const ref = { orderId: textOption('--order-id', orderId), clientOid: textOption('--client-oid', clientOid) };
  if (!ref.orderId && !ref.clientOid) throw new UsageError('Give the order with --order-id ID or --client-oid ID.');
  return ref;
}

function textOption(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  if (!t) throw new UsageError(`${flag} needs a value.`);
  return t;
}

function categoryOption(value: string): Category {
  const upper = value.trim().toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(upper))
    throw new UsageError(`--category must be one of ${CATEGORIES.join(', ')}.`);
  return upper as Category;
}

function tickerCategoryOption(value: string): TickerCategory {
  const upper = value.trim().toUpperCase();
  if (upper === 'MARGIN')
    throw new UsageError(
      'There are no MARGIN tickers: margin pairs trade on the SPOT book, so use --category SPOT (same symbol).',
    );
  if (!(TICKER_CATEGORIES as readonly string[]).includes(upper))
    throw new UsageError(`--category must be one of ${TICKER_CATEGORIES.join(', ')}.`);
  return upper as TickerCategory;
}

function integerOption(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${flag} must be a whole number.`);
  const n = Number(value.trim());
  if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}.`);
  return n;
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

/** "30m", "24h", "7d" in milliseconds. */
export function durationOption(flag: string, value: string): number {
  const m = /^(\d{1,6})\s*([mhd])$/i.exec(value);
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[(m?.[2] ?? '').toLowerCase() as 'm' | 'h' | 'd'];
  if (!m || unit === undefined || Number(m[1]) === 0)
    throw new UsageError(`${flag} takes a duration such as 30m, 24h or 7d.`);
  return Math.min(Number(m[1]) * unit, 10 * 365 * 86_400_000);
}

function baseUrlOption(value: string | undefined): string {
  if (value === undefined) return LIVE_BASE_URL;
  try {
    return normalizeBaseUrl(value);
  } catch (e) {
    throw new UsageError(e instanceof DeskError ? `--base-url: ${e.message}` : '--base-url is not valid.');
  }
}

export const HELP = `uta-desk — read instruments, tickers and orders, and amend orders, on the exchange's v3 REST API

Usage: uta-desk <command> [options]

Commands:
  instruments --category C [--symbol S]
      List the instruments of a product type (SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES).
  instruments diff [--since DURATION] [--category C] [--state-dir DIR]
      What changed: fetches the instruments (every category, or C), compares them with the snapshot the
      last run kept, and prints the change log: listings, delistings, status changes, restrictions
      scheduled or cleared, and any other field (old → new), newest first; --since 30m, 24h or 7d shows
      only that far back. The history is kept per exchange (--base-url, --demo-trading) in DIR (default
      UTA_DESK_STATE_DIR, else the OS cache folder: ~/.cache/uta-desk, ~/Library/Caches/uta-desk or
      %LOCALAPPDATA%\\uta-desk\\Cache); a first run stores the baseline. It is the CLI's own history, not
      the app's. Exit 0 whether or not anything changed; a category that cannot be fetched keeps its
      snapshot, the others are still compared, and the exit code is that failure's. --json:
      {"exchange", "checked": [{category, outcome, count, previousCount}], "events": [...]}.
  tickers --category C [--symbol S]
      Last price, best bid/ask, 24-hour change, high, low, volume and turnover (futures: mark, index and
      funding rate too), as the exchange sends them. No MARGIN: margin pairs trade on the SPOT book.
  order (--order-id ID | --client-oid ID)
      Show one order.
  open-orders [--category C] [--symbol S] [--limit N]
      List open orders, following the cursor through all pages (--limit: page size, 1-100).
  modify (--order-id ID | --client-oid ID) [--qty Q] [--price P] [--auto-cancel yes|no] [--symbol S] [--category C] [--dry-run]
      Amend an open order. The desk's amend rules are checked first (the order and its instrument are
      looked up); if one is broken, nothing is sent. --dry-run: look up and check, print the request
      body, send nothing.
  modify-batch --file PATH [--dry-run] [--auto-cancel yes|no]
      Amend many orders through Batch Modify Orders. PATH is a CSV file whose header row names the
      columns (orderId, clientOid, price, qty, autoCancel, symbol, category; any subset, any case; an
      empty cell is "not given") or a JSON file: an array of objects with those keys (values as strings),
      or {"items": [...]}. At most 1000 items and 1 MiB; each order once. Every order and instrument is
      looked up and the amend rules are checked per item; an item that breaks one is refused locally
      and not sent, the others go in requests of at most 20 items of one product type, in file order,
      one after another (paced under the exchange's limit) and each sent once. After a request whose
      outcome is unknown the next ones are still sent (they hold other orders); after a request refused
      as a whole, nothing more is sent. --auto-cancel is the default for items that do not say.
      --dry-run: look up and check, print the checks and the request bodies, send nothing.
      Prints one row per item: accepted (the matching engine applies it afterwards: see it with the
      order command), rejected CODE, refused locally, unknown (check the order, do not resend) or
      not sent. With --json: an array of objects (result: accepted, rejected, refused-locally, unknown,
      not-sent); a dry run prints {"items": [...], "requests": [...]}.
  modify-batch RULE SELECTION [--dry-run] [--auto-cancel yes|no]
      Amend the open orders SELECTION picks by one RULE, planned exactly as the app's Amend many
      screen plans it. RULE: a price rule, a quantity rule, or one of each:
        --price-steps N   shift the price by N price steps (a whole number; --price-steps -2 goes down)
        --price-pct X     shift the price by X % (may be negative), rounded onto the price step toward
                          the order's side: down for a buy, up for a sell
        --price P         set the price (needs --symbol)
        --qty-pct X       scale the quantity to X % of the current (50 halves it), rounded down
        --qty Q           set the quantity (needs --symbol)
      SELECTION: --category C and/or --symbol S, narrowed by --side buy|sell; or --all for every open
      order of the account (--side alone is not enough). The open orders are listed through every
      page (at most 1000; more is refused, nothing sent), their instruments read once per product
      type, the market once per product type for a price rule (the price-band warning). An order the
      rule cannot apply to (a quantity not above its filled quantity, a value unchanged, …) is
      excluded with the reason; one that breaks an amend rule is refused; neither is sent. The rest go
      as for a file, and the same result table is printed (excluded rows included). --file and a rule
      are exclusive. --dry-run prints the preview: side, price and quantity current → new, filled
      quantity, the rounding applied, the verdict (ready, refused, excluded) with its reasons and
      warnings, and the request bodies; with --json: {"rule", "selection", "summary", "rows" (the
      planner's rows), "requests"}. No open order matching: nothing is sent, exit 0.
  activity [--search T] [--since D] [--profile P] [--outcome S] [--run ID] [--order ID] [--json | --csv]
      The app's activity log (every amend attempt), newest first; --csv streams every match. Only reads:
      safe while the app runs (uta-desk activity --help).
  serve [--port N] [--no-open] [--user-data DIR]
      Run the whole app in a browser, on 127.0.0.1, until Ctrl+C (uta-desk serve --help). From another
      computer: start it with --port 8765 and tunnel: ssh -N -L 8765:127.0.0.1:8765 you@server.

Options:
  --base-url URL     Exchange base URL (default ${LIVE_BASE_URL}); https, or http to 127.0.0.1/localhost/[::1]
  --demo-trading     Demo trading on the live host (adds the paptrading: 1 header)
  --locale L         Language of the exchange's messages (default en-US)
  --timeout-ms N     Timeout of each request in milliseconds (default 10000)
  --json             Print the data of the answer as JSON (open-orders: {"list": [all pages]}); summaries go to stderr
  -q, --quiet        No note on stderr naming the exchange a signed request goes to
  -h, --help         This help (uta-desk COMMAND --help: that command's)

Credentials come from the environment only, never from options:
  BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE

Exit codes:
  0  success (modify-batch: every item accepted; with --dry-run: every item passes the checks)
  1  the exchange rejected the request (code, message and explanation on stderr); modify-batch: an item
     was rejected, refused locally, excluded or not sent (with --dry-run: would be)
  2  bad usage, missing credentials, or an amend rule broken (nothing was sent); modify-batch: a
     malformed file, the same order twice, a rule that cannot apply or too wide a selection (nothing
     was sent)
  3  network failure, timeout or server error; for modify the outcome is unknown: check the order;
     modify-batch: an item's outcome is unknown (this wins over 1)
`;
