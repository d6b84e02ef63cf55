/**
 * The commands of `uta-desk`, one entry each (a sub-verb such as `instruments diff` is an entry of its
 * own): the options it takes, its line in the overview, its help, how it is parsed and what runs it.
 * The one parser (command-line.ts) reads every command line against this table and both helps are
 * made from it, so a command cannot be parsed and missing from the help, or the other way round.
 */
import { runServe } from '../web-host/serve';
import { ACTIVITY_USAGE, activityArgs } from './activity-args';
import { runActivity } from './activity-command';
import {
  EXCHANGE_OPTIONS,
  PROFILE_OPTIONS,
  RULE_OPTIONS,
  SELECTION_OPTIONS,
  type OptionName,
  type ParsedValues,
} from './cli-options';
import { DETAILS } from './command-details';
import { command, type CommandEntry } from './command-line';
import * as args from './exchange-args';
import { guarded, publicData, signedRead, throughCore, type ExchangeCall } from './exchange-reach';
import { globalOptions } from './global-options';
import { instrumentsDiff } from './instruments-diff';
import { modifyBatch } from './modify-batch';
import { modify } from './modify-command';
import type { CliIo } from './output';
import { instruments, openOrders, order } from './read-commands';
import { revert } from './revert-command';
import { SERVE_USAGE, serveArgs } from './serve-args';
import { TEAM_IMPORT_HELP, TEAM_INIT_HELP, teamImportArgs, teamInitArgs } from './team-args';
import { runTeamImport, runTeamInit } from './team-command';
import { TEAM_PASSWORD_WORDS } from './team-password';
import { tickers } from './tickers';

/** A command that reads or amends on the exchange: the options every one takes, its own, its words. */
function exchangeCommand<C>(entry: {
  name: string;
  verb?: string;
  summary: string;
  details: string;
  options: readonly OptionName[];
  parse: (values: ParsedValues) => C;
  run: (call: ExchangeCall<C>, io: CliIo) => Promise<number>;
}): CommandEntry {
  return command<ExchangeCall<C>>({
    ...entry,
    options: [...EXCHANGE_OPTIONS, ...entry.options],
    onUsageError: 'overview',
    // The options every command takes are checked first, so their words come before the command's.
    parse: (values) => ({ global: globalOptions(values), command: entry.parse(values) }),
  });
}

export const COMMAND_TABLE: readonly CommandEntry[] = [
  exchangeCommand({
    name: 'instruments',
    summary: 'The instruments of a product type',
    details: DETAILS.instruments,
    options: ['category', 'symbol'],
    parse: args.instrumentsArgs,
    run: publicData((client, out, io, { command: c }) =>
      guarded(io, () => instruments(client, out, c.category, c.symbol)),
    ),
  }),
  exchangeCommand({
    name: 'instruments',
    verb: 'diff',
    summary: 'what changed since the last run',
    details: DETAILS.instrumentsDiff,
    options: ['category', 'since', 'state-dir'],
    parse: args.instrumentsDiffArgs,
    run: publicData((client, out, io, { global, command: c }) => instrumentsDiff(client, out, io, global, c)),
  }),
  exchangeCommand({
    name: 'tickers',
    summary: 'Last price, best bid/ask and the 24-hour figures',
    details: DETAILS.tickers,
    options: ['category', 'symbol'],
    parse: args.tickersArgs,
    run: publicData((client, out, io, { command: c }) => guarded(io, () => tickers(client, out, c.category, c.symbol))),
  }),
  exchangeCommand({
    name: 'order',
    summary: 'One order',
    details: DETAILS.order,
    options: ['order-id', 'client-oid', ...PROFILE_OPTIONS],
    parse: args.orderArgs,
    run: signedRead<args.CommandOf<'order'>>(order),
  }),
  exchangeCommand({
    name: 'open-orders',
    summary: 'The open orders, every page',
    details: DETAILS.openOrders,
    options: ['category', 'symbol', 'limit', ...PROFILE_OPTIONS],
    parse: args.openOrdersArgs,
    run: signedRead<args.CommandOf<'open-orders'>>(openOrders),
  }),
  exchangeCommand({
    name: 'modify',
    summary: 'Amend one order (price and/or quantity)',
    details: DETAILS.modify,
    options: [
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
    parse: args.modifyArgs,
    run: throughCore((api, out, io, { global, command: c }) => modify(api, out, io, global, c)),
  }),
  exchangeCommand({
    name: 'modify-batch',
    summary: 'Amend many orders as one run, from a CSV or JSON file or by a rule',
    details: DETAILS.modifyBatch,
    options: ['file', 'dry-run', 'no-follow', 'auto-cancel', ...RULE_OPTIONS, ...SELECTION_OPTIONS, ...PROFILE_OPTIONS],
    parse: args.modifyBatchArgs,
    run: throughCore((api, out, io, { global, command: c }) => modifyBatch(api, out, io, global, c)),
  }),
  exchangeCommand({
    name: 'revert',
    summary: 'Undo a finished run, or one applied amend',
    details: DETAILS.revert,
    options: ['run', 'attempt', 'dry-run', 'no-follow', ...PROFILE_OPTIONS],
    parse: args.revertArgs,
    run: throughCore((api, out, io, { global, command: c }) => revert(api, out, io, global, c)),
  }),
  command({
    name: 'activity',
    summary: 'The activity log, as the Activity screen shows it',
    help: ACTIVITY_USAGE,
    options: [
      'search',
      'since',
      'profile',
      'outcome',
      'run',
      'order',
      'symbol',
      'entries',
      'limit',
      'json',
      'csv',
      'local',
      'passphrase-fd',
      'user-data',
    ],
    onUsageError: 'own-help',
    parse: activityArgs,
    run: runActivity,
  }),
  command({
    name: 'serve',
    summary: 'The whole app in a browser, on 127.0.0.1',
    help: SERVE_USAGE,
    options: ['port', 'no-open', 'user-data', 'host', 'allow-non-loopback'],
    onUsageError: 'with-help',
    parse: serveArgs,
    run: (options, io) => {
      // Only a programming slip: the process (uta-desk.ts) and serve's tests always say where it is.
      if (!io.serve) throw new Error('uta-desk serve was run without the folder of the built app');
      return runServe(options, { ...io.serve, version: io.version ?? 'unknown', out: io.stdout, err: io.stderr });
    },
  }),
  command({
    name: 'team',
    verb: 'init',
    operands: ['URL'],
    summary: "create or upgrade a team store's tables",
    help: TEAM_INIT_HELP,
    options: ['password-fd'],
    onUsageError: 'own-help',
    secretWords: TEAM_PASSWORD_WORDS,
    parse: teamInitArgs,
    run: runTeamInit,
  }),
  command({
    name: 'team',
    verb: 'import',
    operands: ['URL'],
    summary: "copy a folder's activity log into it",
    help: TEAM_IMPORT_HELP,
    options: ['user-data', 'display-name', 'password-fd'],
    onUsageError: 'own-help',
    secretWords: TEAM_PASSWORD_WORDS,
    parse: teamImportArgs,
    run: runTeamImport,
  }),
];
