/** `uta-desk activity`'s help and options: what to list from the activity log, and how. */
import { ATTEMPT_STATUSES, type AttemptStatus } from '../../shared/attempts';
import type { ParsedValues } from './cli-options';
import { durationOption, integerOption } from './option-values';
import { UsageError } from './usage-error';

export const ACTIVITY_USAGE = `Usage: uta-desk activity [--search TEXT] [--since DURATION] [--profile NAME] [--outcome STATUS]
                         [--run ID] [--order ID] [--symbol S] [--entries] [--limit N] [--json | --csv]
                         [--local] [--passphrase-fd N] [--user-data DIR]

The amend attempts of the app's user-data folder, newest first, from where the Activity screen reads
them: the team store of the profile (--profile NAME, else the folder's selected profile) when it
names one, with every desk's attempts and who made each ("CLI · alice on desk-2"); else the folder's
own activity log. A table says on its first line where it reads from; --json and --csv do not. It
only reads: safe while the app runs; nothing is written and no lock is taken.

  --search TEXT     Words found in the order, symbol, change, outcome, profile, error code or run id
                    (from a team store, also the desk: "alice on desk-2")
  --since DURATION  Only attempts started in the last 30m, 24h, 7d, …
  --profile NAME    The profile (its name or id, any case): its team store if it names one (every
                    desk's attempts on its account); else only this profile's attempts in the log
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
  --local           The folder's own activity log (this desk's attempts), even when the profile
                    names a team store; nothing is unsealed and no store is reached
  --passphrase-fd N The vault passphrase, when the team store's password is in the passphrase
                    vault (else UTA_DESK_VAULT_PASSPHRASE_FILE, else asked on the terminal)
  --user-data DIR   The folder to read (default: the desktop app's own)
  -h, --help        This help

Exit codes: 0 listed (also when nothing matches); 2 bad usage, or the team store's password cannot
be opened (a wrong vault passphrase, sealed by the OS keyring: use --local) or is refused; 1 the log
could not be read, or the team store refused; 3 the team store cannot be reached.
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
  /** The folder's own log, even when the profile names a team store. */
  local: boolean;
  /** --passphrase-fd N: the vault passphrase, for a team store password sealed in the vault. */
  passphraseFd?: number;
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
    local: values.local ?? false,
    ...(values['passphrase-fd'] !== undefined
      ? { passphraseFd: integerOption('--passphrase-fd', values['passphrase-fd'], 0, 1_000_000) }
      : {}),
  };
}
