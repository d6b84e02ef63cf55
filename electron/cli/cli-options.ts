/** The options `uta-desk` knows, and which command takes which (the table parseArgs reads). */
import type { parseArgs } from 'node:util';

export const COMMANDS = ['instruments', 'tickers', 'order', 'open-orders', 'modify', 'modify-batch', 'revert'] as const;
export type CommandName = (typeof COMMANDS)[number];

export const OPTIONS = {
  'base-url': { type: 'string' },
  'demo-trading': { type: 'boolean' },
  locale: { type: 'string' },
  json: { type: 'boolean' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'user-data': { type: 'string' },
  profile: { type: 'string' },
  'passphrase-fd': { type: 'string' },
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
  'no-follow': { type: 'boolean' },
  since: { type: 'string' },
  'state-dir': { type: 'string' },
  'price-steps': { type: 'string' },
  'price-pct': { type: 'string' },
  'qty-pct': { type: 'string' },
  side: { type: 'string' },
  all: { type: 'boolean' },
  run: { type: 'string' },
  attempt: { type: 'string' },
} as const;

export type OptionName = keyof typeof OPTIONS;
export type ParsedValues = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

export const GLOBAL_OPTIONS: readonly OptionName[] = [
  'base-url',
  'demo-trading',
  'locale',
  'json',
  'timeout-ms',
  'help',
  'version',
  'quiet',
];

/** Where the profiles are and which one signs: the commands that go through the core. */
const PROFILE_OPTIONS: readonly OptionName[] = ['user-data', 'profile', 'passphrase-fd'];

export const COMMAND_OPTIONS: Readonly<Record<CommandName, readonly OptionName[]>> = {
  instruments: ['category', 'symbol'],
  tickers: ['category', 'symbol'],
  order: ['order-id', 'client-oid', ...PROFILE_OPTIONS],
  'open-orders': ['category', 'symbol', 'limit', ...PROFILE_OPTIONS],
  modify: [
    'order-id',
    'client-oid',
    'qty',
    'price',
    'auto-cancel',
    'symbol',
    'category',
    'dry-run',
    'no-follow',
    ...PROFILE_OPTIONS,
  ],
  'modify-batch': [
    'file',
    'dry-run',
    'no-follow',
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
    ...PROFILE_OPTIONS,
  ],
  revert: ['run', 'attempt', 'dry-run', 'no-follow', ...PROFILE_OPTIONS],
};

/** The options of a rule over the open orders, which --file excludes. */
export const RULE_OPTIONS = ['price-steps', 'price-pct', 'price', 'qty-pct', 'qty'] as const;
export const SELECTION_OPTIONS = ['category', 'symbol', 'side', 'all'] as const;
