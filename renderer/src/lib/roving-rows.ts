/**
 * A table's rows as one tab stop (a roving tabindex): one control per row, each marked with
 * `data-row-index`; the current row's control takes Tab, the others are reached with the arrow keys,
 * Home/End and Page Up/Down. The desk's open orders (their Pick buttons) and Amend many's orders
 * (their checkboxes) use it; the instrument grid, one focusable grid, moves its selection by the same
 * steps (`rowStep`).
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/**
 * The row a key moves to from row `from` (-1: none yet) of rows 0…`last`, or undefined for a key that
 * does not move between rows. With no rows (`last` -1) the answer is out of range: the caller checks.
 */
export function rowStep(key: string, from: number, last: number, pageRows: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return from < 0 ? 0 : Math.min(last, from + 1);
    case 'ArrowUp':
      return from < 0 ? 0 : Math.max(0, from - 1);
    case 'PageDown':
      return Math.min(last, Math.max(0, from) + pageRows);
    case 'PageUp':
      return Math.max(0, from - pageRows);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

export interface RovingRowsOptions {
  /** One key per row, in the order shown: the current row is followed by its key through a refresh. */
  keys: readonly string[];
  /** The element that scrolls the rows; its sticky table head is kept clear of a focused row. */
  scroller: RefObject<HTMLElement | null>;
  /** The rows drawn, for a virtualized table (default: all of them). */
  drawn?: readonly number[];
  /** Scrolls row `index` into the drawn range of a virtualized table; it is focused once drawn. */
  reveal?: (index: number) => void;
}

export interface RovingRows {
  /** The tabIndex of row `index`'s control: 0 for the one stop, -1 for the others. */
  tabIndexOf(index: number): 0 | -1;
  /** For the element holding the rows (a tbody): the keys that move between rows. */
  onKeyDown(e: KeyboardEvent): void;
  /** For the same element: a control focused by Tab or by the pointer becomes the current row. */
  onFocus(e: FocusEvent): void;
}

const rowIndexOf = (t: EventTarget | null): number | undefined => {
  const v = t instanceof HTMLElement ? t.dataset.rowIndex : undefined;
  return v === undefined ? undefined : Number(v);
};

const controlAt = (scroller: HTMLElement | null, i: number) =>
  scroller?.querySelector<HTMLElement>(`[data-row-index="${i}"]`) ?? null;

/** A row focused under the table's sticky head is scrolled clear of it (focus keeps to the scroll padding). */
function padForHead(scroller: HTMLElement | null) {
  const head = scroller?.querySelector('thead');
  if (scroller && head) scroller.style.scrollPaddingTop = `${head.offsetHeight}px`;
}

/** The list's one stop takes the focus (a focused row scrolled out of a virtualized table went with it). */
function focusStop(scroller: HTMLElement) {
  scroller.querySelector<HTMLElement>('[data-row-index][tabindex="0"]')?.focus({ preventScroll: true });
}

export function useRovingRows({ keys, scroller, drawn, reveal }: RovingRowsOptions): RovingRows {
  const [current, setCurrent] = useState<string | null>(null);
  const currentIndex = current === null ? -1 : keys.indexOf(current);
  const isDrawn = (i: number) => i >= 0 && i < keys.length && (!drawn || drawn.includes(i));
  // The current row while it is drawn; else the first row drawn, so Tab always finds the list.
  const stop = isDrawn(currentIndex) ? currentIndex : (drawn?.[0] ?? 0);
  /** A row moved to before it was drawn: focused as soon as it is. */
  const pending = useRef<number | null>(null);

  useLayoutEffect(() => {
    padForHead(scroller.current);
    if (pending.current === null) return;
    const target = controlAt(scroller.current, pending.current);
    if (target) {
      pending.current = null;
      target.focus();
    }
  });

  // The focus never falls to the page when its row leaves the drawn range (a scroll by the wheel).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onFocusOut = (e: globalThis.FocusEvent) => {
      if (e.relatedTarget !== null || rowIndexOf(e.target) === undefined) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focusStop(el);
      });
    };
    el.addEventListener('focusout', onFocusOut);
    return () => el.removeEventListener('focusout', onFocusOut);
  }, [scroller]);

  const onKeyDown = (e: KeyboardEvent) => {
    const from = rowIndexOf(e.target);
    if (from === undefined || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const rowHeight = (e.target as HTMLElement).closest('tr')?.offsetHeight || 25;
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / rowHeight) - 1);
    const to = rowStep(e.key, from, keys.length - 1, pageRows);
    if (to === undefined || keys.length === 0) return;
    e.preventDefault();
    setCurrent(keys[to] ?? null);
    const target = controlAt(scroller.current, to);
    if (target) target.focus();
    else {
      pending.current = to;
      reveal?.(to);
    }
  };

  const onFocus = (e: FocusEvent) => {
    const i = rowIndexOf(e.target);
    if (i !== undefined && keys[i] !== undefined) setCurrent(keys[i]);
  };

  return { tabIndexOf: (i) => (i === stop ? 0 : -1), onKeyDown, onFocus };
}
