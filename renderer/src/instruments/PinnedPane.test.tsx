// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { Instrument } from '../../../shared/schemas';
import { buildDataset } from './dataset';
import { PinnedPane } from './PinnedPane';

describe('the pinned pane', () => {
  const ds = buildDataset([
    { category: 'SPOT', symbol: 'BTCUSDT', status: 'online' },
    { category: 'SPOT', symbol: 'ETHUSDT', status: 'online' },
    { category: 'SPOT', symbol: 'SOLUSDT', status: 'offline' },
  ] as unknown as Instrument[]);
  // Rendered into the DOM: the symbols are written there once the pane is committed (cell-dom.ts).
  const pane = (seeking: boolean) =>
    render(
      <PinnedPane
        ds={ds}
        order={Int32Array.from([2, 0, 1])}
        positions={[1, 2]}
        slotCount={2}
        selectedPos={2}
        width={140}
        height={72}
        now={0}
        seeking={seeking}
      />,
    ).container.innerHTML;

  it('draws the symbols of the rendered view positions, where their rows are', () => {
    const html = pane(false);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/class="ig-pin odd" style="top: 24px;" data-pos="1"><span class="ig-symbol">BTCUSDT</);
    expect(html).toMatch(/class="ig-pin is-selected" style="top: 48px;" data-pos="2"><span class="ig-symbol">ETHUSDT</);
    expect(html).not.toContain('SOLUSDT');
  });
  it('draws plain symbols while the grid seeks', () => {
    expect(pane(true)).toContain('data-pos="1">BTCUSDT</div>');
  });
});
