import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '../components/ScreenHeader';
import { ErrorPanel } from '../components/ErrorPanel';
import { call } from '../lib/desk';

const COLUMNS = [
  ['symbol', 'Symbol'],
  ['baseCoin', 'Base'],
  ['quoteCoin', 'Quote'],
  ['status', 'Status'],
  ['minOrderAmount', 'Min order amount'],
  ['pricePrecision', 'Price precision'],
  ['quantityPrecision', 'Quantity precision'],
  ['makerFeeRate', 'Maker fee'],
  ['takerFeeRate', 'Taker fee'],
] as const;

export function InstrumentsScreen() {
  const q = useQuery({ queryKey: ['instruments', 'SPOT'], queryFn: () => call('listInstruments', { category: 'SPOT' }) });
  return (
    <section className="screen" aria-label="Instruments">
      <ScreenHeader title="Instruments" subtitle={q.data ? `SPOT · ${q.data.instruments.length} pairs` : 'SPOT'} />
      {q.isError ? <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title="Could not load instruments" /> : null}
      {q.isPending ? <p role="status">Loading instruments…</p> : null}
      {q.data ? (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {q.data.instruments.map((i) => (
                <tr key={i.symbol}>
                  {COLUMNS.map(([key]) => (
                    <td key={key}>{i[key] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
