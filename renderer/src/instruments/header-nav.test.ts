import { describe, expect, it } from 'vitest';
import { cellColumn, type CellColumn } from './grid-layout';
import {
  groupLabelCutoff,
  edgeColumn,
  groupLabelRoom,
  headerLabelLeft,
  hiddenLabelCount,
  nextGroupStart,
  previousGroupStart,
  scrollLeftToShow,
} from './header-nav';

/** Symbol (pinned, 100), Base, Quote (identity), Status (status), Min order qty, Max positions (limits). */
function layout(): CellColumn[] {
  const specs = [
    ['symbol', 'Symbol', 'text', 100],
    ['baseCoin', 'Base', 'text', 60],
    ['quoteCoin', 'Quote', 'text', 60],
    ['status', 'Status', 'status', 120],
    ['minOrderQty', 'Min order qty', 'number', 100],
    ['maxPositionNum', 'Max positions', 'number', 84],
  ] as const;
  let start = 0;
  return specs.map(([id, label, kind, width], i) => {
    const c = cellColumn(id, label, kind, i + 1, start, width, i === 0);
    start += width;
    return c;
  });
}

describe('moving between column groups', () => {
  const cols = layout();
  it('knows each column’s group', () => {
    expect(cols.map((c) => c.group)).toEqual(['identity', 'identity', 'identity', 'status', 'limits', 'limits']);
  });
  it('goes to the first column of the next group, or nowhere from the last', () => {
    expect(nextGroupStart(cols, 0)).toBe(3);
    expect(nextGroupStart(cols, 2)).toBe(3);
    expect(nextGroupStart(cols, 3)).toBe(4);
    expect(nextGroupStart(cols, 4)).toBeUndefined();
  });
  it('goes back to the start of its group, or from there to the previous group', () => {
    expect(previousGroupStart(cols, 5)).toBe(4);
    expect(previousGroupStart(cols, 4)).toBe(3);
    expect(previousGroupStart(cols, 3)).toBe(0);
    expect(previousGroupStart(cols, 0)).toBeUndefined();
  });
  it('finds the column at the pinned pane’s edge', () => {
    expect(edgeColumn(cols, 0, 100)).toBe(0);
    // Scrolled by 60: Base (100–160) is entirely under the pane, Quote starts at its edge.
    expect(edgeColumn(cols, 60, 100)).toBe(2);
    expect(edgeColumn(cols, 70, 100)).toBe(2);
    expect(edgeColumn(cols, 120, 100)).toBe(3);
  });
});

describe('scrolling a column into view right of the pinned pane', () => {
  const [symbol, , , status, minQty] = layout();
  it('puts a group’s first column at the edge', () => {
    expect(scrollLeftToShow(status!, 0, 300, 100, 'start')).toBe(120);
    expect(scrollLeftToShow(symbol!, 500, 300, 100, 'start')).toBe(0);
  });
  it('scrolls only as far as needed otherwise', () => {
    // Status (220–340) in a 400 px view at 0: in view already.
    expect(scrollLeftToShow(status!, 0, 400, 100, 'nearest')).toBe(0);
    // Min order qty (340–440) is cut on the right: scroll until its end shows.
    expect(scrollLeftToShow(minQty!, 0, 400, 100, 'nearest')).toBe(40);
    // Status partly under the pane: back to its start at the edge.
    expect(scrollLeftToShow(status!, 150, 400, 100, 'nearest')).toBe(120);
    expect(scrollLeftToShow(symbol!, 150, 400, 100, 'nearest')).toBe(150);
  });
});

describe('header labels under the pinned pane', () => {
  const cols = layout();
  const lefts = cols.map(headerLabelLeft);
  it('place text labels after the padding, number labels from the right', () => {
    expect(lefts[1]).toBe(108);
    // A number label is right-aligned: it may start after its column does, never before.
    const wide = cellColumn('maxLeverage', 'Max leverage', 'number', 7, 1000, 300, false);
    expect(headerLabelLeft(wide)).toBeGreaterThan(1000 + 150);
    // Its width is bounded, not measured: a label that may fill the column starts with it.
    expect(lefts[5]).toBe(cols[5]!.start);
  });
  it('never decrease from one column to the next', () => {
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
  });
  it('are hidden as soon as the edge may cut them, and only then', () => {
    expect(hiddenLabelCount(lefts, true, 100)).toBe(0);
    expect(hiddenLabelCount(lefts, true, 108)).toBe(0);
    expect(hiddenLabelCount(lefts, true, 109)).toBe(1);
    expect(hiddenLabelCount(lefts, true, lefts[5]! + 1)).toBe(5);
    expect(hiddenLabelCount(lefts, false, 10_000)).toBe(0);
  });
});

describe("group labels at the pinned pane's edge", () => {
  const cols = layout();
  const room = () => 60;
  it("cuts none at the left edge, nor the pinned column's own group (drawn over the pinned column)", () => {
    expect(groupLabelCutoff(cols, 0, 100, room)).toBeUndefined();
    // The edge in Quote: the identity group, pinned with Symbol.
    expect(groupLabelCutoff(cols, 100, 100, room)).toBeUndefined();
  });
  it('hides a label once its span shows less than the label right of the edge', () => {
    // Status spans 220–340: at the edge 250, 90 px of it show (room 60): whole.
    expect(groupLabelCutoff(cols, 150, 100, room)).toBe(219);
    // At the edge 300, 40 px show: the label would read "TE".
    expect(groupLabelCutoff(cols, 200, 100, room)).toBe(220);
    // Past it, Status is wholly under the pane and Limits (340–524) whole at the edge 400.
    expect(groupLabelCutoff(cols, 300, 100, room)).toBe(339);
    // The edge at 470 leaves 54 px of Limits.
    expect(groupLabelCutoff(cols, 370, 100, room)).toBe(340);
  });
  it("without a pinned column, the edge is the view's own", () => {
    const unpinned = cols.map((c) => ({ ...c, pinned: false }));
    expect(groupLabelCutoff(unpinned, 200, 0, room)).toBe(0);
    expect(groupLabelCutoff(unpinned, 100, 0, room)).toBe(-1);
  });
  it('counts a label as capitals with their letter spacing and padding', () => {
    expect(groupLabelRoom('Instrument')).toBeGreaterThan(90);
    expect(groupLabelRoom('Fees')).toBeLessThan(groupLabelRoom('Instrument'));
  });
});
