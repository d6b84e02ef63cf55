/**
 * Column chooser: a popover with one checkbox per column, grouped like the header, with buttons to
 * move a column within its group. Escape or a click outside closes it and focus returns to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
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

export function ColumnChooser() {
  const [open, setOpen] = useState(false);
  const columnVisibility = useInstrumentBrowser((s) => s.columnVisibility);
  const columnOrder = useInstrumentBrowser((s) => s.columnOrder);
  const setColumnVisibility = useInstrumentBrowser((s) => s.setColumnVisibility);
  const setColumnOrder = useInstrumentBrowser((s) => s.setColumnOrder);
  const resetColumns = useInstrumentBrowser((s) => s.resetColumns);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    popRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!popRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const shown = COLUMN_SPECS.filter((c) => columnVisibility[c.id] !== false).length;

  return (
    <div className="ic-chooser">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        title="Choose, order and reset columns"
      >
        Columns{' '}
        <span className="muted num">
          {shown}/{COLUMN_SPECS.length}
        </span>
      </button>
      {open ? (
        <div
          ref={popRef}
          className="ic-popover"
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="ic-popover-head">
            <h2 id={titleId}>Columns</h2>
            <button type="button" className="button" onClick={resetColumns}>
              Reset columns
            </button>
          </div>
          <div className="ic-groups">
            {COLUMN_GROUPS.map(([groupId, groupLabel]) => {
              const ids = columnOrder.filter((id) => SPEC_BY_ID.get(id)?.group === groupId);
              if (ids.length === 0) return null;
              return (
                <fieldset key={groupId} className="ic-group">
                  <legend>{groupLabel}</legend>
                  {ids.map((id, k) => {
                    const spec = SPEC_BY_ID.get(id)!;
                    return (
                      <div key={id} className="ic-item">
                        <label title={spec.description}>
                          <input
                            type="checkbox"
                            checked={columnVisibility[id] !== false}
                            onChange={(e) => setColumnVisibility((v) => ({ ...v, [id]: e.target.checked }))}
                          />
                          {spec.label}
                        </label>
                        <span className="ic-move">
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Move ${spec.label} up`}
                            disabled={k === 0}
                            onClick={() => setColumnOrder((o) => moveWithinGroup(o, id, -1))}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Move ${spec.label} down`}
                            disabled={k === ids.length - 1}
                            onClick={() => setColumnOrder((o) => moveWithinGroup(o, id, 1))}
                          >
                            ↓
                          </button>
                        </span>
                      </div>
                    );
                  })}
                </fieldset>
              );
            })}
          </div>
          <div className="ic-popover-foot">
            <button type="button" className="button primary" onClick={() => close()}>
              Done
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
