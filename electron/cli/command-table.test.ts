/**
 * The table of commands and the helps made from it say the same: every command has its line in the
 * overview and a help of its own, every usage names a command of the table, and every option a
 * command takes is in its help, which names no option it does not take.
 */
import { describe, expect, it } from 'vitest';
import { EXCHANGE_OPTIONS, OPTIONS, PROFILE_OPTIONS, type OptionName } from './cli-options';
import { DETAILS } from './command-details';
import { commandHelp, usageEntries } from './command-help';
import { labelOf } from './command-line';
import { COMMAND_TABLE } from './command-table';
import { HELP, OPTIONS_HELP } from './help-text';

const flagsIn = (text: string): Set<string> => new Set([...text.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));

describe('the table of commands', () => {
  it('has each command (and verb) once, and none named help (the overview)', () => {
    const labels = COMMAND_TABLE.map(labelOf);
    expect(new Set(labels).size).toBe(labels.length);
    expect(COMMAND_TABLE.some((e) => e.name === 'help')).toBe(false);
  });

  it('gives each command one line of the overview, with each of its verbs', () => {
    const lines = HELP.slice(HELP.indexOf('\nCommands:'), HELP.indexOf('\nAmends go')).split('\n').slice(2, -1);
    expect(lines.map((l) => l.trim().split(/\s+/)[0])).toEqual([...new Set(COMMAND_TABLE.map((e) => e.name))]);
    for (const e of COMMAND_TABLE)
      expect(HELP, labelOf(e)).toContain(e.verb === undefined ? e.summary : `${labelOf(e)}: ${e.summary}`);
  });

  it('uses every text of command-details.ts, each in one entry', () => {
    const used = COMMAND_TABLE.map((e) => e.details).filter((d) => d !== undefined);
    expect(used.sort()).toEqual(Object.values(DETAILS).sort());
  });

  it('names each entry in the usage lines of its details', () => {
    for (const e of COMMAND_TABLE) {
      if (e.details === undefined) continue;
      const usages = usageEntries(e.details).map((u) => u[0]!.trim());
      expect(usages.length, labelOf(e)).toBeGreaterThan(0);
      for (const usage of usages) {
        const words = usage.split(/\s+/);
        expect(words.slice(0, e.verb === undefined ? 1 : 2).join(' '), usage).toBe(labelOf(e));
        if (e.verb === undefined) expect(words[1], usage).not.toMatch(/^[a-z]/);
      }
    }
  });

  it('has every option in some command, and a command’s help names each option it takes and no other', () => {
    const taken = new Set(COMMAND_TABLE.flatMap((e) => e.options));
    expect(Object.keys(OPTIONS).filter((o) => o !== 'help' && !taken.has(o as OptionName))).toEqual([]);
    for (const e of COMMAND_TABLE) {
      const own = flagsIn(e.help ?? e.details ?? '');
      const shown = flagsIn(commandHelp(e.name) ?? '');
      const allowed = new Set<string>([
        'help',
        ...COMMAND_TABLE.filter((o) => o.name === e.name).flatMap((o) => o.options),
      ]);
      expect(
        [...own].filter((f) => !allowed.has(f)),
        labelOf(e),
      ).toEqual([]);
      expect(
        e.options.filter((o) => !shown.has(o)),
        labelOf(e),
      ).toEqual([]);
    }
  });

  it('lists in OPTIONS_HELP what every exchange command takes', () => {
    expect([...flagsIn(OPTIONS_HELP)].sort()).toEqual(['help', ...EXCHANGE_OPTIONS, ...PROFILE_OPTIONS].sort());
    for (const e of COMMAND_TABLE.filter((c) => c.details !== undefined))
      expect(
        EXCHANGE_OPTIONS.filter((o) => !e.options.includes(o)),
        labelOf(e),
      ).toEqual([]);
  });
});
