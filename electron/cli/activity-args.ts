/** `uta-desk activity`'s help and options: what to list from the activity log, and how. */
import { ATTEMPT_STATUSES, type AttemptStatus } from '../../shared/attempts';
import type { ParsedValues } from './cli-options';
import { durationOption } from './option-values';
import { UsageError } from './usage-error';

export const ACTIVITY_USAGE = `Usage: uta-desk activity [--search TEXT] [--since DURATION] [--profile NAME] [--outcome STATUS]
                         [--run ID] [--order ID] [--symbol S] [--entries] [--limit N] [--json | --csv]
                         [--user-data DIR]

The amend attempts in the activity log of the app's user-data folder, newest first. It only reads:
safe while the app runs; nothing is written and no lock is taken.

  --search TEXT     Words found in the order, symbol, change, outcome, profile, error code or run id
  --since DURATION  Only attempts started in the last 30m, 24h, 7d, …
  --profile NAME    Only attempts of this profile (its name or id, any case)
  --outcome STATUS  ${ATTEMPT_STATUSES.join(', ')}
  --run ID          Only the items of this amend-many run (found through the log's key index)
  --order ID        Every attempt on this order id or clientOid (key index)
  --symbol S        Only attempts on this symbol (key index)
  --entries         One row per entry, as the Activity screen lists them: a single amend, or an
                    amend-many run with its items counted (with a search, the items that match);
                    not with --csv, --run, --order or --symbol, which list attempts
  --limit N         At most N attempts or entries (default 50; with --csv every match)
  --json            An array of the attempts (or the entries) as recorded
  --csv             Every matching attempt as CSV, streamed (the Activity screen's columns)
  --user-data DIR   The folder to read (default: the desktop app's own)
  -h, --help        This help

Exit codes: 0 listed (also when nothing matches); 2 bad usage; 1 the log could not be read.
`;

export interface ActivityCommand {
  /** undefined: the desktop app's own folder. */
  userDataDir?: string;
  search?: string;
  sinceMs?: number;
  profile?: string;
  outcome?: AttemptStatus;
  run?: string;
  order?: string;
  symbol?: string;
  limit?: number;
  format: 'table' | 'json' | 'csv';
  /** Entries (a run as one) instead of attempts. */
  entries: boolean;
}

export function activityArgs(values: ParsedValues): ActivityCommand {
  if (values.json && values.csv) throw new UsageError('--json and --csv are exclusive.');
  if (values.entries && (values.csv || values.run || values.order || values.symbol))
    throw new UsageError(
      '--entries lists entries; --csv, --run, --order and --symbol list attempts (leave out --entries).',
    );
  const text = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const t = v.trim();
    if (!t || t.length > 200) throw new UsageError(`--${name} takes a value of 1 to 200 characters.`);
    return t;
  };
  const outcome = text('outcome', values.outcome)?.toLowerCase();
  if (outcome !== undefined && !(ATTEMPT_STATUSES as readonly string[]).includes(outcome))
    throw new UsageError(`--outcome is one of ${ATTEMPT_STATUSES.join(', ')}.`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw new UsageError('--limit takes a whole number of at least 1.');
  return {
    userDataDir: text('user-data', values['user-data']),
    search: text('search', values.search),
    sinceMs: values.since === undefined ? undefined : durationOption('--since', values.since),
    profile: text('profile', values.profile),
    outcome: outcome as AttemptStatus | undefined,
    run: text('run', values.run),
    order: text('order', values.order),
    symbol: text('symbol', values.symbol)?.toUpperCase(),
    limit,
    format: values.csv ? 'csv' : values.json ? 'json' : 'table',
    entries: values.entries ?? false,
  };
}
