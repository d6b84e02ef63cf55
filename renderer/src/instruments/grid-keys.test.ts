import { describe, expect, it } from 'vitest';
import { COLUMN_SCROLL_PX, gridKeyAction, gridPageRows, type GridKeyState } from './grid-keys';
import { HEADER_HEIGHT, ROW_HEIGHT } from './grid-layout';

const plain = { ctrlKey: false, metaKey: false, altKey: false };
const ctrl = { ...plain, ctrlKey: true };
const state = (s: Partial<GridKeyState> = {}): GridKeyState => ({
  selectedPos: 3,
  rowCount: 50,
  pageRows: 10,
  canWatch: true,
  ...s,
});

describe('gridKeyAction', () => {
  it('moves the selection by the roving rows’ steps, modifiers or not', () => {
    expect(gridKeyAction('ArrowDown', plain, state())).toEqual({ kind: 'select', pos: 4 });
    expect(gridKeyAction('ArrowUp', plain, state({ selectedPos: 0 }))).toEqual({ kind: 'select', pos: 0 });
    expect(gridKeyAction('PageDown', plain, state())).toEqual({ kind: 'select', pos: 13 });
    expect(gridKeyAction('End', ctrl, state())).toEqual({ kind: 'select', pos: 49 });
    expect(gridKeyAction('ArrowDown', plain, state({ selectedPos: -1 }))).toEqual({ kind: 'select', pos: 0 });
  });

  it('takes a row key on an empty grid without selecting', () => {
    expect(gridKeyAction('Home', plain, state({ rowCount: 0, selectedPos: -1 }))).toEqual({ kind: 'swallow' });
  });

  it('scrolls the columns, or jumps a column group with Ctrl or Cmd', () => {
    expect(gridKeyAction('ArrowLeft', plain, state())).toEqual({ kind: 'scroll-columns', by: -COLUMN_SCROLL_PX });
    expect(gridKeyAction('ArrowRight', { ...plain, altKey: true }, state())).toEqual({
      kind: 'scroll-columns',
      by: COLUMN_SCROLL_PX,
    });
    expect(gridKeyAction('ArrowRight', ctrl, state())).toEqual({ kind: 'column-group', direction: 'next' });
    expect(gridKeyAction('ArrowLeft', { ...plain, metaKey: true }, state())).toEqual({
      kind: 'column-group',
      direction: 'previous',
    });
  });

  it('opens details only for a selected row; Escape always closes them', () => {
    expect(gridKeyAction('Enter', plain, state())).toEqual({ kind: 'open-details' });
    expect(gridKeyAction('Enter', plain, state({ selectedPos: -1 }))).toEqual({ kind: 'none' });
    expect(gridKeyAction('Escape', plain, state({ selectedPos: -1 }))).toEqual({ kind: 'close-details' });
  });

  it('toggles the watch star with W alone, on a selected row of a grid that shows stars', () => {
    expect(gridKeyAction('w', plain, state())).toEqual({ kind: 'toggle-watch', pos: 3 });
    expect(gridKeyAction('W', plain, state())).toEqual({ kind: 'toggle-watch', pos: 3 });
    expect(gridKeyAction('w', ctrl, state())).toEqual({ kind: 'none' });
    expect(gridKeyAction('w', { ...plain, altKey: true }, state())).toEqual({ kind: 'none' });
    expect(gridKeyAction('w', plain, state({ canWatch: false }))).toEqual({ kind: 'none' });
    expect(gridKeyAction('w', plain, state({ selectedPos: -1 }))).toEqual({ kind: 'none' });
  });

  it('leaves every other key to the page', () => {
    expect(gridKeyAction('a', plain, state())).toEqual({ kind: 'none' });
    expect(gridKeyAction('Tab', plain, state())).toEqual({ kind: 'none' });
  });
});

describe('gridPageRows', () => {
  it('is a screenful below the header less one, at least one, and 10 before layout', () => {
    expect(gridPageRows(undefined)).toBe(10);
    expect(gridPageRows(HEADER_HEIGHT + 20 * ROW_HEIGHT)).toBe(19);
    expect(gridPageRows(0)).toBe(1);
  });
});
