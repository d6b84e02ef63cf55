/**
 * What the fetches brought since the operator last looked: "N new · N changed", and Mark all seen.
 * It sits in the screen's header, beside "Updated … ago" and Refresh (it is what a refresh brings),
 * not in the bar above the grid: a group that comes and goes there would wrap that bar and move the
 * grid under the operator's pointer.
 */
import { useMemo } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { BusyButton } from '../components/BusyButton';
import type { RowMarks } from './row-marks';
import { instrumentKey } from './values';

/** The marks of the rows listed now (a mark of a row no longer fetched is not counted), by kind. */
export function countMarks(instruments: readonly Instrument[] | undefined, marks: RowMarks['marks'] | undefined) {
  let fresh = 0;
  let changed = 0;
  const categories = new Set<Instrument['category']>();
  if (instruments && marks?.size) {
    const categoryOf = new Map(instruments.map((r) => [instrumentKey(r), r.category]));
    for (const [key, mark] of marks) {
      const category = categoryOf.get(key);
      if (category === undefined) continue;
      if (mark === 'new') fresh++;
      else changed++;
      categories.add(category);
    }
  }
  return { fresh, changed, categories: [...categories] };
}

export function ChangesSinceSeen({
  instruments,
  rowMarks,
  focusWhenGone,
}: {
  instruments: readonly Instrument[] | undefined;
  rowMarks: RowMarks | undefined;
  /** Where the focus of Mark all seen goes once the group has gone with the marks. */
  focusWhenGone?: () => HTMLElement | null;
}) {
  const marks = rowMarks?.marks;
  const counts = useMemo(() => countMarks(instruments, marks), [instruments, marks]);
  if (!rowMarks || counts.fresh + counts.changed === 0) return null;
  return (
    <span className="ib-marks" role="group" aria-label="Changes since last seen">
      {counts.fresh ? <span className="ig-mark ig-mark-new">{counts.fresh} new</span> : null}
      {counts.changed ? <span className="ig-mark ig-mark-changed">{counts.changed} changed</span> : null}
      <BusyButton
        className="button ghost"
        onClick={() => counts.categories.forEach((c) => rowMarks.markSeen(c))}
        focusWhenGone={focusWhenGone}
        title="Clear the new and changed badges of every row in the categories shown"
      >
        Mark all seen
      </BusyButton>
    </span>
  );
}
