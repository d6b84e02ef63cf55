import { describe, expect, it } from 'vitest';
import css from './instruments.css?raw';
import {
  BADGE_CHROME_PX,
  cellColumn,
  CELL_CHROME_PX,
  FIRST_BODY_ARIA_ROWINDEX,
  flowColumns,
  GRID_CSS_VARS,
  HEADER_HEIGHT,
  HEADER_ROW_COUNT,
  renderedPositions,
  ROW_HEIGHT,
} from './grid-layout';
import { TABLE_COLUMNS } from './table-columns';

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

describe('the grid’s sizes', () => {
  it('are the sizes the grid has always had', () => {
    expect([ROW_HEIGHT, HEADER_HEIGHT, CELL_CHROME_PX, BADGE_CHROME_PX]).toEqual([24, 56, 17, 12]);
  });

  it('count the header rows in aria-rowindex: TABLE_COLUMNS is groups of leaf columns', () => {
    expect(TABLE_COLUMNS.every((g) => 'columns' in g && g.columns?.every((c) => !('columns' in c)))).toBe(true);
    expect(HEADER_ROW_COUNT).toBe(2);
    expect(FIRST_BODY_ARIA_ROWINDEX).toBe(3);
  });
});

/** The stylesheet's rules, selector → property → value (later declarations win, as in CSS). */
function cssRules(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  const uncommented = text.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of uncommented.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const selector of selectors!.split(',').map((s) => s.trim().replace(/\s+/g, ' '))) {
      const decls = rules.get(selector) ?? new Map<string, string>();
      for (const decl of body!.split(';')) {
        const colon = decl.indexOf(':');
        if (colon > 0)
          decls.set(
            decl.slice(0, colon).trim(),
            decl
              .slice(colon + 1)
              .trim()
              .replace(/\s+/g, ' '),
          );
      }
      rules.set(selector, decls);
    }
  }
  return rules;
}

describe('instruments.css and grid-layout.ts', () => {
  const rules = cssRules(css);
  const declared = Object.keys(GRID_CSS_VARS);

  /** Every declaration that must follow the script's sizes. */
  const SIZED: ReadonlyArray<[selector: string, property: string, value: string]> = [
    ['.ig-scroll', 'font-size', 'var(--ig-text-size)'],
    ['.ig-group-row', 'height', 'var(--ig-group-row-height)'],
    ['.ig-leaf-row', 'height', 'var(--ig-leaf-row-height)'],
    ['.ig-row', 'height', 'var(--ig-row-height)'],
    ['.ig-row', 'border-bottom', 'var(--ig-row-border) solid var(--border)'],
    ['.ig-cell', 'height', 'var(--ig-cell-height)'],
    ['.ig-cell', 'line-height', 'var(--ig-cell-height)'],
    ['.ig-cell', 'padding', '0 var(--ig-cell-padding-x)'],
    ['.ig-cell', 'border-right', 'var(--ig-cell-border) solid var(--border-faint)'],
    ['.ig-cell.num', 'font-size', 'var(--ig-mono-size)'],
    ['.ig-cell.time', 'font-size', 'var(--ig-mono-size)'],
    ['.ig-symbol', 'font-size', 'var(--ig-mono-size)'],
    ['.ig-cell .badge', 'font-size', 'var(--ig-badge-size)'],
    ['.ig-cell .badge', 'padding', '0 var(--ig-badge-padding-x)'],
    ['.ig-pin', 'height', 'var(--ig-row-height)'],
    ['.ig-pin', 'line-height', 'var(--ig-cell-height)'],
    ['.ig-pin', 'padding', '0 var(--ig-cell-padding-x)'],
    ['.ig-pin', 'border-bottom', 'var(--ig-row-border) solid var(--border)'],
    ['.ig-pin', 'border-right', 'var(--ig-cell-border) solid var(--border-strong)'],
    ['.ig-empty', 'inset', 'var(--ig-header-height) 0 0 0'],
    ['.ig-th', 'font-size', 'var(--ig-header-text-size)'],
    ['.ig-sort', 'padding', '0 var(--ig-header-padding-x)'],
  ];

  it('sizes rows, cells, fonts and the header with the variables the script sets', () => {
    for (const [selector, property, value] of SIZED) {
      expect(rules.get(selector)?.get(property), `${selector} { ${property} }`).toBe(value);
    }
  });

  it('reads only variables the script sets, and the script sets none that is unused', () => {
    const used = new Set([...css.matchAll(/var\((--ig-[\w-]+)/g)].map((m) => m[1]!));
    expect([...used].filter((v) => !declared.includes(v))).toEqual([]);
    expect(declared.filter((v) => !used.has(v))).toEqual([]);
    // The stylesheet never sets them itself (a second source of the same numbers).
    expect(css).not.toMatch(/--ig-[\w-]+\s*:/);
  });

  it('keeps no hard-coded copy of a size in the rules those sizes govern', () => {
    const values = new Set(Object.values(GRID_CSS_VARS));
    // A 1 px nudge of the badge's baseline, and the header's borders: not the body rows' border.
    const unrelated = new Set(['.ig-cell .badge vertical-align', '.ig-th border-bottom', '.ig-th border-right']);
    for (const selector of new Set(SIZED.map(([s]) => s))) {
      for (const [property, value] of rules.get(selector) ?? []) {
        if (unrelated.has(`${selector} ${property}`)) continue;
        const copies = (value.match(/-?[\d.]+px/g) ?? []).filter((v) => values.has(v));
        expect(copies, `${selector} { ${property}: ${value} }`).toEqual([]);
      }
    }
  });
});

describe('rendered rows', () => {
  it('always fills every slot from the first row in view, fewer only at the end of the list', () => {
    expect(renderedPositions(10, 6, 1000, false)).toEqual([10, 11, 12, 13, 14, 15]);
    // Near the end the window moves up so that every slot stays in use.
    expect(renderedPositions(997, 6, 1000, false)).toEqual([994, 995, 996, 997, 998, 999]);
    expect(renderedPositions(0, 6, 4, false)).toEqual([0, 1, 2, 3]);
    expect(renderedPositions(0, 0, 4, false)).toEqual([]);
  });
  it('draws rows in view order at rest and in slot order while scrolling, so a scroll moves no row', () => {
    expect(renderedPositions(10, 6, 1000, true)).toEqual([12, 13, 14, 15, 10, 11]);
    // One row further: the same slots in the same DOM order, one of them refilled (10 → 16).
    const next = renderedPositions(11, 6, 1000, true);
    expect(next).toEqual([12, 13, 14, 15, 16, 11]);
    expect(next.map((p) => p % 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
