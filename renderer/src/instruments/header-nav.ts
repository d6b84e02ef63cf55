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
import { COLUMN_GROUPS, isNumericKind } from './columns';
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

/** A group label: 10 px capitals, 0.06 em apart, 8 px padding each side (.ig-group, instruments.css). */
const GROUP_TEXT_PX = 10;
const GROUP_LETTER_SPACING_EM = 0.06;
const GROUP_PADDING_PX = 8;

/** The room a group's label takes in the group row (an upper bound: it is not measured). */
export function groupLabelRoom(label: string): number {
  const text = label.toUpperCase();
  return (
    maxTextWidth(text, GROUP_TEXT_PX, 'sans', true) +
    text.length * GROUP_LETTER_SPACING_EM * GROUP_TEXT_PX +
    2 * GROUP_PADDING_PX
  );
}

const GROUP_ROOM: ReadonlyMap<string, number> = new Map(
  COLUMN_GROUPS.map(([id, label]) => [id, groupLabelRoom(label)]),
);
const roomOfGroup = (group: string): number => GROUP_ROOM.get(group) ?? 0;

/**
 * Which group labels are hidden at this scroll position: those of the spans starting at or before
 * the offset returned (undefined: none). A group's label sticks at the pinned pane's edge while its
 * span passes under the pane (instruments.css), and is pushed under it by the span's end: a span
 * that starts left of the edge and shows less than its label right of it has its label hidden
 * rather than read as "MENT"; so have the spans wholly under the pane. The pinned column's own
 * group is drawn over the pinned column, whole, and never hidden.
 */
export function groupLabelCutoff(
  columns: readonly CellColumn[],
  scrollLeft: number,
  pinnedWidth: number,
  labelRoom: (group: string) => number = roomOfGroup,
): number | undefined {
  if (scrollLeft <= 0) return undefined;
  const edge = scrollLeft + pinnedWidth;
  const at = columns.findIndex((c) => !c.pinned && c.start <= edge && c.start + c.width > edge);
  if (at < 0) return undefined;
  const group = columns[at]!.group;
  let first = at;
  while (first > 0 && columns[first - 1]!.group === group) first--;
  // The edge in the pinned column's group: nothing of it is drawn but the pinned label.
  if (columns[first]!.pinned) return undefined;
  let last = at;
  while (last + 1 < columns.length && columns[last + 1]!.group === group) last++;
  const end = columns[last]!.start + columns[last]!.width;
  const start = columns[first]!.start;
  return start < edge && end - edge < labelRoom(group) ? start : start - 1;
}
