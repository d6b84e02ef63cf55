/**
 * Which runs revert which run or attempt, both ways: "Reverts …" is the revert run's own record
 * (its `reverts`), "Reverted by …" is this index over every run record, built when the runs are
 * restored and kept as reverts start. A revert may go once at a time: a second one of the same run
 * or attempt is refused while the first is not finished.
 */
import type { RevertLink } from '../../shared/batch-run';

const keyOf = (link: RevertLink) => `${link.kind}:${link.id}`;

export class RevertLinks {
  private readonly byTarget = new Map<string, string[]>();

  /** The run `runId` reverts `link` (oldest first; noted once). */
  note(link: RevertLink, runId: string): void {
    const list = this.byTarget.get(keyOf(link)) ?? [];
    if (!list.includes(runId)) list.push(runId);
    this.byTarget.set(keyOf(link), list);
  }

  /** The runs that revert it, oldest first. */
  of(link: RevertLink): string[] {
    return [...(this.byTarget.get(keyOf(link)) ?? [])];
  }
}

/** The refusal of a second revert while one is under way. */
export function revertBusyWords(link: RevertLink, runId: string): string {
  return `A revert of this ${link.kind} is under way (run ${runId}): it can be reverted again once that run is finished.`;
}
