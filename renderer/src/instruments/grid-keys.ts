/**
 * What a key on the instrument grid's rows asks for, decided from the key and the selection alone so
 * it can be tested without a DOM; InstrumentGrid applies the action (the scrolling, the focus).
 */
import { rowStep } from '../lib/roving-rows';
import { HEADER_HEIGHT, ROW_HEIGHT } from './grid-layout';

/** How far ArrowLeft/ArrowRight scroll the columns: about one narrow column. */
export const COLUMN_SCROLL_PX = 120;

export type GridKeyAction =
  | { kind: 'none' }
  | { kind: 'select'; pos: number }
  /** A row key on an empty grid: taken all the same, so the page does not scroll in its place. */
  | { kind: 'swallow' }
  | { kind: 'column-group'; direction: 'previous' | 'next' }
  | { kind: 'scroll-columns'; by: number }
  | { kind: 'open-details' }
  | { kind: 'close-details' }
  | { kind: 'toggle-watch'; pos: number };

export interface GridKeyModifiers {
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface GridKeyState {
  /** The selected view position, -1 for none. */
  selectedPos: number;
  rowCount: number;
  pageRows: number;
  /** Whether the grid shows watch stars (W toggles one). */
  canWatch: boolean;
}

const NONE: GridKeyAction = { kind: 'none' };

/** Rows a Page key moves, from the grid's height (10 before the grid is laid out). */
export function gridPageRows(viewportHeight: number | undefined): number {
  if (viewportHeight === undefined) return 10;
  return Math.max(1, Math.floor((viewportHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
}

export function gridKeyAction(key: string, mods: GridKeyModifiers, state: GridKeyState): GridKeyAction {
  const from = state.selectedPos;
  const last = state.rowCount - 1;
  const to = rowStep(key, from, last, state.pageRows);
  if (to !== undefined) return last < 0 ? { kind: 'swallow' } : { kind: 'select', pos: to };
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight':
      if (mods.ctrlKey || mods.metaKey) {
        return { kind: 'column-group', direction: key === 'ArrowRight' ? 'next' : 'previous' };
      }
      return { kind: 'scroll-columns', by: key === 'ArrowLeft' ? -COLUMN_SCROLL_PX : COLUMN_SCROLL_PX };
    case 'Enter':
      return from >= 0 ? { kind: 'open-details' } : NONE;
    case 'Escape':
      return { kind: 'close-details' };
    case 'w':
    case 'W':
      // W with Ctrl, Cmd or Alt is someone else's shortcut (Ctrl+W closes the tab).
      return from >= 0 && state.canWatch && !mods.ctrlKey && !mods.metaKey && !mods.altKey
        ? { kind: 'toggle-watch', pos: from }
        : NONE;
    default:
      return NONE;
  }
}
