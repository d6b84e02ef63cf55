import { describe, expect, it } from 'vitest';
import { filterColumns, moveWithinGroup } from './ColumnChooser';
import { COLUMN_IDS } from './columns';
import { completeColumnOrder, MAX_COLUMN_WIDTH, sanitizeLayout } from './prefs';

describe('sanitizeLayout', () => {
  it('keeps well-formed stored layout', () => {
    const out = sanitizeLayout({
      scope: 'USDT-FUTURES',
      sorting: [{ id: 'maxLeverage', desc: true }],
      columnVisibility: { takerFeeRate: false },
      columnSizing: { symbol: 150 },
      columnOrder: COLUMN_IDS,
    });
    expect(out.scope).toBe('USDT-FUTURES');
    expect(out.sorting).toEqual([{ id: 'maxLeverage', desc: true }]);
    expect(out.columnVisibility?.takerFeeRate).toBe(false);
    expect(out.columnSizing).toEqual({ symbol: 150 });
    expect(out.columnOrder).toEqual(COLUMN_IDS);
  });
  it('drops what is unknown or malformed', () => {
    const out = sanitizeLayout({
      scope: 'FOREX',
      sorting: [{ id: 'gone', desc: true }, { id: 'symbol', desc: 'yes' }, 'x'],
      columnVisibility: { gone: false, symbol: 'no' },
      columnSizing: { symbol: 99999, gone: 10, baseCoin: 'wide' },
    });
    expect(out.scope).toBeUndefined();
    expect(out.sorting).toEqual([]);
    expect(out.columnVisibility?.gone).toBeUndefined();
    expect(out.columnVisibility?.symbol).toBeUndefined();
    expect(out.columnSizing).toEqual({ symbol: MAX_COLUMN_WIDTH });
    expect(sanitizeLayout('garbage')).toEqual({});
    expect(sanitizeLayout(null)).toEqual({});
  });
  it('completes a stored column order with new columns and drops removed ones', () => {
    const stored = ['gone', ...COLUMN_IDS.filter((id) => id !== 'takerFeeRate')];
    const order = completeColumnOrder(stored);
    expect(order).toHaveLength(COLUMN_IDS.length);
    expect(order.indexOf('takerFeeRate')).toBe(order.indexOf('makerFeeRate') + 1);
  });
});

describe('moveWithinGroup', () => {
  it('moves a column within its group and not past its edges', () => {
    const order = [...COLUMN_IDS];
    const moved = moveWithinGroup(order, 'takerFeeRate', -1);
    expect(moved.indexOf('takerFeeRate')).toBe(order.indexOf('makerFeeRate'));
    expect(moveWithinGroup(order, 'makerFeeRate', -1)).toEqual(order);
    expect(moveWithinGroup(order, 'symbol', -1)).toEqual(order);
  });
});

describe('filterColumns', () => {
  it('keeps the columns whose name holds every word typed, in order', () => {
    expect(filterColumns(COLUMN_IDS, 'FEE')).toEqual(['makerFeeRate', 'takerFeeRate', 'feeRateUpRatio']);
    expect(filterColumns(COLUMN_IDS, ' max  lev ')).toEqual([
      'maxLeverage',
      'maxCrossedLeverage',
      'maxIsolatedLeverage',
    ]);
    expect(filterColumns(COLUMN_IDS, '')).toEqual([...COLUMN_IDS]);
    expect(filterColumns(COLUMN_IDS, 'nothing like it')).toEqual([]);
  });
});
