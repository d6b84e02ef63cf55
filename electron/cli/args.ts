/**
 * Command-line parsing of `uta-desk <command> [options]`. Everything wrong with the arguments is a
 * UsageError (exit code 2) raised before any request is made.
 */
import { parseArgs } from 'node:util';
import { CATEGORIES, TICKER_CATEGORIES, type Category, type TickerCategory } from '../../shared/schemas';
import { LIVE_BASE_URL } from '../../shared/profiles';
import { DeskError } from '../../shared/errors';
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
}

export type Command =
  | { name: 'help' }
  | { name: 'instruments'; category: Category; symbol?: string }
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
    }
  | {
      name: 'modify-batch';
      file: string;
      dryRun: boolean;
      /** For items that do not say; an item's own autoCancel wins. */
      autoCancel?: string;
    };

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
} as const;

type OptionName = keyof typeof OPTIONS;
const GLOBAL_OPTIONS: readonly OptionName[] = ['base-url', 'demo-trading', 'locale', 'json', 'timeout-ms', 'help'];
const COMMAND_OPTIONS: Readonly<Record<CommandName, readonly OptionName[]>> = {
  instruments: ['category', 'symbol'],
  tickers: ['category', 'symbol'],
  order: ['order-id', 'client-oid'],
  'open-orders': ['category', 'symbol', 'limit'],
  modify: ['order-id', 'client-oid', 'qty', 'price', 'auto-cancel', 'symbol', 'category'],
  'modify-batch': ['file', 'dry-run', 'auto-cancel'],
};

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
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
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
  };
  const [name, ...extra] = positionals;
  if (values.help || name === 'help') return { command: { name: 'help' }, global };
  if (name === undefined) throw new UsageError(`Give a command: ${COMMANDS.join(', ')} or serve.`);
  if (!(COMMANDS as readonly string[]).includes(name))
    throw new UsageError(`Unknown command "${name}". Commands: ${COMMANDS.join(', ')}.`);
  const command = name as CommandName;
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
        },
        global,
      };
    case 'modify-batch': {
      const file = textOption('--file', values.file);
      if (!file) throw new UsageError('modify-batch needs --file PATH (a CSV or JSON file of modifications).');
      const autoCancel = textOption('--auto-cancel', values['auto-cancel'])?.toLowerCase();
      if (autoCancel !== undefined && autoCancel !== 'yes' && autoCancel !== 'no')
        throw new UsageError('--auto-cancel must be yes or no.');
      return { command: { name: command, file, dryRun: values['dry-run'] ?? false, autoCancel }, global };
    }
  }
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
  tickers --category C [--symbol S]
      Last price, best bid/ask, 24-hour change, high, low, volume and turnover (futures: mark, index and
      funding rate too), as the exchange sends them. No MARGIN: margin pairs trade on the SPOT book.
  order (--order-id ID | --client-oid ID)
      Show one order.
  open-orders [--category C] [--symbol S] [--limit N]
      List open orders, following the cursor through all pages (--limit: page size, 1-100).
  modify (--order-id ID | --client-oid ID) [--qty Q] [--price P] [--auto-cancel yes|no] [--symbol S] [--category C]
      Amend an open order. The desk's amend rules are checked first (the order and its instrument are
      looked up); if one is broken, nothing is sent.
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
  serve [--port N] [--no-open] [--user-data DIR]
      Run the whole app in a browser, on 127.0.0.1, until Ctrl+C (uta-desk serve --help). From another
      computer: start it with --port 8765 and tunnel: ssh -N -L 8765:127.0.0.1:8765 you@server.

Options:
  --base-url URL     Exchange base URL (default ${LIVE_BASE_URL}); https, or http to 127.0.0.1/localhost/[::1]
  --demo-trading     Demo trading on the live host (adds the paptrading: 1 header)
  --locale L         Language of the exchange's messages (default en-US)
  --timeout-ms N     Timeout of each request in milliseconds (default 10000)
  --json             Print the data of the answer as JSON (open-orders: {"list": [all pages]}); summaries go to stderr
  -h, --help         This help

Credentials come from the environment only, never from options:
  BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE

Exit codes:
  0  success (modify-batch: every item accepted; with --dry-run: every item passes the checks)
  1  the exchange rejected the request (code, message and explanation on stderr); modify-batch: an item
     was rejected, refused locally or not sent
  2  bad usage, missing credentials, or an amend rule broken (nothing was sent); modify-batch: a
     malformed file or the same order twice (nothing was sent)
  3  network failure, timeout or server error; for modify the outcome is unknown: check the order;
     modify-batch: an item's outcome is unknown (this wins over 1)
`;
