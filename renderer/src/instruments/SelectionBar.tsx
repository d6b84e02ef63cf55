/**
 * What can be done with the selected row: its name, copy, amend, amend its open orders, details.
 * A row the filters hide is not offered here: the operator would act on a row they cannot see.
 */
import type { Instrument } from '../../../shared/schemas';
import { useUi } from '../app/store';
import { CopyButton } from './CopyButton';

export function SelectionBar({
  selected,
  detailsOpen,
  onToggleDetails,
}: {
  /** The selected row while it is shown; undefined when none is, or the filters hide it. */
  selected: Instrument | undefined;
  detailsOpen: boolean;
  onToggleDetails(): void;
}) {
  return (
    <div className="ib-selection" role="group" aria-label="Selected instrument">
      <span className="ib-selected muted">
        {selected ? (
          <>
            Selected <strong className="mono">{selected.symbol}</strong> · {selected.category}
          </>
        ) : (
          'No row selected'
        )}
      </span>
      {selected ? (
        <CopyButton text={selected.symbol} label="Copy symbol">
          Copy symbol
        </CopyButton>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={!selected}
        onClick={() => selected && useUi.getState().openAmend(selected.category, selected.symbol)}
      >
        Amend an order on this symbol
      </button>
      <button
        type="button"
        className="button"
        disabled={!selected}
        onClick={() =>
          selected && useUi.getState().openAmendMany({ category: selected.category, symbol: selected.symbol })
        }
      >
        Amend open orders of this symbol…
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
