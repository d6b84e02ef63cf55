/**
 * The overview `uta-desk --help` prints: short, opening with the commands used most, each example
 * one that works as written; and one table of exit codes, the same in every help and in docs/cli.md.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandHelp } from './command-help';
import { parseCommandLine } from './command-line';
import { COMMAND_TABLE } from './command-table';
import { exitCodesHelp, HELP } from './help-text';
import { runCli } from './run-cli';
import { captureCli } from './testing/captured-cli';

/** The exchange commands: their help is their details, then the options, credentials and exit codes. */
const COMMANDS = [...new Set(COMMAND_TABLE.filter((e) => e.details !== undefined).map((e) => e.name))];

const FAST = { changeRefresh: { enabled: false }, localDemo: { engineLatencyMs: 20 } } as const;

/** The examples under "Most used", split as a shell would (double quotes only). */
function examples(): string[][] {
  const section = HELP.slice(HELP.indexOf('Most used'), HELP.indexOf('\nCommands:'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('  uta-desk '))
    .map((line) => [...line.trim().matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1));
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-help-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function activity(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await runCli(['activity', ...argv], {
    env: {},
    stdout: { write: (t: string) => ((stdout += t), true), once: () => undefined },
    stderr: { write: () => true },
  });
  return { code, stdout };
}

describe('uta-desk --help', () => {
  it('is an overview: under 70 lines, the five most used commands first, each with an example', () => {
    expect(HELP.split('\n').length).toBeLessThan(70);
    expect(HELP.indexOf('Most used')).toBeLessThan(HELP.indexOf('\nCommands:'));
    expect(examples().map((e) => e[0])).toEqual(['serve', 'open-orders', 'modify', 'modify-batch', 'activity']);
  });

  it('names every command in one line each, and each has its own --help', () => {
    const commands = HELP.slice(HELP.indexOf('\nCommands:'), HELP.indexOf('\nAmends go')).split('\n').slice(2);
    for (const name of COMMANDS) {
      expect(
        commands.some((line) => line.startsWith(`  ${name} `)),
        name,
      ).toBe(true);
      expect(commandHelp(name), name).toMatch(new RegExp(`^Usage: uta-desk ${name} `));
    }
  });

  it('its examples work as written on the Local demo (the run preview and Activity included)', async () => {
    const [serve, ...rest] = examples();
    expect(parseCommandLine(serve!, COMMAND_TABLE)).toMatchObject({ command: { port: 8765, open: false } });
    for (const args of rest) {
      const r =
        args[0] === 'activity'
          ? await activity([...args.slice(1), '--user-data', dir])
          : await captureCli([...args, '--user-data', dir], { env: {}, pollMs: 20, host: { core: FAST } });
      expect(r.code, `${args.join(' ')}\n${'stderr' in r ? r.stderr : ''}`).toBe(0);
      if (args[0] === 'activity') expect(r.stdout).toMatch(/demo-btc-open/);
    }
  });
});

describe('exit codes', () => {
  it('are one table: the overview, every command help and docs/cli.md print the same', () => {
    const table = exitCodesHelp();
    expect(HELP).toContain(table);
    for (const name of COMMANDS) expect(commandHelp(name)).toContain(table);
    expect(readFileSync(resolve(__dirname, '../../docs/cli.md'), 'utf8')).toContain(table);
  });

  it('say a broken amend rule is a refusal (1), and modify without a change bad usage (2)', () => {
    const table = exitCodesHelp();
    expect(table).toMatch(/^ {2}1 {2}not applied: .*refused by an amend rule/m);
    expect(table).toMatch(/^ {2}2 {2}bad usage, nothing sent: .*modify with neither --qty nor --price/m);
    expect(readFileSync(resolve(__dirname, '../../README.md'), 'utf8')).not.toMatch(/exit codes?:\s*\d/i);
  });
});
