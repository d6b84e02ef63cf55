// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
  const html = renderToStaticMarkup(
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
    />,
  );

  it('is placed and numbered by its view position, and named by its data row', () => {
    expect(html).toContain('id="g-r1"');
    expect(html).toContain('aria-rowindex="7"');
    expect(html).toContain('data-pos="4"');
    expect(html).toContain(`top:${4 * 24}px`);
    expect(html).toContain('class="ig-row is-selected is-flagged st-offline"');
  });
  it('has tooltips only when asked (the row under the pointer, the selected row)', () => {
    expect(html).not.toContain('title=');
    const tipped = renderToStaticMarkup(
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
        tips
      />,
    );
    expect(tipped).toContain('title="ETHUSDT"');
    expect(tipped).toContain('title="raw: &quot;0.001&quot;"');
  });
  it('draws one cell per column, with its column index', () => {
    expect(html.match(/role="gridcell"/g)).toHaveLength(2);
    expect(html).toContain('aria-colindex="2"');
    expect(html).toContain('>ETHUSDT</span>');
  });
});

describe('a number cell padded to its column', () => {
  const ds = buildDataset(
    [
      { makerFeeRate: '0.0002', minOrderQty: '5' },
      { makerFeeRate: '0.00015', minOrderQty: '0.125' },
    ].map((fields, i) => ({
      category: 'SPOT',
      symbol: `S${i}USDT`,
      status: 'online',
      ...fields,
    })) as unknown as Instrument[],
  );
  // The columns' widest parts as number-cells.ts counts them: "0.015 %" and "0.125".
  const fee = cellColumn('makerFeeRate', 'Maker fee', 'percent', 1, 0, 120, false, {
    head: 1,
    frac: 4,
    tail: 2,
    word: 0,
  });
  const qty = cellColumn('minOrderQty', 'Min order qty', 'number', 2, 120, 100, false, {
    head: 1,
    frac: 4,
    tail: 0,
    word: 0,
  });
  const cells = (row: number) => {
    const host = document.createElement('div');
    host.innerHTML = renderToStaticMarkup(
      <GridRow
        ds={ds}
        row={row}
        pos={row}
        selected={false}
        columns={[fee, qty]}
        width={220}
        now={0}
        idPrefix="g"
        seeking={false}
        paneShown={false}
      />,
    );
    return [...host.querySelectorAll<HTMLElement>('[role="gridcell"]')];
  };

  it('keeps a full number as it is', () => {
    for (const c of cells(1)) {
      expect(c.childNodes).toHaveLength(1);
      expect(c.style.paddingRight).toBe('');
    }
    expect(cells(1).map((c) => c.textContent)).toEqual(['0.015 %', '0.125']);
  });
  it('pads the end of a shorter number with its room, not with elements', () => {
    // "5" lacks ".125": four digits' room after it, so its last digit sits where "0.125"'s does.
    const c = cells(0)[1]!;
    expect(c.textContent).toBe('5');
    expect(c.childNodes).toHaveLength(1);
    expect(c.style.paddingRight).toBe('calc(var(--ig-cell-padding-x) + 4ch)');
  });
  it('pads inside a number with a tail: invisible digits before " %", left out of what is read', () => {
    const c = cells(0)[0]!;
    expect([...c.childNodes].map((n) => n.textContent)).toEqual(['0.02', '0', ' %']);
    expect(c.querySelector('.num-pad')?.getAttribute('aria-hidden')).toBe('true');
    expect(c.style.paddingRight).toBe('');
  });
});
