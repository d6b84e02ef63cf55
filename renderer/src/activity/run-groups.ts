/**
 * The Activity list's entries: a single attempt, or one amend-many run holding the attempts of its
 * items. A run sits where its newest item would (the log is newest first), its items in run order.
 */
import type { Attempt, AttemptStatus } from '../../../shared/attempts';
import type { RunSummary } from '../../../shared/batch-run';

export interface RunGroup {
  kind: 'run';
  runId: string;
  /** Items in the run, as main numbered them. */
  size: number;
  /** The run's attempts on the pages loaded and matching the filter, by item index. */
  items: Attempt[];
  startedAt: number;
  /** When the last item ended; undefined while any item is still under way. */
  finishedAt: number | undefined;
  profileName: string;
  environment: Attempt['environment'];
  counts: Partial<Record<AttemptStatus, number>>;
}

export type ActivityEntry = { kind: 'attempt'; attempt: Attempt } | RunGroup;

export function groupRuns(attempts: readonly Attempt[]): ActivityEntry[] {
  const entries: ActivityEntry[] = [];
  const runs = new Map<string, RunGroup>();
  for (const a of attempts) {
    if (!a.run) {
      entries.push({ kind: 'attempt', attempt: a });
      continue;
    }
    let group = runs.get(a.run.id);
    if (!group) {
      group = {
        kind: 'run',
        runId: a.run.id,
        size: a.run.size,
        items: [],
        startedAt: a.startedAt,
        finishedAt: a.finishedAt,
        profileName: a.profileName,
        environment: a.environment,
        counts: {},
      };
      runs.set(a.run.id, group);
      entries.push(group);
    }
    group.items.push(a);
    group.startedAt = Math.min(group.startedAt, a.startedAt);
    group.counts[a.status] = (group.counts[a.status] ?? 0) + 1;
  }
  for (const g of runs.values()) {
    g.items.sort((x, y) => (x.run?.index ?? 0) - (y.run?.index ?? 0));
    const ends = g.items.map((a) => a.finishedAt);
    g.finishedAt = ends.every((t) => t !== undefined) ? Math.max(...(ends as number[])) : undefined;
  }
  return entries;
}

/** Outcome order for a run's badge and words: what needs the operator first. */
const ATTENTION: AttemptStatus[] = [
  'unknown',
  'sending',
  'following',
  'cancelled',
  'rejected',
  'failed',
  'refused',
  'applied',
];

/** "47 applied, 1 refused", most pressing first. */
export function runCountWords(g: Pick<RunGroup, 'counts'>, labels: Record<AttemptStatus, string>): string {
  return ATTENTION.filter((s) => g.counts[s])
    .map((s) => `${g.counts[s]} ${labels[s].toLowerCase()}`)
    .join(', ');
}

/** The status a run's badge shows: the most pressing one among its items. */
export function runHeadline(g: Pick<RunGroup, 'counts'>): AttemptStatus {
  return ATTENTION.find((s) => g.counts[s]) ?? 'applied';
}

/** The run holding an attempt, among the entries. */
export function runOf(entries: readonly ActivityEntry[], attemptId: string): RunGroup | undefined {
  return entries.find((e): e is RunGroup => e.kind === 'run' && e.items.some((a) => a.id === attemptId));
}

/**
 * A run's badge from what main knows of it: never "Applied" unless every item was. The words beside
 * it (runStatusWords) say the rest.
 */
export function runBadge(run: RunSummary): { label: string; badge: string } {
  const c = run.counts;
  switch (run.state) {
    case 'checking':
      return { label: 'Checking', badge: 'badge-info' };
    case 'running':
    case 'paused':
      return { label: 'Running', badge: 'badge-info' };
    case 'stopped':
      return { label: 'Stopping', badge: 'badge-info' };
    case 'done':
      break;
  }
  if (c.unknown) return { label: 'Unknown', badge: 'badge-warn' };
  if (run.stoppedBy === 'operator') {
    return run.requests === 0 ? { label: 'Cancelled', badge: '' } : { label: 'Stopped', badge: 'badge-warn' };
  }
  if (run.stoppedBy) return { label: 'Interrupted', badge: 'badge-warn' };
  if (c.applied === c.total) return { label: 'Applied', badge: 'badge-ok' };
  return { label: 'Finished', badge: 'badge-warn' };
}
