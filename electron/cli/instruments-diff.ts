/**
 * `uta-desk instruments diff`: what changed in the exchange's instruments. The CLI has no profiles
 * (and must not open the app's user-data folder, which a running app holds), so it keeps its own
 * history: each run fetches the categories, records them with the app's instrument history
 * (electron/instrument-history) in a state folder, keyed by the exchange it talks to (base URL,
 * and demo trading or not), and prints the change log kept there. The first run of a category
 * stores its baseline; changes show from the second run on. Any --base-url works, the local demo
 * exchange included.
 *
 * The state folder: --state-dir DIR, else UTA_DESK_STATE_DIR, else the OS cache folder
 * (~/.cache/uta-desk on Linux or $XDG_CACHE_HOME/uta-desk, ~/Library/Caches/uta-desk on macOS,
 * %LOCALAPPDATA%\uta-desk\Cache on Windows). Deleting it forgets the history.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ChangeEvent } from '../../shared/instrument-changes';
import { CATEGORIES, type Category } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';
import { InstrumentHistory, type RecordOutcome } from '../instrument-history/instrument-history';
import type { Command } from './exchange-args';
import type { GlobalOptions } from './global-options';
import { EXIT, reportFailure } from './failure';
import { plural, type CliIo, type Output } from './output';
import { renderTable, type Column } from './table';

type DiffCommand = Extract<Command, { name: 'instruments-diff' }>;

/** Events printed at most; --since narrows a longer log. */
export const MAX_PRINTED = 10_000;
const PAGE = 500;

/** Where the history is kept when no --state-dir is given. */
export function defaultStateDir(
  env: CliIo['env'],
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.UTA_DESK_STATE_DIR?.trim()) return env.UTA_DESK_STATE_DIR.trim();
  if (platform === 'win32')
    return join(env.LOCALAPPDATA?.trim() || join(home, 'AppData', 'Local'), 'uta-desk', 'Cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'uta-desk');
  return join(env.XDG_CACHE_HOME?.trim() || join(home, '.cache'), 'uta-desk');
}

/** The history's "profile": the exchange the CLI talked to. */
export function diffProfileId(global: GlobalOptions): string {
  return `${global.baseUrl}${global.demoTrading ? ' demo-trading' : ''}`;
}

interface Checked {
  category: Category;
  outcome: RecordOutcome;
  count: number;
  previousCount: number;
}

const EVENT_COLUMNS: readonly Column<ChangeEvent>[] = [
  { header: 'TIME (UTC)', value: (e) => utc(e.at) },
  { header: 'CATEGORY', value: (e) => e.category },
  { header: 'SYMBOL', value: (e) => e.symbol },
  { header: 'CHANGE', value: (e) => e.kind },
  { header: 'FIELD', value: (e) => e.field ?? '' },
  { header: 'OLD', value: (e) => e.old ?? '' },
  { header: 'NEW', value: (e) => e.new ?? '' },
];

export async function instrumentsDiff(
  client: ExchangeClient,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: DiffCommand,
): Promise<number> {
  const now = io.now ?? Date.now;
  const history = new InstrumentHistory(cmd.stateDir ?? defaultStateDir(io.env), { now });
  const profileId = diffProfileId(global);
  const since = cmd.sinceMs === undefined ? undefined : now() - cmd.sinceMs;
  const checked: Checked[] = [];
  let failure: unknown;
  let failedCategory: Category | undefined;
  try {
    for (const category of cmd.category ? [cmd.category] : CATEGORIES) {
      try {
        const instruments = await client.getInstruments(category);
        const r = await history.record(profileId, category, instruments, now());
        checked.push({ category, outcome: r.outcome, count: r.count, previousCount: r.previousCount });
      } catch (e) {
        // The others are still compared; a category that failed keeps its snapshot (nothing "delisted").
        failure ??= e;
        failedCategory ??= category;
      }
    }
    const events: ChangeEvent[] = [];
    let before: number | undefined;
    let truncated = false;
    for (;;) {
      const page = await history.events({ profileId, category: cmd.category, since, before, limit: PAGE });
      events.push(...page.events);
      if (page.next === null) break;
      if (events.length >= MAX_PRINTED) {
        truncated = true;
        break;
      }
      before = page.next;
    }
    const summary = [
      ...checked.map(describeCheck),
      truncated ? `Only the newest ${MAX_PRINTED} changes are shown: narrow them with --since.` : '',
    ].filter((l) => l !== '');
    if (out.json) {
      out.data({ exchange: profileId, checked, events });
      for (const line of summary) io.stderr.write(`${line}\n`);
    } else {
      if (events.length > 0) out.text(renderTable(events, EVENT_COLUMNS));
      else out.text(`No changes${since === undefined ? '' : ` since ${utc(since)} UTC`}.`);
      for (const line of summary) out.text(line);
    }
  } finally {
    await history.close();
  }
  if (failure === undefined) return EXIT.ok;
  return reportFailure(failure, io.stderr, {
    note: `${failedCategory} could not be fetched: its last snapshot stays, and it is compared on the next run.`,
  });
}

function describeCheck(c: Checked): string {
  const n = plural(c.count, 'instrument');
  switch (c.outcome) {
    case 'baseline':
      return `${c.category}: first snapshot stored (${n}); changes show from the next run on.`;
    case 'changed':
      return `${c.category}: changed since the last run (${n}).`;
    case 'unchanged':
      return `${c.category}: unchanged since the last run (${n}).`;
    case 'suspicious-empty':
      return `${c.category}: the exchange answered no instruments where ${c.previousCount} were listed; taken for a fault, not recorded.`;
    case 'stale':
      return `${c.category}: another run recorded a newer fetch; this one was not recorded.`;
  }
}

function utc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
