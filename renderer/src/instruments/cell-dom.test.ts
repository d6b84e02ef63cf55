// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { writeCell, writeParts, type CellView } from './cell-dom';

const badge = (text: string, tone: string, title?: string): CellView => ({
  className: 'ig-cell',
  describedBy: `g-st-${text}`,
  parts: [{ tag: 'span', className: `badge badge-${tone}`, text, attrs: { title } }],
});

/** The mutations `write` makes to `el`, as MutationObserver reports them. */
function mutationsOf(el: Element, write: () => void): MutationRecord[] {
  const observer = new MutationObserver(() => {});
  observer.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  write();
  const records = observer.takeRecords();
  observer.disconnect();
  return records;
}

describe('writeCell', () => {
  it('writes the class, the ARIA attributes, the tooltip and the content', () => {
    const el = document.createElement('div');
    writeCell(el, {
      className: 'ig-cell clip',
      label: 'BTCUSDT watched',
      title: 'BTCUSDT',
      parts: [
        {
          tag: 'button',
          className: 'ig-star is-on',
          attrs: { 'aria-pressed': 'true', 'aria-label': 'Stop watching BTCUSDT' },
        },
        { tag: 'span', className: 'ig-symbol', text: 'BTCUSDT' },
      ],
    });
    expect(el.outerHTML).toBe(
      '<div class="ig-cell clip" aria-label="BTCUSDT watched" title="BTCUSDT">' +
        '<button type="button" class="ig-star is-on" aria-pressed="true" aria-label="Stop watching BTCUSDT"></button>' +
        '<span class="ig-symbol">BTCUSDT</span></div>',
    );
  });

  it('changes only what differs: the same nodes get their new texts', () => {
    const el = document.createElement('div');
    writeCell(el, badge('Online', 'ok'));
    const span = el.firstChild!;
    const text = span.firstChild!;
    const records = mutationsOf(el, () => writeCell(el, badge('Offline', 'danger')));
    expect(el.firstChild).toBe(span);
    expect(span.firstChild).toBe(text);
    expect(el.innerHTML).toBe('<span class="badge badge-danger">Offline</span>');
    expect(el.getAttribute('aria-describedby')).toBe('g-st-Offline');
    // The badge's class and text, and the cell's description: nothing else.
    expect(records.map((r) => r.attributeName ?? r.type).sort()).toEqual([
      'aria-describedby',
      'characterData',
      'class',
    ]);
  });

  it('writes nothing when the cell already shows the view', () => {
    const el = document.createElement('div');
    writeCell(el, badge('Online', 'ok', 'Online: trading normally'));
    expect(mutationsOf(el, () => writeCell(el, badge('Online', 'ok', 'Online: trading normally')))).toEqual([]);
  });

  it('takes away a tooltip, a label or an attribute that the new view does not have', () => {
    const el = document.createElement('div');
    writeCell(el, { ...badge('Online', 'ok', 'Online: trading normally'), label: 'x', title: 'y' });
    writeCell(el, badge('Online', 'ok'));
    expect(el.hasAttribute('aria-label')).toBe(false);
    expect(el.hasAttribute('title')).toBe(false);
    expect(el.querySelector('span')!.hasAttribute('title')).toBe(false);
    writeCell(el, {
      className: 'ig-cell',
      parts: [{ tag: 'span', className: 'badge', text: 'x', attrs: { title: 'z' } }],
    });
    writeCell(el, { className: 'ig-cell', parts: [{ tag: 'span', className: 'badge', text: 'x' }] });
    expect(el.querySelector('span')!.hasAttribute('title')).toBe(false);
  });
});

describe('writeParts', () => {
  it('replaces a node of another kind, adds missing ones and removes the ones left over', () => {
    const el = document.createElement('div');
    const pad = (n: number) => ({
      tag: 'span' as const,
      className: 'num-pad',
      text: '0'.repeat(n),
      attrs: { 'aria-hidden': 'true' },
    });
    writeParts(el, ['1.5', pad(2), ' %']);
    expect(el.innerHTML).toBe('1.5<span class="num-pad" aria-hidden="true">00</span> %');
    const first = el.firstChild;
    writeParts(el, ['0.125', ' %']);
    expect(el.innerHTML).toBe('0.125 %');
    expect(el.firstChild).toBe(first);
    writeParts(el, ['12']);
    expect(el.innerHTML).toBe('12');
    writeParts(el, [{ tag: 'span', className: 'ig-warn', text: '⚠' }, '2026-12-01']);
    expect(el.innerHTML).toBe('<span class="ig-warn">⚠</span>2026-12-01');
    writeParts(el, []);
    expect(el.childNodes).toHaveLength(0);
  });

  it('starts afresh in an element it has not written (React replaced it), whatever it holds', () => {
    const el = document.createElement('div');
    el.append('stale', document.createElement('i'));
    writeParts(el, ['BTCUSDT']);
    expect(el.innerHTML).toBe('BTCUSDT');
  });
});
