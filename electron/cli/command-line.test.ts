/**
 * The one parser of `uta-desk`, read against the one table of commands: which command a command line
 * names, what each command's options become, and the usage errors (the words scripts and docs quote).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUserDataDir } from '../core/open-core';
import { OPTIONS, type OptionName } from './cli-options';
import { parseCommandLine, command, CommandLineError, type CommandEntry, type CommandLine } from './command-line';
import { COMMAND_TABLE } from './command-table';
import { UsageError } from './usage-error';

const parse = (argv: readonly string[]): CommandLine => parseCommandLine(argv, COMMAND_TABLE);

/** The usage error `argv` is refused with, and the command it is told as (undefined: the overview's). */
function refusal(argv: readonly string[], table: readonly CommandEntry[] = COMMAND_TABLE) {
  try {
    parseCommandLine(argv, table);
  } catch (e) {
    if (!(e instanceof CommandLineError)) throw e;
    return { message: e.message, command: e.entry && [e.entry.name, e.entry.verb].filter(Boolean).join(' ') };
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

/** What a command line runs: its entry's name (and verb) and the parsed command. */
function runs(argv: readonly string[]) {
  const line = parse(argv);
  if (line.kind !== 'run') throw new Error(`${argv.join(' ')}: ${line.kind}`);
  return { entry: [line.entry.name, line.entry.verb].filter(Boolean).join(' '), command: line.command };
}

const NAMES = [...new Set(COMMAND_TABLE.map((e) => e.name))];
const LIST = 'instruments, tickers, order, open-orders, modify, modify-batch, revert, activity';

describe('which command', () => {
  it.each([
    [[], `Give a command: ${LIST}, serve or team.`],
    [['launch'], `Unknown command "launch". Commands: ${LIST}, serve, team.`],
    [['--qty', '5'], `Give a command: ${LIST}, serve or team.`],
    [['instruments', 'bogus', '--category', 'SPOT'], 'Unexpected argument "bogus" after instruments.'],
    [['instruments', 'diff', 'extra'], 'Unexpected argument "extra" after instruments diff.'],
    [['serve', 'extra'], 'Unexpected argument "extra" after serve.'],
    [['activity', 'extra'], 'Unexpected argument "extra" after activity.'],
  ])('%j is refused: %s', (argv, message) => {
    expect(refusal(argv).message).toBe(message);
  });

  it('is the first word that is no option’s value, wherever the options are', () => {
    expect(runs(['--json', 'instruments', '--category', 'SPOT'])).toMatchObject({ entry: 'instruments' });
    expect(runs(['--port', '8765', 'serve'])).toMatchObject({ entry: 'serve', command: { port: 8765 } });
    expect(runs(['--since', '24h', 'activity'])).toMatchObject({ entry: 'activity' });
    expect(runs(['instruments', 'diff'])).toMatchObject({ entry: 'instruments diff' });
  });

  it('answers --version and the overview when no command is named', () => {
    expect(parse(['--version'])).toEqual({ kind: 'version' });
    expect(parse(['--version', '--json'])).toEqual({ kind: 'version' });
    for (const argv of [['--help'], ['-h'], ['help'], ['help', 'modify'], ['--json', '--help'], ['launch', '--help']])
      expect(parse(argv), argv.join(' ')).toEqual({ kind: 'help' });
  });
});

describe('--help per command', () => {
  it.each(NAMES)('%s --help and -h ask for its help, whatever else is given', (name) => {
    expect(parse([name, '--help'])).toEqual({ kind: 'help', name });
    expect(parse([name, '-h'])).toEqual({ kind: 'help', name });
    expect(parse(['--help', name])).toEqual({ kind: 'help', name });
  });

  it('a verb’s help is its command’s (instruments diff: instruments)', () => {
    expect(parse(['instruments', 'diff', '--help'])).toEqual({ kind: 'help', name: 'instruments' });
    expect(parse(['serve', '--port', 'x', '--help'])).toEqual({ kind: 'help', name: 'serve' });
  });
});

describe('options a command does not take', () => {
  it.each([
    [['instruments', '--category', 'SPOT', '--qty', '1'], '--qty is not an option of instruments.', 'instruments'],
    [['instruments', 'diff', '--qty', '1'], '--qty is not an option of instruments diff.', 'instruments diff'],
    [['order', '--order-id', '1', '--qty', '2'], '--qty is not an option of order.', 'order'],
    [['revert', '--run', '1', '--port', '1'], '--port is not an option of revert.', 'revert'],
    [['serve', '--json'], '--json is not an option of serve.', 'serve'],
    [['activity', '--qty', '1'], '--qty is not an option of activity.', 'activity'],
    [['activity', '--no-open'], '--no-open is not an option of activity.', 'activity'],
  ])('%j: %s', (argv, message, told) => {
    expect(refusal(argv)).toEqual({ message, command: told });
  });

  it.each(NAMES)('%s refuses an option no command has, in parseArgs’ words', (name) => {
    const { message, command: told } = refusal([name, '--bogus']);
    expect(message).toMatch(/^Unknown option '--bogus'/);
    // A command of verbs only (team) is told as its first verb's: the same name, the same ending.
    expect(told?.split(' ')[0]).toBe(name);
  });

  it.each(NAMES)('%s refuses a credential given as an option, without its value', (name) => {
    const { message } = refusal([name, '--api-secret=TOP-SECRET']);
    // Each command says where its own secrets come from: the team commands, the store's password.
    expect(message).toMatch(
      name === 'team'
        ? /^Credentials are never accepted as options \(--api-secret\): give the team store's password/
        : /^Credentials are never accepted as options \(--api-secret\): use --profile NAME/,
    );
    expect(message).not.toContain('TOP-SECRET');
  });

  it('a value missing is parseArgs’ words, told as the command’s', () => {
    expect(refusal(['serve', '--port'])).toEqual({
      message: "Option '--port <value>' argument missing",
      command: 'serve',
    });
    expect(refusal(['order', '--order-id'])).toMatchObject({ command: 'order' });
  });

  it('every option an entry lists is one it takes (refused for its value, never as not its own)', () => {
    for (const entry of COMMAND_TABLE)
      for (const option of entry.options) {
        const value = OPTIONS[option].type === 'string' ? ['--' + option, 'x'] : ['--' + option];
        const argv = [entry.name, ...(entry.verb ? [entry.verb] : []), ...value];
        try {
          parse(argv);
        } catch (e) {
          expect(e, argv.join(' ')).toBeInstanceOf(UsageError);
          expect((e as Error).message, argv.join(' ')).not.toMatch(/is not an option of|Unknown option/);
        }
      }
  });
});

const GLOBAL = {
  baseUrl: 'https://api.bitget.com',
  baseUrlGiven: false,
  demoTrading: false,
  locale: 'en-US',
  json: false,
  timeoutMs: 10_000,
  quiet: false,
};

describe('each command’s options', () => {
  it.each<[string[], string, unknown]>([
    [
      ['instruments', '--category', 'spot', '--symbol', ' BTCUSDT '],
      'instruments',
      { global: GLOBAL, command: { name: 'instruments', category: 'SPOT', symbol: 'BTCUSDT' } },
    ],
    [
      ['instruments', 'diff', '--since', '24h', '--category', 'SPOT', '--state-dir', 'dir'],
      'instruments diff',
      {
        global: GLOBAL,
        command: { name: 'instruments-diff', category: 'SPOT', sinceMs: 86_400_000, stateDir: 'dir' },
      },
    ],
    [
      ['tickers', '--category', 'usdt-futures', '--json', '-q'],
      'tickers',
      {
        global: { ...GLOBAL, json: true, quiet: true },
        command: { name: 'tickers', category: 'USDT-FUTURES', symbol: undefined },
      },
    ],
    [
      ['order', '--client-oid', 'c1', '--profile', 'Local demo', '--passphrase-fd', '3', '--user-data', 'some/dir'],
      'order',
      {
        global: { ...GLOBAL, profile: 'Local demo', passphraseFd: 3, userDataDir: resolve('some/dir') },
        command: { name: 'order', orderId: undefined, clientOid: 'c1' },
      },
    ],
    [
      ['open-orders', '--limit', '40', '--base-url', 'http://127.0.0.1:9', '--demo-trading', '--timeout-ms', '500'],
      'open-orders',
      {
        global: { ...GLOBAL, baseUrl: 'http://127.0.0.1:9', baseUrlGiven: true, demoTrading: true, timeoutMs: 500 },
        command: { name: 'open-orders', category: undefined, symbol: undefined, limit: 40 },
      },
    ],
    [
      ['modify', '--order-id', '42', '--price', '-5', '--auto-cancel', 'yes', '--category', 'spot', '--dry-run'],
      'modify',
      {
        global: GLOBAL,
        command: {
          name: 'modify',
          orderId: '42',
          clientOid: undefined,
          qty: undefined,
          price: '-5',
          autoCancel: 'yes',
          symbol: undefined,
          category: 'SPOT',
          dryRun: true,
          follow: true,
        },
      },
    ],
    [
      ['modify-batch', '--file', 'amends.csv', '--no-follow', '--auto-cancel', 'NO'],
      'modify-batch',
      {
        global: GLOBAL,
        command: {
          name: 'modify-batch',
          source: { kind: 'file', file: 'amends.csv' },
          dryRun: false,
          follow: false,
          autoCancel: 'no',
        },
      },
    ],
    [
      ['modify-batch', '--price-steps', '-2', '--symbol', 'btcusdt', '--side', 'buy'],
      'modify-batch',
      {
        global: GLOBAL,
        command: {
          name: 'modify-batch',
          source: {
            kind: 'rule',
            rule: { price: { kind: 'steps', n: -2 } },
            selection: { symbol: 'BTCUSDT', side: 'buy', all: false },
          },
          dryRun: false,
          follow: true,
          autoCancel: undefined,
        },
      },
    ],
    [
      ['revert', '--attempt', 'a1', '--dry-run'],
      'revert',
      { global: GLOBAL, command: { name: 'revert', attemptId: 'a1', dryRun: true, follow: true } },
    ],
    [
      ['activity', '--search', ' btc ', '--since', '30m', '--outcome', 'APPLIED', '--symbol', 'btcusdt', '--csv'],
      'activity',
      {
        search: 'btc',
        sinceMs: 1_800_000,
        profile: undefined,
        outcome: 'applied',
        run: undefined,
        order: undefined,
        symbol: 'BTCUSDT',
        limit: undefined,
        format: 'csv',
        entries: false,
      },
    ],
    [
      ['activity', '--entries', '--limit', '5', '--json', '--user-data', '/srv/desk'],
      'activity',
      { userDataDir: '/srv/desk', limit: 5, format: 'json', entries: true },
    ],
    [
      ['serve'],
      'serve',
      { userDataDir: defaultUserDataDir(), host: '127.0.0.1', port: 0, allowNonLoopback: false, open: true },
    ],
    [
      ['serve', '--port=8765', '--no-open', '--host', '0.0.0.0', '--allow-non-loopback', '--user-data', 'd'],
      'serve',
      { userDataDir: resolve('d'), host: '0.0.0.0', port: 8765, allowNonLoopback: true, open: false },
    ],
  ])('%j', (argv, entry, parsed) => {
    const line = runs(argv);
    expect(line.entry).toBe(entry);
    expect(line.command).toMatchObject(parsed as object);
  });

  it.each([
    [['instruments'], 'instruments needs --category (one of SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES).'],
    [['tickers', '--category', 'MARGIN'], /^There are no MARGIN tickers/],
    [['order'], 'Give the order with --order-id ID or --client-oid ID.'],
    [['open-orders', '--limit', '500'], '--limit must be between 1 and 100.'],
    [['modify', '--order-id', '42'], 'modify needs the new quantity (--qty Q), the new price (--price P) or both.'],
    [['modify-batch', '--price-steps', '2'], /^Say which open orders the rule applies to/],
    [['revert', '--run', '1', '--attempt', '2'], /^Say what to revert: --run ID/],
    [['activity', '--json', '--csv'], '--json and --csv are exclusive.'],
    [['activity', '--limit', '0'], '--limit takes a whole number of at least 1.'],
    [['serve', '--port', '65536'], '--port must be 0-65535.'],
    [['serve', '--user-data='], '--user-data needs a folder.'],
  ])('%j is refused in its command’s words', (argv, message) => {
    const { message: said, command: told } = refusal(argv);
    if (typeof message === 'string') expect(said).toBe(message);
    else expect(said).toMatch(message);
    expect(told).toBe(argv[0]);
  });
});

describe('a command with sub-verbs and operands is one entry each', () => {
  const entry = (verb: string, operands: readonly string[], options: readonly OptionName[]) =>
    command({
      name: 'fleet',
      verb,
      operands,
      summary: `fleet ${verb}`,
      details: `  fleet ${verb}\n      Test.\n`,
      options,
      onUsageError: 'own-help',
      parse: (values, given) => ({ verb, given, json: values.json ?? false }),
      run: async () => 0,
    });
  const TABLE = [...COMMAND_TABLE, entry('init', ['URL'], ['json']), entry('import', [], ['file'])];

  it('is parsed by the same code: name, verb, operands, options', () => {
    expect(parseCommandLine(['fleet', 'init', 'https://fleet.example', '--json'], TABLE)).toMatchObject({
      kind: 'run',
      entry: { name: 'fleet', verb: 'init' },
      command: { verb: 'init', given: ['https://fleet.example'], json: true },
    });
    expect(parseCommandLine(['fleet', 'import', '--file', 'x'], TABLE)).toMatchObject({ command: { verb: 'import' } });
    expect(parseCommandLine(['fleet', '--help'], TABLE)).toEqual({ kind: 'help', name: 'fleet' });
  });

  it.each([
    [['fleet'], 'fleet needs one of: init, import.'],
    [['fleet', 'bogus'], 'fleet needs one of: init, import.'],
    [['fleet', 'init'], 'fleet init needs URL.'],
    [['fleet', 'init', 'a', 'b'], 'Unexpected argument "b" after fleet init.'],
    [['fleet', 'import', '--json'], '--json is not an option of fleet import.'],
  ])('%j is refused: %s', (argv, message) => {
    expect(refusal(argv, TABLE).message).toBe(message);
  });

  it('joins the lists of commands', () => {
    expect(refusal(['launch'], TABLE).message).toBe(`Unknown command "launch". Commands: ${LIST}, serve, team, fleet.`);
  });
});
