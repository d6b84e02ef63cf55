// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render as renderDom } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Instrument } from '../../../shared/schemas';
import { buildDataset } from './dataset';
import { cellColumn } from './grid-layout';
import { GridRow } from './GridRow';

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
    // aria-rowindex counts the two header rows.
    expect(row(false)).toContain('aria-rowindex="3"');
  });
  it('leaves the symbol to the pinned pane when the grid is scrolled sideways', () => {
    expect(row(true)).not.toContain('BTCUSDT');
  });
});

describe('a row', () => {
  const ds = buildDataset([
    { category: 'SPOT', symbol: 'BTCUSDT', status: 'online', makerFeeRate: '0.0002' },
    { category: 'SPOT', symbol: 'ETHUSDT', status: 'offline', makerFeeRate: '0.001' },
  ] as unknown as Instrument[]);
  const columns = [
    cellColumn('symbol', 'Symbol', 'text', 1, 0, 140, true),
    cellColumn('makerFeeRate', 'Maker fee', 'percent', 2, 140, 80, false),
  ];
  // Rendered into the DOM: what a cell shows is written there once the row is committed (cell-dom.ts).
  const render = (tips?: boolean) =>
    renderDom(
      <GridRow
        ds={ds}
        row={1}
        pos={4}
        selected
        columns={columns}
        width={220}
        now={0}
        idPrefix="g"
        seeking={false}
        paneShown={false}
        tips={tips}
      />,
    ).container.innerHTML;
  const html = render();

  it('is placed and numbered by its view position, and named by its data row', () => {
    expect(html).toContain('id="g-r1"');
    expect(html).toContain('aria-rowindex="7"');
    expect(html).toContain('data-pos="4"');
    expect(html).toContain(`top: ${4 * 24}px`);
    expect(html).toContain('class="ig-row is-selected is-flagged st-offline"');
  });
  it('has tooltips only when asked (the row under the pointer, the selected row)', () => {
    expect(html).not.toContain('title=');
    const tipped = render(true);
    expect(tipped).toContain('title="ETHUSDT"');
    expect(tipped).toContain('title="raw: &quot;0.001&quot;"');
  });
  it('draws one cell per column, with its column index', () => {
    expect(html.match(/role="gridcell"/g)).toHaveLength(2);
    expect(html).toContain('aria-colindex="2"');
    expect(html).toContain('>ETHUSDT</span>');
  });
});
