/** What to fetch: the category (or all five) and, optionally, one exact symbol. */
import { useId, useState } from 'react';
import { CATEGORIES } from '../../../shared/schemas';
import { useInstrumentBrowser, type Scope } from './prefs';
import { BusyButton } from '../components/BusyButton';

export const SCOPE_LABELS: Record<Scope, string> = {
  SPOT: 'SPOT',
  MARGIN: 'MARGIN',
  'USDT-FUTURES': 'USDT-FUTURES',
  'COIN-FUTURES': 'COIN-FUTURES',
  'USDC-FUTURES': 'USDC-FUTURES',
  ALL: 'All',
};

export function SourceControls() {
  const scope = useInstrumentBrowser((s) => s.scope);
  const exactSymbol = useInstrumentBrowser((s) => s.exactSymbol);
  const { setScope, setExactSymbol } = useInstrumentBrowser.getState();
  // The box shows the fetched symbol again whenever it changes (submitted here, cleared here or by
  // the empty state's button); typing edits a draft until then. Reset while rendering, as React
  // advises for state that follows a changing value, rather than by an effect (a second commit):
  // `draftOf` is the symbol the draft started from.
  const [draft, setDraft] = useState(exactSymbol);
  const [draftOf, setDraftOf] = useState(exactSymbol);
  if (draftOf !== exactSymbol) {
    setDraftOf(exactSymbol);
    setDraft(exactSymbol);
  }
  const id = useId();

  return (
    <div className="ib-source" role="group" aria-label="Source">
      <span className="ib-field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          {[...CATEGORIES, 'ALL' as const].map((c) => (
            <option key={c} value={c}>
              {SCOPE_LABELS[c]}
            </option>
          ))}
        </select>
      </span>
      <form
        className="ib-field ib-exact"
        onSubmit={(e) => {
          e.preventDefault();
          setExactSymbol(draft.trim().toUpperCase());
        }}
      >
        <label htmlFor={`${id}-symbol`}>Exact symbol</label>
        <span className="ib-exact-row">
          <input
            id={`${id}-symbol`}
            type="text"
            className="mono"
            placeholder="e.g. BTCUSDT"
            value={draft}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
            title="Ask the exchange for this one symbol only (Enter)"
          />
          <BusyButton type="submit" unavailable={draft.trim().toUpperCase() === exactSymbol}>
            Fetch
          </BusyButton>
          {exactSymbol ? (
            <button
              type="button"
              className="icon-button"
              aria-label="Clear symbol"
              title="Clear the exact symbol: fetch every symbol again"
              onClick={() => setExactSymbol('')}
            >
              ✕
            </button>
          ) : null}
        </span>
      </form>
    </div>
  );
}
