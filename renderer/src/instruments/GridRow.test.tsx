import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Instrument } from '../../../shared/schemas';
import { buildDataset } from './dataset';
import { cellColumn, flowColumns, GridRow } from './GridRow';

describe('cell columns', () => {
  const symbol = cellColumn('symbol', 'Symbol', 'text', 1, 0, 140, true);
  const base = cellColumn('baseCoin', 'Base', 'text', 2, 140, 60, false);
  const fee = cellColumn('makerFeeRate', 'Maker fee', 'percent', 9, 900, 80, false);
  const taker = cellColumn('takerFeeRate', 'Taker fee', 'percent', 10, 980, 80, false);

  it('places contiguous cells one after the other, and a gap as the next cell’s left margin', () => {
    expect(flowColumns([symbol, base]).map((c) => c.cellStyle)).toEqual([{ width: 140 }, { width: 60 }]);
    // Scrolled sideways: the pinned Symbol, then the columns in view further right.
    expect(flowColumns([symbol, fee, taker]).map((c) => c.cellStyle)).toEqual([
      { width: 140 },
      { width: 80, marginLeft: 760 },
      { width: 80 },
    ]);
    // Header cells keep their absolute offsets.
    expect(fee.style).toEqual({ left: 900, width: 80 });
  });

  it('gives each cell its room and font, for the clip decision', () => {
    // 80 px less 17 px of padding and border.
    expect(fee.contentPx).toBe(63);
    expect(fee.face).toBe('mono');
    expect(fee.clipClassName).toBe('ig-cell num clip');
    expect(base.face).toBe('sans');
  });
});

describe('a row while the grid seeks (scrolls faster than a page per frame)', () => {
  const ds = buildDataset([{ category: 'SPOT', symbol: 'BTCUSDT', status: 'online' }] as unknown as Instrument[]);
  const symbol = cellColumn('symbol', 'Symbol', 'text', 1, 0, 140, true);
  const row = (paneShown: boolean) =>
    renderToStaticMarkup(
      <GridRow
        ds={ds}
        row={0}
        pos={0}
        selected={false}
        columns={[symbol]}
        width={140}
        now={0}
        idPrefix="g"
        seeking
        paneShown={paneShown}
      />,
    );

  it('shows its symbol at the left edge, where no pinned pane covers it', () => {
    expect(row(false)).toContain('>BTCUSDT</div>');
  });
  it('leaves the symbol to the pinned pane when the grid is scrolled sideways', () => {
    expect(row(true)).not.toContain('BTCUSDT');
  });
});
