/**
 * Instruments: the specification of every pair of one category (or all five), fetched from the
 * exchange and browsed client side.
 */
import { useCallback, useMemo, useRef } from 'react';
import { ErrorPanel } from '../components/ErrorPanel';
import { ScreenHeader } from '../components/ScreenHeader';
import { ChangesSinceSeen } from '../instruments/ChangesSinceSeen';
import { InstrumentBrowser } from '../instruments/InstrumentBrowser';
import { useInstrumentBrowser } from '../instruments/prefs';
import { SourceControls } from '../instruments/SourceControls';
import { UpdatedAgo } from '../instruments/UpdatedAgo';
import { useInstruments } from '../instruments/use-instruments';
import { useRowMarks } from '../changes/queries';
import '../instruments/instruments.css';
import { BusyButton } from '../components/BusyButton';

export function InstrumentsScreen() {
  const scope = useInstrumentBrowser((s) => s.scope);
  const exactSymbol = useInstrumentBrowser((s) => s.exactSymbol);
  const setExactSymbol = useInstrumentBrowser((s) => s.setExactSymbol);
  const q = useInstruments(scope, exactSymbol);
  const rowMarks = useRowMarks(scope);
  const refresh = useRef<HTMLButtonElement>(null);
  const refreshButton = useCallback(() => refresh.current, []);
  const scopeLabel = scope === 'ALL' ? 'All categories' : scope;
  const count = q.instruments?.length;

  const subtitle = `${scopeLabel}${exactSymbol ? ` · symbol ${exactSymbol}` : ''}${count !== undefined ? ` · ${count.toLocaleString('en-US')} instruments` : ''}`;
  const emptyHint = useMemo(
    () =>
      exactSymbol ? (
        <>
          The exchange lists no {scope === 'ALL' ? '' : `${scope} `}instrument named{' '}
          <span className="mono">{exactSymbol}</span>.{' '}
          <button type="button" className="button" onClick={() => setExactSymbol('')}>
            Show all symbols
          </button>
        </>
      ) : undefined,
    [exactSymbol, scope, setExactSymbol],
  );

  return (
    <section className="screen instruments-screen" aria-label="Instruments">
      <ScreenHeader title="Instruments" subtitle={subtitle}>
        <ChangesSinceSeen instruments={q.instruments} rowMarks={rowMarks} focusWhenGone={refreshButton} />
        <UpdatedAgo fetchedAt={q.fetchedAt} fetching={q.isFetching} />
        <BusyButton
          ref={refresh}
          onClick={() => void q.refetch()}
          busy={q.isFetching}
          title={`Fetch ${scopeLabel} again from the exchange`}
        >
          <span aria-hidden="true">⟳</span> Refresh
        </BusyButton>
      </ScreenHeader>
      {q.error ? (
        <>
          <div className="ib-toolbar">
            <SourceControls />
          </div>
          <ErrorPanel
            error={q.error}
            onRetry={() => void q.refetch()}
            title={`Could not load ${q.failedCategory ?? scopeLabel} instruments`}
          />
        </>
      ) : (
        <InstrumentBrowser
          instruments={q.instruments}
          scopeLabel={scopeLabel}
          exportScope={scope === 'ALL' ? 'ALL' : scope}
          sourceControls={<SourceControls />}
          emptyHint={emptyHint}
          rowMarks={rowMarks}
        />
      )}
    </section>
  );
}
