/**
 * What the fetches brought since the operator last looked: "N new · N changed", and Mark all seen.
 * It sits in the screen's header, beside "Updated … ago" and Refresh (it is what a refresh brings),
 * not in the bar above the grid: a group that comes and goes there would wrap that bar and move the
 * grid under the operator's pointer.
 */
import { useMemo } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { BusyButton } from '../components/BusyButton';
import type { RowMark, RowMarks } from './row-marks';

/**
 * The marks of the rows listed now (a mark of a row no longer fetched is not counted), by kind, and
 * their categories in the order of the marks. The marks (a few hundred) are looked up by each row's
 * own category and symbol: no key is built per row (50,000 of them in a mount) nor an index of them.
 */
export function countMarks(instruments: readonly Instrument[] | undefined, marks: RowMarks['marks'] | undefined) {
  let fresh = 0;
  let changed = 0;
  /** Each category counted, with the place of its first mark. */
  const firstAt = new Map<Instrument['category'], number>();
  if (instruments && marks?.size) {
    // The marks by category, then symbol (a key is `${category}:${symbol}`, and no category has a
    // colon), each with its place among the marks.
    const bySymbol = new Map<string, Map<string, { mark: RowMark; at: number }>>();
    let at = 0;
    for (const [key, mark] of marks) {
      const colon = key.indexOf(':');
      if (colon < 0) continue;
      const category = key.slice(0, colon);
      let symbols = bySymbol.get(category);
      if (!symbols) bySymbol.set(category, (symbols = new Map()));
      symbols.set(key.slice(colon + 1), { mark, at: at++ });
    }
    for (const row of instruments) {
      const symbols = bySymbol.get(row.category);
      const found = symbols?.get(row.symbol);
      if (!symbols || !found) continue;
      // Counted once, were a row listed twice.
      symbols.delete(row.symbol);
      if (found.mark === 'new') fresh++;
      else changed++;
      firstAt.set(row.category, Math.min(found.at, firstAt.get(row.category) ?? Infinity));
    }
  }
  const categories = [...firstAt].sort((a, b) => a[1] - b[1]).map(([category]) => category);
  return { fresh, changed, categories };
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
