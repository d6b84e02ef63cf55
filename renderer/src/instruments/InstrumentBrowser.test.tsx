// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Instrument } from '../../../shared/schemas';
import { useUi } from '../app/store';
import { NO_FILTERS } from './filters';
import { InstrumentBrowser } from './InstrumentBrowser';
import { useInstrumentBrowser } from './prefs';
import { COLUMN_IDS, DEFAULT_VISIBILITY } from './columns';
import type * as GridCells from './grid-cells';

/** The data rows whose cells were described (cellView) since the last reset: the rows re-rendered. */
const described = vi.hoisted(() => new Set<number>());
vi.mock('./grid-cells', async (importOriginal) => {
  const actual = await importOriginal<typeof GridCells>();
  return {
    ...actual,
    cellView: (...args: Parameters<typeof actual.cellView>) => {
      described.add(args[2]);
      return actual.cellView(...args);
    },
  };
});

const ROWS = [
  {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    status: 'online',
    maxLeverage: '150',
    type: 'perpetual',
    makerFeeRate: '0.0002',
  },
  {
    category: 'USDT-FUTURES',
    symbol: 'DOGEUSDT',
    baseCoin: 'DOGE',
    quoteCoin: 'USDT',
    status: 'limit_open',
    maxLeverage: '20',
    type: 'perpetual',
    offTime: '-1',
  },
  { category: 'SPOT', symbol: 'ETHBTC', baseCoin: 'ETH', quoteCoin: 'BTC', status: 'online', newFieldExample: 'alpha' },
  {
    category: 'USDT-FUTURES',
    symbol: 'ETHUSDT',
    baseCoin: 'ETH',
    quoteCoin: 'USDT',
    status: 'offline',
    maxLeverage: '100',
    type: 'delivery',
  },
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
    columnVisibility: { ...DEFAULT_VISIBILITY },
    columnOrder: [...COLUMN_IDS],
    columnSizing: {},
  });
});
afterEach(cleanup);

const grid = () => screen.getByRole('grid', { name: 'Instruments: Test' });
const bodyRows = () => within(within(grid()).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const symbols = () => bodyRows().map((r) => r.querySelector('[aria-colindex="1"]')?.textContent);
const mount = () => render(<InstrumentBrowser instruments={ROWS} scopeLabel="Test" exportScope="TEST" />);
/** A refresh whose answer no longer lists DOGEUSDT (the row selected in the focus tests). */
const withoutDoge = (view: ReturnType<typeof mount>) =>
  view.rerender(
    <InstrumentBrowser
      instruments={ROWS.filter((r) => r.symbol !== 'DOGEUSDT')}
      scopeLabel="Test"
      exportScope="TEST"
    />,
  );

describe('InstrumentBrowser', () => {
  it('renders the rows in the exchange order with grouped, sortable headers', () => {
    mount();
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 4 of 4 instruments');
    expect(symbols()).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHBTC', 'ETHUSDT']);
    expect(within(grid()).getByRole('columnheader', { name: 'Limits' })).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: 'Max leverage' }).getAttribute('aria-sort')).toBe('none');
    // Statuses in words; the meaning and the exchange's code describe the cell.
    const badge = within(bodyRows()[1]!).getByText('Limit open').closest('.badge')!;
    fireEvent.pointerMove(badge);
    expect(badge.getAttribute('title')).toMatch(/opening positions is restricted.*limit_open/);
    const description = document.getElementById(badge.closest('[role="gridcell"]')!.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('Limit open: opening positions is restricted (exchange code: limit_open)');
    expect(bodyRows()[1]!.className).toContain('is-flagged');
  });

  it('gives tooltips to the row under the pointer and to the selected row only', () => {
    mount();
    const titled = () => bodyRows().map((r) => r.querySelectorAll('[title]').length > 0);
    expect(titled()).toEqual([false, false, false, false]);
    fireEvent.pointerMove(within(bodyRows()[2]!).getByText('ETHBTC'));
    expect(titled()).toEqual([false, false, true, false]);
    // The status badge and the star say what they are; the symbol cell names its row.
    expect(bodyRows()[2]!.querySelector('.badge')?.getAttribute('title')).toMatch(/exchange code: online/);
    expect(bodyRows()[2]!.querySelector('[aria-colindex="1"]')?.getAttribute('title')).toBe('ETHBTC');
    fireEvent.click(within(bodyRows()[0]!).getByText('BTCUSDT'));
    expect(titled()).toEqual([true, false, true, false]);
    fireEvent.pointerLeave(within(grid()).getAllByRole('rowgroup')[1]!);
    expect(titled()).toEqual([true, false, false, false]);
  });

  it('redraws only the rows that change: the one the pointer enters, none for a search that keeps every row', () => {
    mount();
    described.clear();
    fireEvent.pointerMove(within(bodyRows()[2]!).getByText('ETHBTC'));
    expect([...described]).toEqual([2]);
    described.clear();
    fireEvent.change(screen.getByLabelText('Search symbols'), { target: { value: ' ' } });
    expect(symbols()).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHBTC', 'ETHUSDT']);
    expect([...described]).toEqual([]);
  });

  it('a keystroke in the search changes the search field only, not the menus beside it', () => {
    mount();
    const filters = screen.getByRole('group', { name: 'Filters' });
    const field = screen.getByLabelText('Search symbols').closest('.ib-field')!;
    const observer = new MutationObserver(() => {});
    observer.observe(filters, { subtree: true, childList: true, attributes: true, characterData: true });
    fireEvent.change(screen.getByLabelText('Search symbols'), { target: { value: 'eth' } });
    const outside = observer.takeRecords().filter((r) => !field.contains(r.target));
    observer.disconnect();
    expect(outside.map((r) => `${r.type} ${r.attributeName ?? ''} on ${(r.target as Element).outerHTML}`)).toEqual([]);
    expect(symbols()).toEqual(['ETHBTC', 'ETHUSDT']);
  });

  it('sorts numerically with unset values last, and Shift adds a key', () => {
    mount();
    const maxLeverage = within(grid()).getByRole('button', { name: 'Max leverage' });
    fireEvent.click(maxLeverage);
    expect(within(grid()).getByRole('columnheader', { name: 'Max leverage' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(symbols()).toEqual(['DOGEUSDT', 'ETHUSDT', 'BTCUSDT', 'ETHBTC']);
    fireEvent.click(maxLeverage);
    expect(symbols()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'ETHBTC']);
    fireEvent.click(within(grid()).getByRole('button', { name: 'Status' }), { shiftKey: true });
    expect(useInstrumentBrowser.getState().sorting).toEqual([
      { id: 'maxLeverage', desc: true },
      { id: 'status', desc: false },
    ]);
    // Each header shows its own place among the keys (the headers are memoized on their sort).
    const head = (name: string) => within(grid()).getByRole('columnheader', { name });
    const mark = (name: string) => head(name).querySelector('.ig-sort-mark')?.textContent ?? null;
    expect(mark('Max leverage')).toBe('▼1');
    expect(mark('Status')).toBe('▲2');
    // A plain click on the first key sorts by it alone: the other header loses its mark and its sort.
    fireEvent.click(maxLeverage);
    const [only, ...rest] = useInstrumentBrowser.getState().sorting;
    expect(rest).toEqual([]);
    expect(only?.id).toBe('maxLeverage');
    expect(head('Status').getAttribute('aria-sort')).toBe('none');
    expect(mark('Status')).toBeNull();
    expect(head('Max leverage').getAttribute('aria-sort')).toBe(only?.desc ? 'descending' : 'ascending');
    expect(mark('Max leverage')).toBe(only?.desc ? '▼' : '▲');
  });

  it('searches instantly and offers to clear filters when nothing matches', () => {
    mount();
    fireEvent.change(screen.getByLabelText('Search symbols'), { target: { value: 'eth' } });
    expect(symbols()).toEqual(['ETHBTC', 'ETHUSDT']);
    fireEvent.change(screen.getByLabelText('Search symbols'), { target: { value: 'nothing' } });
    expect(screen.getByRole('heading', { name: 'No instruments match' })).toBeTruthy();
    // The empty state (the other status region announces watch toggles).
    const empty = screen
      .getByRole('heading', { name: 'No instruments match' })
      .closest<HTMLElement>('[role="status"]')!;
    fireEvent.click(within(empty).getByRole('button', { name: 'Show all instruments' }));
    expect(symbols()).toHaveLength(4);
  });

  it('filters by status, futures type and restrictions', () => {
    mount();
    fireEvent.change(screen.getByLabelText('Status', { selector: 'select' }), { target: { value: 'not-online' } });
    expect(symbols()).toEqual(['DOGEUSDT', 'ETHUSDT']);
    fireEvent.change(screen.getByLabelText('Futures type'), { target: { value: 'delivery' } });
    expect(symbols()).toEqual(['ETHUSDT']);
    act(() => useInstrumentBrowser.getState().clearFilters());
    fireEvent.click(screen.getByLabelText('Has restrictions'));
    // DOGEUSDT's offTime is "-1": not configured.
    expect(screen.getByRole('heading', { name: 'No instruments match' })).toBeTruthy();
  });

  it('moves the selection with the keyboard and opens every field in the details', () => {
    mount();
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'End' });
    fireEvent.keyDown(grid(), { key: 'ArrowUp' });
    expect(screen.getByRole('group', { name: 'Selected instrument' }).textContent).toContain('Selected ETHBTC');
    expect(bodyRows()[2]!.getAttribute('aria-selected')).toBe('true');
    expect(grid().getAttribute('aria-activedescendant')).toBe(bodyRows()[2]!.id);
    fireEvent.keyDown(grid(), { key: 'Enter' });
    const panel = screen.getByRole('complementary', { name: 'Details of ETHBTC' });
    const unknown = within(panel).getByRole('table', { name: 'Not in the specification' });
    expect(within(unknown).getByRole('rowheader').textContent).toBe('newFieldExample');
    fireEvent.keyDown(grid(), { key: 'Escape' });
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('says "Copy failed" when no clipboard is available', async () => {
    mount();
    const copy = screen.getByRole('button', { name: 'Copy symbol' });
    // In place before a row is selected (the bar never changes width), but with nothing to copy.
    expect((copy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(bodyRows()[0]!);
    expect((copy as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy.textContent).toMatch(/^(Copied|Copy failed)$/);
  });

  it('hands the selected symbol to the amend desk', () => {
    mount();
    fireEvent.click(bodyRows()[3]!);
    fireEvent.click(screen.getByRole('button', { name: 'Amend an order on this symbol' }));
    expect(useUi.getState().view).toBe('amend');
    expect(useUi.getState().amendPrefill).toMatchObject({ category: 'USDT-FUTURES', symbol: 'ETHUSDT' });
  });

  it('gives the focus to the grid when a refresh takes away the row whose action had it', () => {
    const view = mount();
    fireEvent.click(bodyRows()[1]!);
    const copy = screen.getByRole('button', { name: 'Copy symbol' });
    copy.focus();
    expect(document.activeElement).toBe(copy);
    // The next fetch no longer lists DOGEUSDT: the bar's buttons go disabled under the focus.
    withoutDoge(view);
    expect(screen.getByRole('group', { name: 'Selected instrument' }).textContent).toContain('No row selected');
    expect((copy as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(grid());
  });

  it('leaves the focus where it is when the selection goes while the operator is elsewhere', () => {
    const view = mount();
    fireEvent.click(bodyRows()[1]!);
    const search = screen.getByLabelText('Search symbols');
    search.focus();
    withoutDoge(view);
    expect(document.activeElement).toBe(search);
  });

  it('shows skeleton rows while loading', () => {
    render(<InstrumentBrowser instruments={undefined} scopeLabel="Test" exportScope="TEST" />);
    expect(grid().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading instruments…')).toBeTruthy();
    expect(grid().querySelectorAll('.ig-skeleton-row').length).toBeGreaterThan(5);
  });
});
