/**
 * The detail panel of a symbol the last fetch no longer lists (opened from the Changes feed on a
 * delisting): there are no fields to show, only its history. Escape closes it, like the detail panel.
 */
import type { Ref } from 'react';
import { CATEGORIES, type Category } from '../../../shared/schemas';
import { SymbolHistory } from '../changes/SymbolHistory';
import { PanelFrame } from './PanelFrame';

export function SymbolHistoryPanel({
  instrumentKey,
  onClose,
  ref,
}: {
  /** category:symbol, as the dataset keys rows. */
  instrumentKey: string;
  onClose(): void;
  ref?: Ref<HTMLElement>;
}) {
  const cut = instrumentKey.indexOf(':');
  const category = instrumentKey.slice(0, cut) as Category;
  const symbol = instrumentKey.slice(cut + 1);
  if (!CATEGORIES.includes(category)) return null;
  return (
    <PanelFrame ref={ref} label={`History of ${symbol}`} onClose={onClose}>
      <header className="id-head">
        <div className="id-title">
          <h2 className="id-symbol mono">{symbol}</h2>
          <span className="badge">{category}</span>
          <span className="badge badge-danger">not listed</span>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Close history"
          title="Close history (Esc)"
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      <p className="id-meaning muted">
        The last fetch of {category} does not list {symbol}: delisted, or renamed. Its recorded history:
      </p>
      <div className="id-tabpanel">
        <SymbolHistory category={category} symbol={symbol} />
      </div>
    </PanelFrame>
  );
}
