/**
 * Column chooser: a dialog anchored to the Columns button, listing every column grouped like the
 * header, with a box that filters the list by name.
 *
 * Keyboard: focus starts in the filter box and stays in the dialog (Tab and Shift+Tab cycle through
 * its four stops: filter box, list, Reset, Done). The list is one tab stop (a roving tabindex):
 * arrow keys and Home/End move between columns, Space shows or hides one, Alt+arrow keys move it
 * within its group. Escape, Done or a click outside closes the dialog; Escape and Done return the
 * focus to the Columns button. Every target is at least 24 × 24 px (WCAG 2.2 target size): a whole
 * row is the checkbox, and the move buttons are for the mouse (the keyboard has Alt+arrows).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { COLUMN_GROUPS, COLUMN_SPECS, SPEC_BY_ID } from './columns';
import { useInstrumentBrowser } from './prefs';

/** Moves `id` one step up or down among the columns of its own group (groups stay contiguous). */
export function moveWithinGroup(order: readonly string[], id: string, direction: -1 | 1): string[] {
  const group = SPEC_BY_ID.get(id)?.group;
  const i = order.indexOf(id);
  let j = i + direction;
  while (j >= 0 && j < order.length && SPEC_BY_ID.get(order[j]!)?.group !== group) j += direction;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  const next = [...order];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The columns whose name contains every word of `query` (case-insensitive), in `order`. */
export function filterColumns(order: readonly string[], query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return order.filter((id) => {
    const label = SPEC_BY_ID.get(id)?.label.toLowerCase() ?? id.toLowerCase();
    return words.every((w) => label.includes(w));
  });
}

/** The elements Tab stops at, in order. */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input, button, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

export function ColumnChooser() {
  const [open, setOpen] = useState(false);
  const columnVisibility = useInstrumentBrowser((s) => s.columnVisibility);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const shown = COLUMN_SPECS.filter((c) => columnVisibility[c.id] !== false).length;

  return (
    <div className="ic-chooser">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen((o) => !o)}
        title="Choose, order and reset columns"
      >
        Columns{' '}
        <span className="muted num">
          {shown}/{COLUMN_SPECS.length}
        </span>
      </button>
      {open ? <ColumnDialog id={dialogId} buttonRef={buttonRef} onClose={close} /> : null}
    </div>
  );
}

function ColumnDialog({
  id,
  buttonRef,
  onClose,
}: {
  id: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose(refocus: boolean): void;
}) {
  const columnVisibility = useInstrumentBrowser((s) => s.columnVisibility);
  const columnOrder = useInstrumentBrowser((s) => s.columnOrder);
  const { setColumnVisibility, setColumnOrder, resetColumns } = useInstrumentBrowser.getState();
  const [query, setQuery] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** A column whose checkbox takes the focus after the next render (a move re-inserts its row). */
  const focusAfterRender = useRef<string | null>(null);
  const titleId = useId();
  const hintId = useId();

  const matching = filterColumns(columnOrder, query);
  const groups = COLUMN_GROUPS.map(([groupId, groupLabel]) => ({
    groupId,
    groupLabel,
    all: columnOrder.filter((c) => SPEC_BY_ID.get(c)?.group === groupId),
    ids: matching.filter((c) => SPEC_BY_ID.get(c)?.group === groupId),
  })).filter((g) => g.ids.length > 0);
  const listed = groups.flatMap((g) => g.ids);
  const tabStop = activeId !== null && listed.includes(activeId) ? activeId : listed[0];

  // Opened: focus the filter box, and keep the dialog within the window's height (measured once).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const room = window.innerHeight - dialog.getBoundingClientRect().top - 12;
    dialog.style.maxHeight = `${Math.max(240, Math.min(620, room))}px`;
    filterRef.current?.focus();
  }, []);

  // A click outside closes it (without taking the focus anywhere: the click puts it where it wants).
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!dialogRef.current?.contains(t) && !buttonRef.current?.contains(t)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [buttonRef, onClose]);

  useLayoutEffect(() => {
    const pending = focusAfterRender.current;
    if (pending === null) return;
    focusAfterRender.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-column="${pending}"]`)?.focus();
  });

  const focusColumn = (columnId: string | undefined) => {
    if (columnId === undefined) return;
    setActiveId(columnId);
    listRef.current?.querySelector<HTMLElement>(`[data-column="${columnId}"]`)?.focus();
  };

  const toggle = (columnId: string) => setColumnVisibility((v) => ({ ...v, [columnId]: v[columnId] === false }));

  const move = (columnId: string, direction: -1 | 1) => {
    const group = groups.find((g) => g.all.includes(columnId));
    const k = group ? group.all.indexOf(columnId) : -1;
    if (!group || k + direction < 0 || k + direction >= group.all.length) return;
    setColumnOrder((o) => moveWithinGroup(o, columnId, direction));
    setAnnouncement(
      `${SPEC_BY_ID.get(columnId)?.label} moved ${direction < 0 ? 'up' : 'down'}: ${k + direction + 1} of ${group.all.length} in ${group.groupLabel}`,
    );
    focusAfterRender.current = columnId;
  };

  const onListKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const columnId = (e.target as HTMLElement).dataset.column;
    if (columnId === undefined) return;
    const i = listed.indexOf(columnId);
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const direction = e.key === 'ArrowDown' ? 1 : -1;
        if (e.altKey) move(columnId, direction);
        else focusColumn(listed[Math.min(listed.length - 1, Math.max(0, i + direction))]);
        break;
      }
      case 'Home':
        focusColumn(listed[0]);
        break;
      case 'End':
        focusColumn(listed.at(-1));
        break;
      case ' ':
        toggle(columnId);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const onDialogKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    // Focus stays inside: Tab from the last stop goes to the first, Shift+Tab from the first to the last.
    const stops = tabStops(dialogRef.current);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  };

  return (
    <div
      ref={dialogRef}
      id={id}
      className="ic-popover"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onDialogKeyDown}
      onBlur={(e) => {
        // The focus went elsewhere (a shortcut, a click on another control): close.
        const to = e.relatedTarget as Node | null;
        if (to && !e.currentTarget.contains(to) && !buttonRef.current?.contains(to)) onClose(false);
      }}
    >
      <div className="ic-popover-head">
        <h2 id={titleId}>Columns</h2>
        <input
          ref={filterRef}
          type="text"
          className="ic-filter"
          aria-label="Filter columns"
          placeholder="Filter by name"
          value={query}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              focusColumn(tabStop);
            }
          }}
        />
      </div>
      <p id={hintId} className="ic-hint">
        Arrow keys move, Space shows or hides, Alt+arrow keys reorder within the group.
      </p>
      <div ref={listRef} className="ic-groups" role="group" aria-label="Columns shown" onKeyDown={onListKeyDown}>
        {groups.map(({ groupId, groupLabel, all, ids }) => (
          <fieldset key={groupId} className="ic-group">
            <legend>{groupLabel}</legend>
            {ids.map((columnId) => {
              const spec = SPEC_BY_ID.get(columnId)!;
              const k = all.indexOf(columnId);
              return (
                <div key={columnId} className="ic-item">
                  <div
                    role="checkbox"
                    aria-checked={columnVisibility[columnId] !== false}
                    tabIndex={columnId === tabStop ? 0 : -1}
                    data-column={columnId}
                    className="ic-check"
                    title={spec.description}
                    onClick={() => toggle(columnId)}
                    onFocus={() => setActiveId(columnId)}
                  >
                    <span className="ic-box" aria-hidden="true" />
                    <span className="ic-label">{spec.label}</span>
                  </div>
                  <span className="ic-move">
                    <button
                      type="button"
                      tabIndex={-1}
                      className="icon-button"
                      aria-label={`Move ${spec.label} up`}
                      title={`Move ${spec.label} up (Alt+↑)`}
                      disabled={k === 0}
                      onClick={() => move(columnId, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      tabIndex={-1}
                      className="icon-button"
                      aria-label={`Move ${spec.label} down`}
                      title={`Move ${spec.label} down (Alt+↓)`}
                      disabled={k === all.length - 1}
                      onClick={() => move(columnId, 1)}
                    >
                      ↓
                    </button>
                  </span>
                </div>
              );
            })}
          </fieldset>
        ))}
        {listed.length === 0 ? <p className="ic-none muted">No column is named like “{query.trim()}”.</p> : null}
      </div>
      <div className="ic-popover-foot">
        <span className="sr-only" aria-live="polite">
          {announcement}
        </span>
        <button type="button" className="button" onClick={resetColumns}>
          Reset columns
        </button>
        <button type="button" className="button primary" onClick={() => onClose(true)}>
          Done
        </button>
      </div>
    </div>
  );
}
