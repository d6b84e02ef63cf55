/**
 * Every option of every `uta-desk` command, in the one table parseArgs reads: an option has one type
 * and one short form whichever command takes it. Which command takes which is command-table.ts.
 */
import type { parseArgs } from 'node:util';

export const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  'base-url': { type: 'string' },
  'demo-trading': { type: 'boolean' },
  locale: { type: 'string' },
  json: { type: 'boolean' },
  'timeout-ms': { type: 'string' },
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
  search: { type: 'string' },
  outcome: { type: 'string' },
  order: { type: 'string' },
  entries: { type: 'boolean' },
  csv: { type: 'boolean' },
  local: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'no-open': { type: 'boolean' },
  'allow-non-loopback': { type: 'boolean' },
  'password-fd': { type: 'string' },
  'display-name': { type: 'string' },
} as const;

export type OptionName = keyof typeof OPTIONS;
export type ParsedValues = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/**
 * What every command that reads or amends on the exchange takes: where it signs, how it prints.
 * --version is among them because it has always been taken (and ignored) after such a command.
 */
export const EXCHANGE_OPTIONS: readonly OptionName[] = [
  'base-url',
  'demo-trading',
  'locale',
  'json',
  'timeout-ms',
  'version',
  'quiet',
];

/** Where the profiles are and which one signs: the commands that go through the core. */
export const PROFILE_OPTIONS: readonly OptionName[] = ['user-data', 'profile', 'passphrase-fd'];

/** The options of a rule over the open orders, which --file excludes. */
export const RULE_OPTIONS = ['price-steps', 'price-pct', 'price', 'qty-pct', 'qty'] as const;
export const SELECTION_OPTIONS = ['category', 'symbol', 'side', 'all'] as const;

/**
 * Options whose value may be negative ("--price-steps -2"): parseArgs would take "-2" for an option
 * and refuse it as ambiguous. A rule's others take it too, so a negative quantity meets the rule's
 * own message.
 */
export const NEGATIVE_VALUE_OPTIONS: readonly OptionName[] = RULE_OPTIONS;
