/**
 * Moving along the grid's columns by keyboard, and keeping header labels clear of the pinned pane.
 * Pure functions of the laid-out columns (grid-layout.ts) and the horizontal scroll position, so
 * the grid computes them without reading the DOM.
 *
 * Horizontal coordinates are in the grid's content (a column's `start`); the view shows
 * [scrollLeft, scrollLeft + viewWidth], of which the pinned Symbol column covers the first
 * `pinnedWidth` pixels: its right edge, scrollLeft + pinnedWidth, is "the edge" below.
 */
import { HEADER_PADDING_X_PX, HEADER_TEXT_PX, type CellColumn } from './grid-layout';
import { isNumericKind } from './columns';
import { maxTextWidth } from './text-fit';

/** Room for a sort mark (▲ and a sort index) beside a header label, with its gap. */
const SORT_MARK_PX = 16;

/** The first column of its group: the target of Ctrl+arrow keys. */
export function isGroupStart(columns: readonly CellColumn[], i: number): boolean {
  return i === 0 || columns[i]?.group !== columns[i - 1]?.group;
}

/** The first column of the next group after column `from`, or undefined in the last group. */
export function nextGroupStart(columns: readonly CellColumn[], from: number): number | undefined {
  for (let i = from + 1; i < columns.length; i++) if (isGroupStart(columns, i)) return i;
  return undefined;
}

/** The first column of the group of column `from - 1`: from a group's first column, the previous group's. */
export function previousGroupStart(columns: readonly CellColumn[], from: number): number | undefined {
  for (let i = Math.min(from, columns.length) - 1; i >= 0; i--) if (isGroupStart(columns, i)) return i;
  return undefined;
}

/**
 * The column at the edge: the first one (after the pinned column) not entirely under the pinned
 * pane, or the first column when the grid is not scrolled sideways.
 */
export function edgeColumn(columns: readonly CellColumn[], scrollLeft: number, pinnedWidth: number): number {
  if (scrollLeft <= 0) return 0;
  const edge = scrollLeft + pinnedWidth;
  const i = columns.findIndex((c) => !c.pinned && c.start + c.width > edge + 1);
  return i < 0 ? columns.length - 1 : i;
}

/**
 * Where to scroll so that column `col` is in view right of the pinned pane: `start` puts it at the
 * edge (a jump to a group), `nearest` scrolls only as far as needed (arrow keys). The browser
 * clamps the result to the scrollable range.
 */
export function scrollLeftToShow(
  col: CellColumn,
  scrollLeft: number,
  viewWidth: number,
  pinnedWidth: number,
  align: 'start' | 'nearest',
): number {
  if (col.pinned) return align === 'start' ? 0 : scrollLeft;
  const atEdge = Math.max(0, col.start - pinnedWidth);
  if (align === 'start' || col.start < scrollLeft + pinnedWidth) return atEdge;
  const end = col.start + col.width;
  if (end > scrollLeft + viewWidth) return Math.min(atEdge, end - viewWidth);
  return scrollLeft;
}

/**
 * The leftmost point of a header's label (an upper bound on its width: it is not measured):
 * numbers are right-aligned, with room for a sort mark; text is left-aligned.
 * Never decreasing from one column to the next, which hiddenLabelCount relies on.
 */
export function headerLabelLeft(col: CellColumn): number {
  if (!isNumericKind(col.kind)) return col.start + HEADER_PADDING_X_PX;
  const room = col.width - 2 * HEADER_PADDING_X_PX;
  const label = Math.min(room, maxTextWidth(col.label, HEADER_TEXT_PX, 'sans', true));
  return Math.max(col.start, col.start + col.width - HEADER_PADDING_X_PX - SORT_MARK_PX - label);
}

/**
 * How many columns after the pinned one would have their label (partly) under the pinned pane:
 * those labels are hidden rather than cut ("Max positions" read as "Max … itions"). The count
 * changes only when a label crosses the edge, so the memoized header re-renders only then.
 */
export function hiddenLabelCount(labelLefts: readonly number[], pinned: boolean, edge: number): number {
  if (!pinned) return 0;
  let n = 0;
  while (n + 1 < labelLefts.length && labelLefts[n + 1]! < edge) n++;
  return n;
}
