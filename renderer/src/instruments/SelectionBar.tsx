/**
 * What can be done with the selected row: its name, copy, amend, amend its open orders, details.
 * A row the filters hide is not offered here: the operator would act on a row they cannot see.
 * Every button is always there (disabled with no row) and the buttons say only the action (their
 * names add "this symbol", next to the selected symbol): the bar keeps one width, so selecting a
 * row never wraps it and moves the grid below it.
 */
import { useRef } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { useUi } from '../app/store';
import { useFocusRescue } from '../lib/use-focus-rescue';
import { CopyButton } from './CopyButton';

export function SelectionBar({
  selected,
  detailsOpen,
  onToggleDetails,
  onFocusLost,
}: {
  /** The selected row while it is shown; undefined when none is, or the filters hide it. */
  selected: Instrument | undefined;
  detailsOpen: boolean;
  onToggleDetails(): void;
  /** A button with the focus went disabled (a refresh took the row away): where the focus goes. */
  onFocusLost(): void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useFocusRescue(bar, onFocusLost);
  return (
    <div className="ib-selection" role="group" aria-label="Selected instrument" ref={bar}>
      <span className="ib-selected muted" title={selected ? `${selected.symbol} · ${selected.category}` : undefined}>
        {selected ? (
          <>
            {/* Said, not shown: beside its actions the name reads as their subject, and the bar keeps its room. */}
            <span className="sr-only">Selected </span>
            <strong className="mono">{selected.symbol}</strong> · {selected.category}
          </>
        ) : (
          'No row selected'
        )}
      </span>
      {/* Always there, like the buttons after it: the bar keeps its width, so the grid never moves. */}
      <CopyButton text={selected?.symbol ?? ''} label="Copy symbol" disabled={!selected}>
        Copy symbol
      </CopyButton>
      <button
        type="button"
        className="button"
        disabled={!selected}
        onClick={() => selected && useUi.getState().openAmend(selected.category, selected.symbol)}
        aria-label="Amend an order on this symbol"
      >
        Amend an order
      </button>
      <button
        type="button"
        className="button"
        disabled={!selected}
        onClick={() =>
          selected && useUi.getState().openAmendMany({ category: selected.category, symbol: selected.symbol })
        }
        aria-label="Amend open orders of this symbol…"
      >
        Amend open orders…
      </button>
      <button
        type="button"
        className="button"
        disabled={!selected}
        aria-expanded={Boolean(selected && detailsOpen)}
        onClick={onToggleDetails}
        title="Show every field of the selected instrument (Enter)"
      >
        Details
      </button>
    </div>
  );
}
