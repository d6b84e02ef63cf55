/**
 * The grid's layout model: its pixel sizes, and the visible columns as rows and headers place them.
 *
 * The sizes are the one source of truth for instruments.css too: the grid's root element sets
 * them as CSS variables (GRID_CSS_VARS), the stylesheet only reads those variables, and
 * grid-layout.test.ts checks that each side uses exactly the other's names and no copied value.
 * Virtualization needs the heights in script; the clip decision (text-fit.ts) needs the room and
 * the font size of each cell.
 */
import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { SPEC_BY_ID, type ColumnKind } from './columns';
import type { NumberFigures } from '../lib/number-align';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';
import type { TextFace } from './text-fit';
import { RESTRICTION_LABELS, type RestrictionField } from './values';

/** A body row's height, its bottom border included: the row at view position p is at p * ROW_HEIGHT. */
export const ROW_HEIGHT = 24;
/** A body row's bottom border; its cells fill the rest of its height. */
const ROW_BORDER_PX = 1;
/** The header's rows: column groups, then the leaf columns (sorting, resizing). */
const GROUP_ROW_HEIGHT = 22;
const LEAF_ROW_HEIGHT = 34;
export const HEADER_HEIGHT = GROUP_ROW_HEIGHT + LEAF_ROW_HEIGHT;
/** Header rows: TABLE_COLUMNS is always two levels deep (groups of leaf columns). */
export const HEADER_ROW_COUNT = 2;
/**
 * aria-rowindex of the body row at view position 0. The index is 1-based and counts the header
 * rows too (they are rows of the same grid, numbered 1 and 2), so body rows are numbered after them.
 */
export const FIRST_BODY_ARIA_ROWINDEX = HEADER_ROW_COUNT + 1;

/** A body cell's horizontal padding (each side) and its right border. */
const CELL_PADDING_X_PX = 8;
const CELL_BORDER_PX = 1;
/** What a cell's content does not get of its width. */
export const CELL_CHROME_PX = 2 * CELL_PADDING_X_PX + CELL_BORDER_PX;
/** Font sizes: cells, monospace cells and the Symbol, status badges. */
export const TEXT_PX = 12;
export const MONO_PX = 11.5;
export const BADGE_PX = 10.5;
/** A status badge's horizontal padding (each side). */
const BADGE_PADDING_X_PX = 6;
export const BADGE_CHROME_PX = 2 * BADGE_PADDING_X_PX;

/** A leaf header's label: its font size (bold) and the sort button's horizontal padding (each side). */
export const HEADER_TEXT_PX = 11;
export const HEADER_PADDING_X_PX = 8;

const px = (n: number): string => `${n}px`;

/**
 * The sizes above as the CSS variables instruments.css reads. One constant object: the grid's
 * root element gets it as its style, and an unchanged style object costs React nothing per render.
 */
export const GRID_CSS_VARS: Readonly<Record<`--ig-${string}`, string>> = {
  '--ig-row-height': px(ROW_HEIGHT),
  '--ig-row-border': px(ROW_BORDER_PX),
  '--ig-cell-height': px(ROW_HEIGHT - ROW_BORDER_PX),
  '--ig-group-row-height': px(GROUP_ROW_HEIGHT),
  '--ig-leaf-row-height': px(LEAF_ROW_HEIGHT),
  '--ig-header-height': px(HEADER_HEIGHT),
  '--ig-cell-padding-x': px(CELL_PADDING_X_PX),
  '--ig-cell-border': px(CELL_BORDER_PX),
  '--ig-text-size': px(TEXT_PX),
  '--ig-mono-size': px(MONO_PX),
  '--ig-badge-size': px(BADGE_PX),
  '--ig-badge-padding-x': px(BADGE_PADDING_X_PX),
  '--ig-header-text-size': px(HEADER_TEXT_PX),
  '--ig-header-padding-x': px(HEADER_PADDING_X_PX),
};
export const GRID_CSS_VARS_STYLE = GRID_CSS_VARS as CSSProperties;

/** Width of a column that has none (never in practice: every column spec has one). */
export const FALLBACK_COLUMN_WIDTH = 80;

/** A visible leaf column as the rows need it, built once per layout change. */
export interface CellColumn {
  id: string;
  label: string;
  kind: ColumnKind;
  /** Its column group (ColumnGroupId): Ctrl+arrow keys jump from group to group. */
  group: string;
  /** 1-based position among all visible columns (aria-colindex: cells are virtualized). */
  index: number;
  start: number;
  width: number;
  /** Stays at the left edge while scrolling sideways (the Symbol column, drawn again by the pinned pane). */
  pinned: boolean;
  className: string;
  /** The class of a cell whose content may not fit: clipped, with an ellipsis. */
  clipClassName: string;
  /** Room for content (the width less padding and border): wider content gets clipClassName. */
  contentPx: number;
  /** Font of the cell's text: numbers and times are monospace. */
  face: TextFace;
  /** The header cell's place: absolutely at its offset (every header is rendered). */
  style: CSSProperties;
  /**
   * A body cell's place, shared by every row: cells are laid out in flow, one after the other
   * (cheaper to lay out than absolutely placed boxes); see flowColumns for the gaps.
   */
  cellStyle: CSSProperties;
  restriction: boolean;
  /** A numeric column's widest parts, for aligning its cells on the point (number-cells.ts). */
  figures?: NumberFigures;
}

const isRestrictionField = (id: string): id is RestrictionField => id in RESTRICTION_LABELS;

export function cellColumn(
  id: string,
  label: string,
  kind: ColumnKind,
  index: number,
  start: number,
  width: number,
  pinned: boolean,
  figures?: NumberFigures,
): CellColumn {
  const align = kind === 'number' || kind === 'percent' || kind === 'maxQty' ? ' num' : kind === 'time' ? ' time' : '';
  return {
    id,
    label,
    kind,
    group: SPEC_BY_ID.get(id)?.group ?? '',
    index,
    start,
    width,
    pinned,
    className: `ig-cell${align}`,
    clipClassName: `ig-cell${align} clip`,
    contentPx: width - CELL_CHROME_PX,
    face: align ? 'mono' : 'sans',
    style: { left: start, width },
    cellStyle: { width },
    restriction: isRestrictionField(id),
    ...(figures && align === ' num' ? { figures } : {}),
  };
}

/**
 * Every visible leaf column, left to right, at its width; the Symbol column is pinned when it comes
 * first. A numeric column is never narrower than its numbers (its minSize, see table-columns.ts).
 */
export function layoutColumns(
  leafColumns: ReadonlyArray<Column<Instrument, unknown>>,
  columnSizing: Readonly<Record<string, number>>,
  figures?: ReadonlyMap<string, NumberFigures>,
): CellColumn[] {
  let start = 0;
  return leafColumns.map((c, i) => {
    const spec = c.columnDef.meta?.spec;
    // Like TanStack's getSize(): the stored width (a drag may overshoot), clamped.
    const width = Math.min(
      MAX_COLUMN_WIDTH,
      Math.max(
        c.columnDef.minSize ?? MIN_COLUMN_WIDTH,
        columnSizing[c.id] ?? c.columnDef.size ?? FALLBACK_COLUMN_WIDTH,
      ),
    );
    const col = cellColumn(
      c.id,
      String(c.columnDef.header),
      spec?.kind ?? 'text',
      i + 1,
      start,
      width,
      i === 0 && c.id === 'symbol',
      figures?.get(c.id),
    );
    start += width;
    return col;
  });
}

/**
 * The rendered columns (pinned Symbol, then the ones in view) ready to sit in flow: a column that
 * does not start where the previous one ends gets the gap as its left margin.
 */
export function flowColumns(columns: readonly CellColumn[]): CellColumn[] {
  let end = 0;
  return columns.map((c) => {
    const gap = c.start - end;
    end = c.start + c.width;
    return gap === 0 ? c : { ...c, cellStyle: { width: c.width, marginLeft: gap } };
  });
}

/**
 * The view positions to render, in the order they are drawn into the DOM: always `slotCount`
 * consecutive rows from the first one in view (fewer only at the end of a short list), so every
 * slot, that is every row element, stays in use and a scroll only refills the rows it brings in;
 * a varying count would delete one row element and create another in most frames.
 *
 * At rest the DOM holds them in view order, so it reads top to bottom. While scrolling they are in
 * slot order (position % slotCount, the rows' React keys): a scroll then never moves a row
 * element, since a moved element is detached, and the browser restyles and lays out a reattached
 * row from scratch (8 rows a frame in a fling). Every row keeps its aria-rowindex either way.
 */
export function renderedPositions(first: number, slotCount: number, count: number, scrolling: boolean): number[] {
  const start = Math.max(0, Math.min(first, count - slotCount));
  const end = Math.min(count, start + slotCount);
  const positions: number[] = [];
  for (let pos = start; pos < end; pos++) positions.push(pos);
  if (!scrolling) return positions;
  return positions.sort((a, b) => (a % slotCount) - (b % slotCount));
}
