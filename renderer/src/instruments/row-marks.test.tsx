// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Instrument } from '../../../shared/schemas';
import { installFakeDesk } from '../lib/fake-desk';
import { COLUMN_IDS, DEFAULT_VISIBILITY } from './columns';
import { NO_FILTERS } from './filters';
import { ChangesSinceSeen, countMarks } from './ChangesSinceSeen';
import { InstrumentBrowser } from './InstrumentBrowser';
import { useInstrumentBrowser } from './prefs';
import type { RowMark, RowMarks } from './row-marks';

const ROWS = [
  { category: 'SPOT', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'limit_open' },
  { category: 'SPOT', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', status: 'online' },
  { category: 'SPOT', symbol: 'NEWUSDT', baseCoin: 'NEW', quoteCoin: 'USDT', status: 'listed' },
] as unknown as Instrument[];

beforeAll(() => {
  // jsdom lays nothing out: give the grid a viewport so the virtualizer renders rows.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
    configurable: true,
    value: () => ({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 1600,
      bottom: 600,
      width: 1600,
      height: 600,
      toJSON: () => ({}),
    }),
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1600 });
});

beforeEach(() => {
  useInstrumentBrowser.setState({
    sorting: [],
    filters: NO_FILTERS,
    selectedKey: null,
    detailsOpen: false,
    detailTab: 'fields',
    columnVisibility: { ...DEFAULT_VISIBILITY },
    columnOrder: [...COLUMN_IDS],
    columnSizing: {},
  });
  installFakeDesk({
    listChanges: () => ({
      events: [
        {
          id: 'f:0',
          at: 1,
          fetchId: 'f',
          profileId: 'p',
          category: 'SPOT',
          symbol: 'BTCUSDT',
          kind: 'status',
          field: 'status',
          old: 'online',
          new: 'limit_open',
        },
      ],
      next: null,
      total: 1,
      matched: 1,
    }),
  });
});
afterEach(cleanup);

function marks(watched: string[], marked: Record<string, RowMark>): RowMarks {
  return {
    marks: new Map(Object.entries(marked)),
    watched: new Set(watched),
    toggleWatch: vi.fn(),
    markSeen: vi.fn(),
    error: null,
  };
}

function mount(rm: RowMarks) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      {/* As the screen has them: the changes in its header, the browser below. */}
      <ChangesSinceSeen instruments={ROWS} rowMarks={rm} />
      <InstrumentBrowser instruments={ROWS} scopeLabel="SPOT" exportScope="SPOT" rowMarks={rm} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerender: (next: RowMarks) =>
      view.rerender(
        <QueryClientProvider client={qc}>
          <ChangesSinceSeen instruments={ROWS} rowMarks={next} />
          <InstrumentBrowser instruments={ROWS} scopeLabel="SPOT" exportScope="SPOT" rowMarks={next} />
        </QueryClientProvider>,
      ),
  };
}

describe('the grid with change marks', () => {
  it('stars each row, badges the changed ones, and names the Symbol cell by its symbol', () => {
    mount(marks(['SPOT:BTCUSDT'], { 'SPOT:BTCUSDT': 'changed', 'SPOT:NEWUSDT': 'new' }));
    const grid = screen.getByRole('grid');
    expect(within(grid).getByRole('button', { name: 'Stop watching BTCUSDT' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(grid).getByRole('button', { name: 'Watch ETHUSDT' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(grid).getByRole('gridcell', { name: 'BTCUSDT changed watched' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'NEWUSDT new' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: 'ETHUSDT' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Changes since last seen' }).textContent).toMatch(/1 new.*1 changed/);
  });

  it('counts the marks of the rows listed now, and names their categories for Mark all seen', () => {
    const rm = marks([], { 'SPOT:BTCUSDT': 'changed', 'SPOT:NEWUSDT': 'new', 'SPOT:GONEUSDT': 'changed' });
    expect(countMarks(ROWS, rm.marks)).toEqual({ fresh: 1, changed: 1, categories: ['SPOT'] });
    expect(countMarks(undefined, rm.marks)).toEqual({ fresh: 0, changed: 0, categories: [] });
    mount(marks([], { 'SPOT:GONEUSDT': 'changed' }));
    expect(screen.queryByRole('group', { name: 'Changes since last seen' })).toBeNull();
  });

  it('counts each listed mark once, and names the categories in the order of their first mark', () => {
    const rows = [
      ...ROWS,
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      { category: 'USDT-FUTURES', symbol: 'SOL:USDT' },
      { category: 'COIN-FUTURES', symbol: 'BTCUSD' },
      // Listed twice: its mark still counts once.
      { category: 'COIN-FUTURES', symbol: 'BTCUSD' },
    ] as unknown as Instrument[];
    const rm = marks([], {
      'COIN-FUTURES:BTCUSD': 'new',
      'SPOT:GONEUSDT': 'new',
      'SPOT:BTCUSDT': 'changed',
      'USDT-FUTURES:SOL:USDT': 'changed',
      // Not a key of any row: no category, or another category's symbol.
      BTCUSDT: 'new',
      'USDC-FUTURES:BTCUSDT': 'new',
    });
    expect(countMarks(rows, rm.marks)).toEqual({
      fresh: 1,
      changed: 2,
      categories: ['COIN-FUTURES', 'SPOT', 'USDT-FUTURES'],
    });
  });

  it('toggles a star by click or W, without a handler per row', () => {
    const rm = marks([], {});
    mount(rm);
    const grid = screen.getByRole('grid');
    fireEvent.click(within(grid).getByRole('button', { name: 'Watch ETHUSDT' }));
    expect(rm.toggleWatch).toHaveBeenCalledWith('SPOT', 'ETHUSDT');
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: 'w' });
    expect(rm.toggleWatch).toHaveBeenLastCalledWith('SPOT', 'BTCUSDT');
  });

  it('filters to watched or changed rows', () => {
    mount(marks(['SPOT:ETHUSDT'], { 'SPOT:NEWUSDT': 'new', 'SPOT:BTCUSDT': 'changed' }));
    fireEvent.click(screen.getByLabelText(/^Watched/));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 1 of 3 instruments');
    fireEvent.click(screen.getByLabelText(/^Watched/));
    fireEvent.click(screen.getByLabelText(/^Changed/));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 2 of 3 instruments');
  });

  it('marks a row seen when its details open, and marks all seen on request', () => {
    const rm = marks([], { 'SPOT:BTCUSDT': 'changed' });
    mount(rm);
    act(() => useInstrumentBrowser.setState({ selectedKey: 'SPOT:BTCUSDT', detailsOpen: true }));
    expect(rm.markSeen).toHaveBeenCalledWith('SPOT', ['BTCUSDT']);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all seen' }));
    expect(rm.markSeen).toHaveBeenLastCalledWith('SPOT');
  });

  it('shows the History tab of the selected instrument', async () => {
    mount(marks([], {}));
    act(() => useInstrumentBrowser.getState().openInstrument('SPOT', 'BTCUSDT', 'history'));
    const panel = screen.getByRole('complementary', { name: 'Details of BTCUSDT' });
    const tab = within(panel).getByRole('tab', { name: 'History' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab);
    await within(panel).findByText('status online → limit_open');
    fireEvent.keyDown(tab, { key: 'ArrowLeft' });
    expect(within(panel).getByRole('tab', { name: 'Fields' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Copy all fields as JSON' })).toBeTruthy();
  });

  it('keeps the history of a symbol the last fetch no longer lists', async () => {
    mount(marks([], {}));
    act(() => useInstrumentBrowser.getState().openInstrument('SPOT', 'DOGEUSDT', 'history'));
    const panel = screen.getByRole('complementary', { name: 'History of DOGEUSDT' });
    expect(document.activeElement).toBe(panel);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
