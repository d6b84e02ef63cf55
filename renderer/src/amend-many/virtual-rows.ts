/**
 * Rows of a long table drawn only where the operator looks (TanStack Virtual), with spacer rows
 * above and below so the table keeps its semantics and its scroll height. Short tables (most runs)
 * are drawn whole: every row stays findable and focusable.
 */
import type { RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export const VIRTUAL_FROM = 150;

export interface VisibleRows {
  indexes: number[];
  /** Spacer heights (px) before the first and after the last drawn row. */
  before: number;
  after: number;
}

export function useVisibleRows(
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
  rowHeight: number,
): VisibleRows {
  const virtual = count >= VIRTUAL_FROM;
  // The virtualizer's functions are read fresh on every render here; nothing memoized holds them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  if (!virtual) return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0 };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    indexes: items.map((i) => i.index),
    before: first ? first.start : 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
  };
}
